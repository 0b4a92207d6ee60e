// /api/expance: expense types (Settings) and the expense and salary entry forms. The paths are
// the spec's, spelling included.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { entryRoute } from '../entry-route.js';
import { expenseTypeRoutes } from './expense-types.js';

export const expanceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(expenseTypeRoutes);
  await app.register(
    entryRoute({
      kind: 'expense',
      endpoint: endpoints.addExpense,
      partyField: 'expanceTypeId',
      successMessage: messages.expenseEntryAdded,
    }),
  );
  await app.register(
    entryRoute({
      kind: 'salary',
      endpoint: endpoints.addSalary,
      partyField: 'employeeId',
      successMessage: messages.salaryEntryAdded,
    }),
  );
};
