// /api/settings/company: the company details every export header carries (Settings, Company).
// Everyone signed in reads them; admins change them (a viewer gets the contract's 403).
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { cleanLogo } from '../../files/logo.js';
import { getCompany, saveCompany, saveLogo } from '../../repositories/company.js';
import { route } from '../route.js';

export const companyRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getCompany, () => getCompany(app.db));

  route(app, endpoints.saveCompany, async (request) => ({
    message: messages.companySaved,
    company: await saveCompany(app.db, currentUser(request).id, request.body),
  }));

  route(app, endpoints.saveCompanyLogo, async (request) => ({
    message: messages.logoSaved,
    company: await saveLogo(app.db, currentUser(request).id, await cleanLogo(request.body.logo)),
  }));

  route(app, endpoints.removeCompanyLogo, async (request) => ({
    message: messages.logoRemoved,
    company: await saveLogo(app.db, currentUser(request).id, null),
  }));
};
