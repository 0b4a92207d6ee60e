// /api/clients: the client list and its changes; any signed-in user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientBody, ClientList, ClientMutation, messages } from 'contract';
import { clients } from '../../repositories/clients.js';
import { crudRoutes } from '../crud.js';

export const clientsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'clients',
    noun: 'client',
    paths: {
      list: ['/getClients'],
      add: '/addClient',
      update: '/updateClient/:id',
      remove: '/deleteClient/:id',
    },
    schemas: { body: ClientBody, list: ClientList, mutation: ClientMutation },
    repository: clients,
    messages: {
      added: messages.clientAdded,
      updated: messages.clientUpdated,
      deleted: messages.clientDeleted,
    },
  });
};
