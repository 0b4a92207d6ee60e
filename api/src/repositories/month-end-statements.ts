// What the month-end pack holds of the ledger at the month's last day (issue 40): the trial
// balance, the balance sheet, and each money account's reconciliation figures, read by the same
// functions as their own calls and files; shown by exports/month-end-pack-ledger.ts.
import type { Db } from '../db/index.js';
import { balanceSheet, trialBalance } from '../ledger/statements.js';
import { reconciliation } from '../bank/reconciliation.js';
import {
  accountName,
  SUMMARY_LINES,
  type ReconciliationSummary,
} from '../bank/reconciliation-documents.js';
import type { AccountReconciliation, PackStatements } from '../exports/month-end-pack-ledger.js';
import { listAccounts } from '../bank/accounts.js';

/** The statements at `date`, read from the same functions as their own files. */
export async function packStatements(db: Db, date: string): Promise<PackStatements> {
  const [trial, sheet, accounts] = await Promise.all([
    trialBalance(db, date),
    balanceSheet(db, date),
    listAccounts(db, date),
  ]);
  const reconciliations = await Promise.all(
    accounts
      .filter((account) => account.openingDate <= date)
      .map(async (account): Promise<AccountReconciliation> => {
        const report = await reconciliation(db, account.id, date);
        const figures = Object.fromEntries(
          SUMMARY_LINES.map(([key]) => [key, report[key]]),
        ) as unknown as ReconciliationSummary;
        return { account: accountName(account), ...figures };
      }),
  );
  return { date, trialBalance: trial, balanceSheet: sheet, reconciliations };
}
