// The ledger's calls (issue 40): the chart of accounts, vouchers and the statements. Their Excel
// and PDF downloads are in documents-routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import { endpoints, ledgerMessages as m } from 'contract';
import { currentUser } from '../plugins/auth.js';
import { todayIn } from '../lib/dates.js';
import { badRequest } from '../lib/errors.js';
import { route } from '../routes/route.js';
import { named } from '../lib/named-plugin.js';
import { createLedgerAccount, listLedgerAccounts, updateLedgerAccount } from './chart.js';
import { generalLedger } from './general-ledger.js';
import { balanceSheet, profitLoss, trialBalance } from './statements.js';
import { createVoucher, listVouchers, reverseVoucher } from './vouchers.js';
import { ledgerDocumentRoutes } from './documents-routes.js';

/** A period's days in order, or a 400. */
export function period<Q extends { from: string; to: string }>(query: Q): Q {
  if (query.from > query.to) throw badRequest(m.fromAfterTo);
  return query;
}

export const ledgerRoutes: FastifyPluginAsync = async (app) => {
  const today = () => todayIn(app.config.timeZone);

  route(app, endpoints.listLedgerAccounts, async () => ({
    accounts: await listLedgerAccounts(app.db, today()),
  }));

  route(app, endpoints.createLedgerAccount, async (request) => ({
    message: m.accountAdded,
    account: await createLedgerAccount(app.db, currentUser(request).id, request.body, today()),
  }));

  route(app, endpoints.updateLedgerAccount, async (request) => ({
    message: m.accountSaved,
    account: await updateLedgerAccount(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.body,
      today(),
    ),
  }));

  route(app, endpoints.getTrialBalance, async (request) =>
    trialBalance(app.db, request.query.date ?? today()),
  );

  route(app, endpoints.getBalanceSheet, async (request) =>
    balanceSheet(app.db, request.query.date ?? today()),
  );

  route(app, endpoints.getProfitLoss, async (request) =>
    profitLoss(app.db, { ...period(request.query), basis: request.query.basis ?? 'accrual' }),
  );

  route(app, endpoints.getGeneralLedger, async (request) =>
    generalLedger(app.db, request.params.id, request.query),
  );

  route(app, endpoints.listVouchers, async (request) => listVouchers(app.db, request.query));

  route(app, endpoints.createVoucher, async (request) => ({
    message: m.voucherPosted,
    voucher: await createVoucher(app.db, currentUser(request).id, request.body, today()),
  }));

  route(app, endpoints.reverseVoucher, async (request) => ({
    message: m.voucherReversed,
    voucher: await reverseVoucher(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.body.reason,
    ),
  }));

  // The statements' downloads, in a context of their own (each takes an export slot).
  await app.register(named(ledgerDocumentRoutes));
};
