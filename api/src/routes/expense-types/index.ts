// Expense types (Settings, paths under /api/expance): the list under both spellings the screens use,
// add, rename, delete (only without entries) and Suspend/Activate; any signed-in user.
import type { FastifyPluginAsync } from 'fastify';
import { apiMessages, endpoints, messages } from 'contract';
import { currentUser } from '../../plugins/auth.js';
import { expenseTypes, toggleExpenseTypeStatus } from '../../repositories/expense-types.js';
import { crudRoutes } from '../crud.js';
import { budgetsForMonth } from '../../repositories/budgets.js';
import { todayIn } from '../../lib/dates.js';
import { route } from '../route.js';

export const expenseTypeRoutes: FastifyPluginAsync = async (app) => {
  crudRoutes(app, {
    endpoints: {
      list: [endpoints.listExpenseTypes, endpoints.listExpenseTypesForEntries],
      add: endpoints.addExpenseType,
      update: endpoints.updateExpenseType,
      remove: endpoints.deleteExpenseType,
    },
    // The list carries each type's budget for this month, where it has one (issue 34).
    repository: {
      ...expenseTypes,
      async list(db) {
        const [types, budgets] = await Promise.all([
          expenseTypes.list(db),
          budgetsForMonth(db, todayIn(app.config.timeZone).slice(0, 7)),
        ]);
        return types.map((type) => {
          const budget = budgets.get(type.id);
          return budget === undefined ? type : { ...type, monthlyBudget: budget };
        });
      },
    },
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
