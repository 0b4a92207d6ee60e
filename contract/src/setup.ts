// The set-up list of a new office (issue 42): what the dashboard's Get started panel ticks, read
// in one call. Each item is done once the office has filled it in: the company's name, an
// expense type, a client, an employee, a money account of its own (beyond the Cash account a
// fresh database starts with, or that account's opening balance set) and a first entry.
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint as endpoint } from './endpoint.js';
import { setupRoutes } from './setup-routes.js';
export { setupMessages } from './setup-routes.js';

export const SETUP_STEPS = [
  'company',
  'expenseTypes',
  'clients',
  'employees',
  'accounts',
  'firstEntry',
] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export const SetupStatus = Type.Object(
  {
    company: Type.Boolean({ description: "The company's name is set (Settings, Company)" }),
    expenseTypes: Type.Boolean({ description: 'At least one expense type' }),
    clients: Type.Boolean({ description: 'At least one client' }),
    employees: Type.Boolean({ description: 'At least one employee' }),
    accounts: Type.Boolean({
      description:
        "A money account beyond the Cash account a fresh database has, or an account's opening balance set",
    }),
    firstEntry: Type.Boolean({ description: 'At least one income, expense or salary entry' }),
  },
  { additionalProperties: false },
);
export type SetupStatus = Static<typeof SetupStatus>;

export const setupEndpoints = {
  getSetup: endpoint({
    ...setupRoutes.getSetup,
    tag: 'settings',
    summary: "A new office's set-up list: which of its lists are filled in",
    responses: { 200: SetupStatus },
    errors: [],
  }),
};
