// /api/setup (issue 42): the set-up list of a new office, read by anyone signed in; each screen
// it links to decides what the user may change there.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from 'contract';
import { route } from '../routes/route.js';
import { setupStatus } from './status.js';

export const setupRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.getSetup, () => setupStatus(app.db));
};
