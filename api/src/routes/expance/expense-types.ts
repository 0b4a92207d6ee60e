// /api/expance expense-type routes (Settings): the list under both spellings the screens use,
// add, rename, delete (only without entries) and Suspend/Activate; any signed-in user.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  apiMessages,
  ExpenseTypeBody,
  ExpenseTypeList,
  ExpenseTypeMutation,
  ExpenseTypeStatusParams,
  messages,
} from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { expenseTypes, toggleExpenseTypeStatus } from '../../repositories/expense-types.js';
import { crudRoutes, errorResponses } from '../crud.js';

export const expenseTypeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, {
    tag: 'expense types',
    noun: 'expense type',
    paths: {
      // Settings asks with a capital E, the entry forms without: both answer the same.
      list: ['/getExpancetype', '/getexpancetype'],
      add: '/addexpancetype',
      update: '/updateexpancetype/:id',
      remove: '/deleteexpance/:id',
    },
    schemas: { body: ExpenseTypeBody, list: ExpenseTypeList, mutation: ExpenseTypeMutation },
    repository: expenseTypes,
    messages: {
      added: messages.expenseTypeAdded,
      updated: messages.expenseTypeUpdated,
      deleted: apiMessages.expenseTypeDeleted,
      listed: apiMessages.expenseTypesListed,
    },
  });

  app.put(
    '/D_A_xpancetype/:id/:currentStatus',
    {
      schema: {
        tags: ['expense types'],
        summary: 'Suspend an Active expense type, or activate any other',
        params: ExpenseTypeStatusParams,
        response: { 200: ExpenseTypeMutation, ...errorResponses },
      },
    },
    async (request) => {
      const { id, currentStatus } = request.params;
      const user = await toggleExpenseTypeStatus(
        app.db,
        currentUser(request).id,
        id,
        currentStatus,
      );
      return { message: apiMessages.expenseTypeUpdatedStatus, user };
    },
  );
};
