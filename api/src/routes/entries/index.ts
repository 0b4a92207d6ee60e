// The three entry forms: income (/api/incoms: Debit bills the client, Credit records a payment
// received), expenses and salaries (/api/expance). The paths are the spec's, spelling included.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, messages } from 'contract';
import { named } from '../../lib/named-plugin.js';
import { entryRoute } from './entry-route.js';

export const entriesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(
    named(
      entryRoute({
        kind: 'income',
        endpoint: endpoints.addIncome,
        partyField: 'clientId',
        successMessage: messages.incomeEntryAdded,
      }),
      'income-entry-routes',
    ),
  );
  await app.register(
    named(
      entryRoute({
        kind: 'expense',
        endpoint: endpoints.addExpense,
        partyField: 'expanceTypeId',
        successMessage: messages.expenseEntryAdded,
      }),
      'expense-entry-routes',
    ),
  );
  await app.register(
    named(
      entryRoute({
        kind: 'salary',
        endpoint: endpoints.addSalary,
        partyField: 'employeeId',
        successMessage: messages.salaryEntryAdded,
      }),
      'salary-entry-routes',
    ),
  );
};
