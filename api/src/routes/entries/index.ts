// The three entry forms: income (/api/incoms: Debit bills the client, Credit records a payment
// received), expenses and salaries (/api/expance). The paths are the spec's, spelling included.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { entryRoute } from './entry-route.js';

export const entriesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    entryRoute({
      kind: 'income',
      endpoint: endpoints.addIncome,
      partyField: 'clientId',
      successMessage: messages.incomeEntryAdded,
    }),
  );
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
