// Expense types (Settings, paths under /api/expance): the list under both spellings the screens use,
// add, rename, delete (only without entries) and Suspend/Activate; any signed-in user.
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints, messages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { expenseTypes, toggleExpenseTypeStatus } from '../../repositories/expense-types.js';
import { crudRoutes } from '../crud.js';
import { route } from '../route.js';

export const expenseTypeRoutes: FastifyPluginAsync = async (app) => {
  crudRoutes(app, {
    endpoints: {
      list: [endpoints.listExpenseTypes, endpoints.listExpenseTypesForEntries],
      add: endpoints.addExpenseType,
      update: endpoints.updateExpenseType,
      remove: endpoints.deleteExpenseType,
    },
    repository: expenseTypes,
    messages: {
      added: messages.expenseTypeAdded,
      updated: messages.expenseTypeUpdated,
      deleted: apiMessages.expenseTypeDeleted,
      listed: apiMessages.expenseTypesListed,
    },
  });

  route(app, endpoints.toggleExpenseTypeStatus, async (request) => {
    const { id, currentStatus } = request.params;
    const user = await toggleExpenseTypeStatus(app.db, currentUser(request).id, id, currentStatus);
    return { message: apiMessages.expenseTypeUpdatedStatus, user };
  });
};
