// /api/clients: the client list and its changes; any signed-in user.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { clients } from '../../repositories/clients.js';
import { crudRoutes } from '../crud.js';

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
};
