// Type-level checks of the typed client, run by `npm run typecheck` (never executed): the line
// under each expect-error directive must fail to compile, so a wrong field name or type in a
// request, or a wrong use of an answer, breaks the build instead of reaching the server.
import { endpoints } from 'contract/browser';
import { call, download } from '../src/http/api-client';

const acme = { name: 'Acme', email: 'a@example.com' };

export async function requestBodies() {
  await call(endpoints.addClient, { body: { ...acme, companyName: 'Acme Ltd' } });
  // @ts-expect-error a misspelt body field (companyname for companyName)
  await call(endpoints.addClient, { body: { ...acme, companyname: 'Acme Ltd' } });
  // @ts-expect-error the amount is a number or decimal text, not a yes/no
  await call(endpoints.addIncome, { body: { clientId: 1, amount: true, Creditdebit: 'Credit' } });
  // @ts-expect-error the client is named by its id
  await call(endpoints.addIncome, { body: { client: 1, amount: 10, Creditdebit: 'Credit' } });
  // @ts-expect-error Creditdebit takes Credit or Debit only
  await call(endpoints.addIncome, { body: { clientId: 1, amount: 10, Creditdebit: 'Both' } });
  // @ts-expect-error a call with a body needs one
  await call(endpoints.addEmployee);
  // @ts-expect-error a body where the call takes none
  await call(endpoints.listClients, { body: { name: 'x' } });
}

export async function pathsAndQueries() {
  await call(endpoints.deleteClient, { params: { id: 3 } });
  // @ts-expect-error the path parameter is id
  await call(endpoints.deleteClient, { params: { clientId: 3 } });
  await call(endpoints.getClientLedger, { query: { clientId: 3, startDate: '', endDate: '' } });
  // @ts-expect-error the ledger needs the client
  await call(endpoints.getClientLedger, { query: { startDate: '', endDate: '' } });
}

export async function answers() {
  const clients = await call(endpoints.listClients);
  const names: string[] = clients.users.map((client) => client.companyName);
  // @ts-expect-error a client has no company field (it is companyName)
  clients.users.map((client) => client.company);
  const totals = await call(endpoints.getTotals);
  const admins: number = totals.admins;
  // @ts-expect-error the head-counts are numbers
  const text: string = totals.clients;
  const ledger = await call(endpoints.getClientLedger, { query: { clientId: 1 } });
  // @ts-expect-error a ledger row spells its amount ammount
  ledger.map((row) => row.amount);
  return { names, admins, text };
}

export async function files() {
  await download(endpoints.journalCsv, { query: { kind: 'income', minAmount: 10 } });
  // @ts-expect-error the journal's kinds are income, expense and salary
  await download(endpoints.journalCsv, { query: { kind: 'refund' } });
  // @ts-expect-error only a call that answers with a file is downloaded
  await download(endpoints.listJournal, { query: {} });
  await call(endpoints.reverseEntry, { params: { id: 4 }, body: { reason: 'Typed twice' } });
  // @ts-expect-error a reversal needs its reason
  await call(endpoints.reverseEntry, { params: { id: 4 }, body: {} });
}
