// /api/expance: expense types (Settings) and the expense and salary entry forms. The paths are
// the spec's, spelling included.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ExpenseEntryBody, messages, SalaryEntryBody } from 'contract';
import { entryRoute } from '../entry-route.js';
import { expenseTypeRoutes } from './expense-types.js';

export const expanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(expenseTypeRoutes);
  await app.register(
    entryRoute({
      kind: 'expense',
      path: '/addexpance',
      body: ExpenseEntryBody,
      partyField: 'expanceTypeId',
      summary: 'Record an expense (Credit only, Active expense types only)',
      successMessage: messages.expenseEntryAdded,
    }),
  );
  await app.register(
    entryRoute({
      kind: 'salary',
      path: '/addsalery',
      body: SalaryEntryBody,
      partyField: 'employeeId',
      summary: 'Record a salary payment (Credit only)',
      successMessage: messages.salaryEntryAdded,
    }),
  );
};
