// /api/accounts (issue 33): money accounts, transfers, each account's register, statements and
// their reconciliation; /api/bank-rules and /api/bank-settings.
import type { FastifyPluginAsync } from 'fastify';
import {
  accountMessages as m,
  endpoints,
  ledgerMessages as lm,
  lineSplitMessages as lsm,
  StatementOptions,
} from 'contract';
import { currentUser } from '../plugins/auth.js';
import { todayIn } from '../lib/dates.js';
import { voucherFromLine } from '../ledger/bank-line.js';
import { badRequest } from '../lib/errors.js';
import { createAccount, listAccounts, updateAccount } from './accounts.js';
import { recordTransfer, reverseTransfer } from '../books/index.js';
import { registerPage } from './register.js';
import { acceptUploads, readUpload } from '../imports/upload.js';
import { importStatement, previewStatement } from './import.js';
import { listStatements, undoStatement } from './undo.js';
import { acceptSuggested } from './accept-suggested.js';
import { worklist } from './reconcile.js';
import { searchOpenItems } from './open-items.js';
import { entryFromLine, excludeLine, matchLine, undoExclude, unmatchLine } from './matching.js';
import { markReconciled } from './reconciled.js';
import { matchLines } from './split-match.js';
import { listRules, saveRule, setSuggestionDays, suggestionDays } from './rules.js';
import { route } from '../routes/route.js';

export const accountsRoutes: FastifyPluginAsync = async (app) => {
  const today = () => todayIn(app.config.timeZone);
  await acceptUploads(app);

  route(app, endpoints.listAccounts, async () => ({
    accounts: await listAccounts(app.db, today()),
  }));

  route(app, endpoints.createAccount, async (request, reply) =>
    reply.status(201).send({
      message: m.accountCreated,
      account: await createAccount(app.db, currentUser(request).id, request.body, today()),
    }),
  );

  route(app, endpoints.updateAccount, async (request) => ({
    message: m.accountUpdated,
    account: await updateAccount(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.body,
      today(),
    ),
  }));

  route(app, endpoints.createTransfer, async (request, reply) =>
    reply.status(201).send({
      message: m.transferSaved,
      transfer: await recordTransfer(app.db, currentUser(request).id, request.body, today()),
    }),
  );

  route(app, endpoints.reverseTransfer, async (request, reply) =>
    reply.status(201).send({
      message: m.transferReversed,
      transfer: await reverseTransfer(app.db, currentUser(request).id, {
        id: request.params.id,
        reason: request.body.reason,
      }),
    }),
  );

  route(app, endpoints.getRegister, async (request) =>
    registerPage(
      app.db,
      request.params.id,
      request.query.limit ?? 100,
      request.query.after,
      today(),
    ),
  );

  route(app, endpoints.previewStatement, async (request) =>
    previewStatement(
      app.db,
      request.params.id,
      await readUpload(request, StatementOptions),
      today(),
    ),
  );

  route(app, endpoints.importStatement, async (request, reply) => {
    const upload = await readUpload(request, StatementOptions);
    const imported = await importStatement(
      app.db,
      currentUser(request).id,
      request.params.id,
      upload,
      today(),
      (added) => app.statistics.afterBulkWrite(added),
      (error) => app.log.error({ err: error }, 'a statement import stopped before its last batch'),
    );
    return reply.status(201).send(imported);
  });

  route(app, endpoints.listStatements, async (request) => ({
    imports: await listStatements(app.db, request.params.id),
  }));

  route(app, endpoints.undoStatement, async (request) => {
    await undoStatement(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.params.importId,
      request.body.reason,
    );
    return { message: m.statementUndone };
  });

  route(app, endpoints.getReconcile, async (request) =>
    worklist(app.db, request.params.id, request.query),
  );

  route(app, endpoints.searchOpenItems, async (request) =>
    searchOpenItems(app.db, request.params.id, request.query),
  );

  route(app, endpoints.matchLine, async (request, reply) =>
    reply.status(201).send({
      message: m.lineMatched,
      line: await matchLine(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  route(app, endpoints.matchLines, async (request, reply) =>
    reply.status(201).send({
      message: lsm.linesMatched,
      lines: await matchLines(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  route(app, endpoints.acceptSuggested, async (request) => ({
    message: m.acceptedSuggested,
    ...(await acceptSuggested(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.query.after,
    )),
  }));

  route(app, endpoints.unmatchLine, async (request) => ({
    message: m.lineUnmatched,
    line: await unmatchLine(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.params.lineId,
      request.body.reason,
    ),
  }));

  route(app, endpoints.excludeLine, async (request) => ({
    message: m.lineExcluded,
    line: await excludeLine(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.params.lineId,
      request.body.reason,
    ),
  }));

  route(app, endpoints.undoExclude, async (request) => ({
    message: m.exclusionUndone,
    line: await undoExclude(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.params.lineId,
      request.body.reason,
    ),
  }));

  route(app, endpoints.createLineEntry, async (request, reply) => {
    const { body, params } = request;
    const userId = currentUser(request).id;
    const { kind, partyId, ledgerAccountId, ...rest } = body;
    if (kind === 'ledger') {
      if (ledgerAccountId === undefined) throw badRequest(lm.ledgerAccountNeeded);
      const voucher = await voucherFromLine(
        app.db,
        userId,
        params.id,
        params.lineId,
        { ...rest, ledgerAccountId },
        today(),
      );
      return reply.status(201).send({ message: m.lineEntryCreated, voucher });
    }
    if (partyId === undefined) throw badRequest('partyId is required');
    const entry = await entryFromLine(
      app.db,
      userId,
      params.id,
      params.lineId,
      { ...rest, kind, partyId },
      today(),
    );
    return reply.status(201).send({ message: m.lineEntryCreated, entry });
  });

  route(app, endpoints.markReconciled, async (request) => ({
    message: `${m.reconciled} ${request.body.through}`,
    account: await markReconciled(
      app.db,
      currentUser(request).id,
      request.params.id,
      request.body,
      today(),
    ),
  }));

  route(app, endpoints.listBankRules, async () => ({ rules: await listRules(app.db) }));

  route(app, endpoints.createBankRule, async (request, reply) =>
    reply.status(201).send({
      message: m.ruleCreated,
      rule: await saveRule(app.db, currentUser(request).id, request.body),
    }),
  );

  route(app, endpoints.updateBankRule, async (request) => ({
    message: m.ruleUpdated,
    rule: await saveRule(app.db, currentUser(request).id, request.body, request.params.id),
  }));

  route(app, endpoints.getBankSettings, async () => ({
    suggestionDays: await suggestionDays(app.db),
  }));

  route(app, endpoints.updateBankSettings, async (request) => ({
    suggestionDays: await setSuggestionDays(
      app.db,
      currentUser(request).id,
      request.body.suggestionDays,
    ),
  }));
};
