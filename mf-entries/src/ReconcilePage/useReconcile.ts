// The data of the reconciliation worklist: the account, its lines (unmatched, or all) with their
// suggestions, the unmatched entries and transfers, and every write of the screen (match, accept
// all suggested, create entry, exclude and undo it, undo a match, mark reconciled). Each refreshes what it changes.
import { useState } from 'react';
import type { LineEntryBody, StatementLine, WorklistEntry } from 'contract';
import { endpoints, useApiQuery, useApiWrite } from 'shared-ui';

const SAID = { success: (answer: { message: string }) => answer.message };
const ok = async (outcome: Promise<{ ok: boolean }>) => (await outcome).ok;

export function useReconcile(id: number) {
  const [all, setAll] = useState(false);
  const accounts = useApiQuery(endpoints.listAccounts, undefined, { onError: 'quiet' });
  const worklist = useApiQuery(
    endpoints.getReconcile,
    { params: { id }, query: all ? { status: 'all' } : {} },
    { refetchOnMount: 'always' },
  );
  const match = useApiWrite(endpoints.matchLine, SAID);
  // One call looks at a bounded number of lines; the last one (no `next`) says it is done.
  const acceptAll = useApiWrite(endpoints.acceptSuggested, {
    success: (answer) => (answer.next ? undefined : answer.message),
  });
  const unmatch = useApiWrite(endpoints.unmatchLine, SAID);
  const exclude = useApiWrite(endpoints.excludeLine, SAID);
  const unexclude = useApiWrite(endpoints.undoExclude, SAID);
  const create = useApiWrite(endpoints.createLineEntry, SAID);
  const reconciled = useApiWrite(endpoints.markReconciled, SAID);
  const rule = useApiWrite(endpoints.createBankRule, SAID);

  return {
    account: accounts.data?.accounts.find((account) => account.id === id),
    lines: worklist.data?.lines ?? [],
    entries: worklist.data?.entries ?? [],
    transfers: worklist.data?.transfers ?? [],
    loading: worklist.isPending,
    all,
    setAll,
    busy:
      match.isPending ||
      acceptAll.isPending ||
      unmatch.isPending ||
      exclude.isPending ||
      unexclude.isPending ||
      create.isPending,
    accept: (line: StatementLine, entryIds: number[], transferIds: number[] = []) =>
      ok(
        match.run({
          params: { id },
          body: { lineId: line.id, entryIds, ...(transferIds.length ? { transferIds } : {}) },
        }),
      ),
    acceptAllSuggested: async () => {
      let after: string | undefined;
      for (;;) {
        const outcome = await acceptAll.run({ params: { id }, query: after ? { after } : {} });
        if (!outcome.ok) return false;
        if (!outcome.answer.next) return true;
        after = outcome.answer.next;
      }
    },
    undo: (line: StatementLine, reason: string) =>
      ok(unmatch.run({ params: { id, lineId: line.id }, body: { reason } })),
    exclude: (line: StatementLine, reason: string) =>
      ok(exclude.run({ params: { id, lineId: line.id }, body: { reason } })),
    undoExclude: (line: StatementLine, reason: string) =>
      ok(unexclude.run({ params: { id, lineId: line.id }, body: { reason } })),
    createEntry: (line: StatementLine, body: LineEntryBody) =>
      ok(create.run({ params: { id, lineId: line.id }, body })),
    creating: create.isPending,
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
