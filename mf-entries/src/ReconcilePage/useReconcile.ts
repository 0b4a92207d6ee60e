// The data of the reconciliation worklist: the account, its lines (unmatched, or all) with their
// suggestions, the unmatched entries and transfers, and every write of the screen (match, accept
// all suggested, create entry, transfer, exclude and undo it, undo a match, mark reconciled).
// Each refreshes what it changes. No write speaks by a pop-up: a refusal goes to `onRefused`
// (the screen's live region), and what was done is said by the caller (useRowActions.ts).
import { useState } from 'react';
import type { BankRuleBody, LineEntryBody, StatementLine, WorklistEntry } from 'contract/browser';
import { endpoints, useApiQuery, useApiWrite } from 'shared-ui';

const ok = async (outcome: Promise<{ ok: boolean }>) => (await outcome).ok;

export function useReconcile(id: number, onRefused: (text: string) => void) {
  const [all, setAll] = useState(false);
  const quiet = { onFailure: onRefused };
  const accounts = useApiQuery(endpoints.listAccounts, undefined, { onError: 'quiet' });
  const worklist = useApiQuery(
    endpoints.getReconcile,
    { params: { id }, query: all ? { status: 'all' } : {} },
    { refetchOnMount: 'always' },
  );
  const match = useApiWrite(endpoints.matchLine, quiet);
  const matchLines = useApiWrite(endpoints.matchLines, quiet);
  const acceptAll = useApiWrite(endpoints.acceptSuggested, quiet);
  const unmatch = useApiWrite(endpoints.unmatchLine, quiet);
  const exclude = useApiWrite(endpoints.excludeLine, quiet);
  const unexclude = useApiWrite(endpoints.undoExclude, quiet);
  const create = useApiWrite(endpoints.createLineEntry, quiet);
  const transfer = useApiWrite(endpoints.createTransfer, quiet);
  const reverseEntry = useApiWrite(endpoints.reverseEntry, quiet);
  const reverseTransfer = useApiWrite(endpoints.reverseTransfer, quiet);
  const reverseVoucher = useApiWrite(endpoints.reverseVoucher, quiet);
  // Mark reconciled shows its refusal in its own form (ReconciledForm.tsx).
  const reconciled = useApiWrite(endpoints.markReconciled, { onFailure: () => undefined });
  const rule = useApiWrite(endpoints.createBankRule, quiet);
  const every = accounts.data?.accounts ?? [];

  return {
    id,
    account: every.find((account) => account.id === id),
    /** The other money accounts, for a transfer. */
    others: every.filter((account) => account.id !== id),
    lines: worklist.data?.lines ?? [],
    entries: worklist.data?.entries ?? [],
    transfers: worklist.data?.transfers ?? [],
    loading: worklist.isPending,
    all,
    setAll,
    busy:
      match.isPending ||
      matchLines.isPending ||
      rule.isPending ||
      acceptAll.isPending ||
      unmatch.isPending ||
      exclude.isPending ||
      unexclude.isPending ||
      create.isPending ||
      transfer.isPending ||
      reverseEntry.isPending ||
      reverseTransfer.isPending ||
      reverseVoucher.isPending,
    accept: (line: StatementLine, entryIds: number[], transferIds: number[] = []) =>
      ok(
        match.run({
          params: { id },
          body: { lineId: line.id, entryIds, ...(transferIds.length ? { transferIds } : {}) },
        }),
      ),
    /** One entry matched to this line and others that add up to it. */
    acceptLines: (entryId: number, lineIds: number[]) =>
      ok(matchLines.run({ params: { id }, body: { entryId, lineIds } })),
    /** The ids of the lines matched, over as many calls as the server asks; undefined when refused. */
    acceptAllSuggested: async () => {
      let after: string | undefined;
      const matched: number[] = [];
      for (;;) {
        const outcome = await acceptAll.run({ params: { id }, query: after ? { after } : {} });
        if (!outcome.ok) return undefined;
        matched.push(...outcome.answer.lineIds);
        if (!outcome.answer.next) return matched;
        after = outcome.answer.next;
      }
    },
    undo: (line: Pick<StatementLine, 'id'>, reason: string) =>
      ok(unmatch.run({ params: { id, lineId: line.id }, body: { reason } })),
    exclude: (line: Pick<StatementLine, 'id'>, reason: string) =>
      ok(exclude.run({ params: { id, lineId: line.id }, body: { reason } })),
    undoExclude: (line: Pick<StatementLine, 'id'>, reason: string) =>
      ok(unexclude.run({ params: { id, lineId: line.id }, body: { reason } })),
    /** What the line was booked to: the entry's or the voucher's id; undefined when refused. */
    createEntry: async (line: StatementLine, body: LineEntryBody) => {
      const outcome = await create.run({ params: { id, lineId: line.id }, body });
      if (!outcome.ok) return undefined;
      return { entryId: outcome.answer.entry?.id, voucherId: outcome.answer.voucher?.id };
    },
    /** Records the transfer a line shows (with `otherId`) and matches the line to it. */
    transferLine: async (line: StatementLine, otherId: number, description: string) => {
      const out = line.amount < 0;
      const made = await transfer.run({
        body: {
          fromAccountId: out ? id : otherId,
          toAccountId: out ? otherId : id,
          amount: String(Math.abs(line.amount).toFixed(2)),
          date: line.date,
          description: description.trim(),
        },
      });
      if (!made.ok) return undefined;
      const transferId = made.answer.transfer.id;
      const matched = await match.run({
        params: { id },
        body: { lineId: line.id, entryIds: [], transferIds: [transferId] },
      });
      return matched.ok ? transferId : undefined;
    },
    reverseEntry: (entryId: number, reason: string) =>
      ok(reverseEntry.run({ params: { id: entryId }, body: { reason } })),
    reverseTransfer: (transferId: number, reason: string) =>
      ok(reverseTransfer.run({ params: { id: transferId }, body: { reason } })),
    reverseVoucher: (voucherId: number, reason: string) =>
      ok(reverseVoucher.run({ params: { id: voucherId }, body: { reason } })),
    /** A rule remembered after a Create (Remember). */
    saveRule: (body: BankRuleBody) => ok(rule.run({ body })),
    makeRule: (line: StatementLine, entry: WorklistEntry) =>
      ok(
        rule.run({
          body: {
            contains: line.description,
            kind: entry.kind,
            partyId: entry.partyId,
            description: entry.description,
          },
        }),
      ),
    /** `reason`: an admin's, to move the day back. */
    markReconciled: (through: string, closingBalance: string, reason = '') =>
      reconciled.run({
        params: { id },
        body: { through, closingBalance, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      }),
    reconciling: reconciled.isPending,
  };
}

export type Reconcile = ReturnType<typeof useReconcile>;
