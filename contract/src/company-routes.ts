// The browser's half of the calls of company.ts (`Route`: method, path, access,
// topics, texts), which spreads each route into its schemas. No schema is built or imported here.
import { messages } from './messages.js';
import { defineRoute as route, type EndpointTexts } from './endpoint.js';

export const texts = (failure: string, error = failure): EndpointTexts => ({ failure, error });

export const companyRoutes = {
  getCompany: route({
    method: 'GET',
    path: '/settings/company',
    reads: ['settings'],
    access: 'signedIn',
    texts: texts(messages.failedLoadCompany, messages.errorLoadingCompany),
  }),
  saveCompany: route({
    method: 'PUT',
    path: '/settings/company',
    changes: ['settings', 'activity'],
    access: 'admin',
    texts: texts(messages.failedSaveCompany, messages.errorSavingCompany),
  }),
  saveCompanyLogo: route({
    method: 'PUT',
    path: '/settings/company/logo',
    changes: ['settings', 'activity'],
    access: 'admin',
    texts: texts(messages.failedSaveLogo, messages.errorSavingLogo),
  }),
  removeCompanyLogo: route({
    method: 'DELETE',
    path: '/settings/company/logo',
    changes: ['settings', 'activity'],
    access: 'admin',
    texts: texts(messages.failedSaveLogo, messages.errorSavingLogo),
  }),
};
