import { rows, setupDatabase, type TestContext } from './helpers.js';
import { crudSuite } from './crud-suite.js';

const db = await setupDatabase();
let ctx: TestContext;

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
});
afterAll(() => db.close());

const valid = { name: 'Bilal Ahmed', email: 'bilal@acme.test', companyName: 'Acme Traders' };
const changed = { name: 'Bilal A.', email: 'accounts@acme.test', companyName: 'Acme Pvt Ltd' };

crudSuite(() => ctx, {
  base: '/api/clients',
  paths: {
    list: '/getClients',
    add: '/addClient',
    update: '/updateClient',
    remove: '/deleteClient',
  },
  table: 'clients',
  entity: 'client',
  add: {
    payload: { name: 'Bilal Ahmed ', email: 'bilal@acme.test', companyName: '  Acme Traders  ' },
    record: valid,
    stored: { name: valid.name, email: valid.email, company_name: valid.companyName },
  },
  change: {
    payload: { ...changed, name: ' Bilal A.' },
    record: changed,
    stored: { name: changed.name, email: changed.email, company_name: changed.companyName },
  },
  invalid: [
    ['a missing name', { email: valid.email, companyName: valid.companyName }, 'name is required'],
    ['a missing email', { name: valid.name, companyName: valid.companyName }, 'email is required'],
    ['a missing companyName', { name: valid.name, email: valid.email }, 'companyName is required'],
    ['a blank name', { ...valid, name: ' ' }, 'name must not be blank'],
    ['an empty companyName', { ...valid, companyName: '' }, 'companyName must not be empty'],
    ['a blank companyName', { ...valid, companyName: '\t ' }, 'companyName must not be blank'],
    ['a bad email', { ...valid, email: 'bilal@' }, 'email must be a valid email address'],
    ['a too long name', { ...valid, name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
    [
      'a too long companyName',
      { ...valid, companyName: 'x'.repeat(201) },
      'companyName must be at most 200 characters',
    ],
    [
      'a snake_case company_name',
      { name: valid.name, email: valid.email, company_name: 'Acme' },
      'companyName is required',
    ],
  ],
  messages: {
    added: 'Client added successfully!',
    updated: 'Client updated successfully!',
    deleted: 'Client deleted successfully!',
    notFound: 'Client not found',
    inUse: 'This client has income entries and cannot be deleted',
  },
  entrySql:
    "INSERT INTO entries (kind, client_id, party_name, amount, credit_debit) VALUES ('income', 1, 'X', 10, 'Debit')",
});

describe('clients in the database', () => {
  it('keep the company name in company_name', async () => {
    await rows(
      ctx,
      "INSERT INTO clients (name, email, company_name) VALUES ('N', 'n@x.test', 'Co')",
    );
    expect(await rows(ctx, 'SELECT company_name FROM clients')).toEqual([{ company_name: 'Co' }]);
  });
});
