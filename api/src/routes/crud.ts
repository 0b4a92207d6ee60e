// The list/add/update/delete routes that employees, clients and expense types share: the
// descriptions and texts differ, the handlers do not.
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from 'contract';
import { currentUser } from '../plugins/auth.js';
import type { CrudRepository, Fields } from '../repositories/crud.js';
import { route, type EndpointRequest } from './route.js';

export interface CrudRoutes<T extends { id: number }> {
  endpoints: { list: Endpoint[]; add: Endpoint; update: Endpoint; remove: Endpoint };
  repository: CrudRepository<T>;
  messages: { added: string; updated: string; deleted: string; listed?: string };
}

const idOf = (request: EndpointRequest<Endpoint>) => (request.params as { id: number }).id;

export function crudRoutes<T extends { id: number }>(
  app: FastifyInstance,
  options: CrudRoutes<T>,
): void {
  const { endpoints, repository, messages } = options;

  for (const list of endpoints.list) {
    route(app, list, async () => ({
      users: await repository.list(app.db),
      ...(messages.listed ? { message: messages.listed } : {}),
    }));
  }

  route(app, endpoints.add, async (request) => {
    const values = request.body as Partial<Fields<T>>;
    const user = await repository.create(app.db, currentUser(request).id, values);
    return { message: messages.added, user };
  });

  route(app, endpoints.update, async (request) => {
    const values = request.body as Partial<Fields<T>>;
    const user = await repository.update(app.db, currentUser(request).id, idOf(request), values);
    return { message: messages.updated, user };
  });

  route(app, endpoints.remove, async (request) => {
    await repository.remove(app.db, currentUser(request).id, idOf(request));
    return { message: messages.deleted };
  });
}
