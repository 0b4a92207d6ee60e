// /api/clients: the client list and its changes; any signed-in user.
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints, messages, type Receivables } from 'contract';
import { clients } from '../../repositories/clients.js';
import { receivables } from '../../repositories/receivables.js';
import { todayIn } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import { crudRoutes } from '../crud.js';
import { route } from '../route.js';

export const clientsRoutes: FastifyPluginAsync = async (app) => {
  crudRoutes(app, {
    endpoints: {
      list: [endpoints.listClients],
      add: endpoints.addClient,
      update: endpoints.updateClient,
      remove: endpoints.deleteClient,
    },
    repository: clients,
    messages: {
      added: messages.clientAdded,
      updated: messages.clientUpdated,
      deleted: messages.clientDeleted,
    },
  });

  // Beside the Income form's picker (issue 32): the receivables' own figure for the one client,
  // today; a client who owes nothing and has nothing in credit is not among its rows.
  route(app, endpoints.getClientBalance, async (request) => {
    const { id } = request.params;
    const found = await app.db
      .selectFrom('clients')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw notFound(apiMessages.clientNotFound);
    const aging = JSON.parse(
      await receivables(app.db, todayIn(app.config.timeZone), id),
    ) as Receivables;
    return { clientId: id, balance: aging.rows[0]?.balance ?? 0 };
  });
};
