// Where a request came from (address and browser), available to every audit row written while
// the request is served without passing it through each repository call.
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

export interface RequestOrigin {
  address: string | null;
  browser: string | null;
}

const storage = new AsyncLocalStorage<RequestOrigin>();

/** Browsers' User-Agent strings run to a few hundred characters; anything longer is noise. */
const MAX_BROWSER = 400;

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  address: request.ip || null,
  browser: request.headers['user-agent']?.slice(0, MAX_BROWSER) || null,
});

/** The origin of the request being served, or nothing outside a request (start-up, scripts). */
export const currentOrigin = (): RequestOrigin =>
  storage.getStore() ?? { address: null, browser: null };

export const requestContextPlugin = fp(
  async (app) => {
    // A callback hook: everything after `done` (later hooks, the handler) runs inside `run`.
    app.addHook('onRequest', (request, _reply, done) => {
      storage.run(originOf(request), done);
    });
  },
  { name: 'request-context' },
);
