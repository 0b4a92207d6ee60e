// What the reconcile rows do, said in place: each action's outcome is one sentence for the
// screen's polite live region (never a pop-up), and the last action done can be undone — a match
// unmatched, an entry or transfer made from a line unmatched and reversed, an exclusion put back.
import { useState } from 'react';
import type { BankRuleBody, LineEntryBody, StatementLine, WorklistEntry } from 'contract/browser';
import { useIsAdmin } from 'shared-ui';
import { lineName } from './line-words';
import { useReconcile } from './useReconcile';

/** The last action of the screen, as it is undone, with what was said of it. */
export type LastAction = { said?: string } & (
  | {
      type: 'match';
      lines: Array<Pick<StatementLine, 'id'>>;
      /** Matched by hand to an entry: the rule that can be made of it. */
      rule?: { line: StatementLine; entry: WorklistEntry };
    }
  | {
      type: 'entry';
      line: StatementLine;
      entryId?: number;
      voucherId?: number;
      /** What the line was booked to, offered to be remembered as a rule (Remember). */
      remember?: { body: LineEntryBody; target: string };
    }
  | { type: 'transfer'; line: StatementLine; transferId: number }
  | { type: 'exclude'; line: StatementLine }
);

export interface Said {
  text: string;
  tone: 'done' | 'refused';
}

const UNDO_REASON = 'Undone on the reconcile screen right after it was done';

export function useRowActions(id: number) {
  const [said, setSaid] = useState<Said>({ text: '', tone: 'done' });
  const [last, setLast] = useState<LastAction | undefined>();
  const isAdmin = useIsAdmin();
  const reconcile = useReconcile(id, (text) => setSaid({ text, tone: 'refused' }));
  const done = (text: string, action?: LastAction) => {
    setSaid({ text, tone: 'done' });
    setLast(action && { ...action, said: text });
    return true;
  };

  /**
   * Matches a line to entries and transfers (OK on a suggestion, or Find & match); `byHand`: the
   * entry chosen first by hand, offered as a rule for the line's description.
   */
  const match = async (
    line: StatementLine,
    entryIds: number[],
    transferIds: number[],
    byHand?: WorklistEntry,
  ) => {
    if (!(await reconcile.accept(line, entryIds, transferIds))) return false;
    const count = entryIds.length + transferIds.length;
    const what =
      count === 1
        ? entryIds.length
          ? `entry #${entryIds[0]}`
          : `transfer #${transferIds[0]}`
        : `${count} records`;
    return done(`Matched ${lineName(line)} to ${what}.`, {
      type: 'match',
      lines: [line],
      ...(byHand && line.description.trim() !== '' ? { rule: { line, entry: byHand } } : {}),
    });
  };

  /** Create: `target` names what the line was booked to (Remember offers it as a rule). */
  const create = async (line: StatementLine, body: LineEntryBody, target?: string) => {
    const booked = await reconcile.createEntry(line, body);
    if (!booked) return false;
    const what = booked.voucherId ? `voucher #${booked.voucherId}` : `entry #${booked.entryId}`;
    return done(`Created ${what} for ${lineName(line)} and matched it.`, {
      type: 'entry',
      line,
      ...booked,
      ...(target && line.description.trim() !== '' ? { remember: { body, target } } : {}),
    });
  };

  /** One entry matched to this line and `others` that add up to it. */
  const matchLines = async (line: StatementLine, entryId: number, others: StatementLine[]) => {
    if (!(await reconcile.acceptLines(entryId, [line.id, ...others.map((one) => one.id)])))
      return false;
    // Undoing the match of one of the lines undoes them all.
    return done(
      `Matched entry #${entryId} to ${others.length + 1} lines: ${lineName(line)} and ${others.length === 1 ? lineName(others[0]!) : `${others.length} others`}.`,
      {
        type: 'match',
        lines: [line],
      },
    );
  };

  /** After a Create: the line's text (`pattern`) remembered as a rule booking to the same. */
  const remember = async (pattern: string) => {
    if (last?.type !== 'entry' || !last.remember) return false;
    const { body, target } = last.remember;
    const rule: BankRuleBody =
      body.kind === 'ledger'
        ? {
            contains: pattern.trim(),
            kind: 'ledger',
            ledgerAccountId: body.ledgerAccountId!,
            direction: last.line.amount < 0 ? 'out' : 'in',
            description: body.description ?? '',
          }
        : {
            contains: pattern.trim(),
            kind: body.kind,
            partyId: body.partyId!,
            description: body.description ?? '',
          };
    if (!(await reconcile.saveRule(rule))) return false;
    return done(
      `Rule saved: lines containing "${pattern.trim()}" will be proposed for ${target}.`,
      { ...last, remember: undefined },
    );
  };

  const transfer = async (line: StatementLine, otherId: number, description: string) => {
    const transferId = await reconcile.transferLine(line, otherId, description);
    if (transferId === undefined) return false;
    const other = reconcile.others.find((account) => account.id === otherId);
    return done(
      `Recorded transfer #${transferId} ${line.amount < 0 ? 'to' : 'from'} ${other?.name ?? 'the account'} ` +
        `for ${lineName(line)} and matched it.`,
      { type: 'transfer', line, transferId },
    );
  };

  const exclude = async (line: StatementLine, reason: string) => {
    if (!(await reconcile.exclude(line, reason))) return false;
    return done(`Excluded ${lineName(line)}.`, { type: 'exclude', line });
  };

  const acceptAll = async () => {
    const matched = await reconcile.acceptAllSuggested();
    if (matched === undefined) return false;
    if (matched.length === 0) return done('No line has a single strong suggestion to accept.');
    const text = `Accepted ${matched.length} suggested match${matched.length === 1 ? '' : 'es'}.`;
    return done(text, { type: 'match', lines: matched.map((lineId) => ({ id: lineId })) });
  };

  /** Undoes the last action; says what was undone. */
  const undo = async () => {
    if (!last) return false;
    switch (last.type) {
      case 'match': {
        for (const line of last.lines) if (!(await reconcile.undo(line, UNDO_REASON))) return false;
        const count = last.lines.length;
        return done(
          count === 1 ? 'Match undone: the line is back in the list.' : `${count} matches undone.`,
        );
      }
      case 'exclude':
        if (!(await reconcile.undoExclude(last.line, UNDO_REASON))) return false;
        return done(`Exclusion undone: ${lineName(last.line)} is back in the list.`);
      case 'transfer':
        if (!(await reconcile.undo(last.line, UNDO_REASON))) return false;
        if (!(await reconcile.reverseTransfer(last.transferId, UNDO_REASON))) return false;
        return done(
          `Transfer #${last.transferId} reversed: ${lineName(last.line)} is back in the list.`,
        );
      case 'entry': {
        if (!(await reconcile.undo(last.line, UNDO_REASON))) return false;
        if (last.entryId !== undefined) {
          if (!(await reconcile.reverseEntry(last.entryId, UNDO_REASON))) return false;
          return done(
            `Entry #${last.entryId} reversed: ${lineName(last.line)} is back in the list.`,
          );
        }
        if (last.voucherId !== undefined && isAdmin) {
          if (!(await reconcile.reverseVoucher(last.voucherId, UNDO_REASON))) return false;
          return done(
            `Voucher #${last.voucherId} reversed: ${lineName(last.line)} is back in the list.`,
          );
        }
        return done(
          `Match undone: ${lineName(last.line)} is back in the list; voucher #${last.voucherId} ` +
            'stays in the ledger until an admin reverses it.',
        );
      }
    }
  };

  /** After a match by hand to an entry: a rule proposing that entry's kind and party. */
  const makeRule = async () => {
    if (last?.type !== 'match' || !last.rule) return false;
    const { line, entry } = last.rule;
    if (!(await reconcile.makeRule(line, entry))) return false;
    return done(
      `Rule made: lines containing "${line.description}" will propose ${entry.partyName}.`,
      {
        ...last,
        rule: undefined,
      },
    );
  };

  return {
    reconcile,
    said,
    say: (text: string, tone: Said['tone'] = 'done') => setSaid({ text, tone }),
    last,
    match,
    matchLines,
    create,
    remember,
    transfer,
    exclude,
    acceptAll,
    undo,
    makeRule,
  };
}

export type RowActions = ReturnType<typeof useRowActions>;
