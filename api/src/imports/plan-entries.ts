// Planning the rows of an income, expense or salary import: each row's day, amount and side,
// party (existing, picked, created or unknown) and description, checked by the entry form's
// rules; duplicates within the file. What the database knows (the closing day, the parties, the
// picked ones) is looked up by the caller and handed in.
import {
  centsOf,
  importMessages,
  nameKey,
  type CreditDebit,
  type DateFormat,
  type EntryKind,
  type ImportField,
  type NumberFormat,
  type PartyChoice,
} from 'contract';
import { inClosedPeriod } from '../books/closed-period.js';
import { cellText, parseAmount, parseDate } from './detect.js';
import { newPartyRule } from './rules.js';
import { clean, duplicateKey, type EntryPlan, type RowReading } from './plan.js';

/** A party as the planner sees it. */
export interface KnownParty {
  id: number;
  name: string;
  suspended: boolean;
}

export interface EntryFacts {
  today: string;
  /** The books are closed through this day (null: no closed period). */
  closed: string | null;
  dateFormat: DateFormat | null;
  numberFormat: NumberFormat | null;
  /** Existing parties by name key; a name held twice is ambiguous (null). */
  parties: Map<string, KnownParty | null>;
  /** What the options say to do with a name (by name key). */
  choices: Map<string, PartyChoice>;
  /** The parties the choices pick, by id (those that exist). */
  picked: Map<number, Omit<KnownParty, 'id'>>;
}

export interface EntriesPlan {
  entries: EntryPlan[];
  /** Parties to create: name key -> name as first written. */
  create: Map<string, string>;
  /** Names the file gives that are no party and that no choice decides: key -> name. */
  newParties: Map<string, string>;
  /** Rows waiting on such a name. */
  undecided: number;
}

export function planEntries(reading: RowReading, facts: EntryFacts): EntriesPlan {
  const { rows: trusted, column, cellOf, label, fail, check, ticked } = reading;
  const kind = reading.kind as EntryKind;
  const { closed, dateFormat, numberFormat, parties, choices, picked } = facts;
  const entries: EntryPlan[] = [];
  const create = new Map<string, string>();
  const newParties = new Map<string, string>();
  let undecided = 0;
  const seen = new Map<string, number>();
  const partyRule = newPartyRule(kind);

  for (const { line, cells } of trusted) {
    const problemsBefore = reading.failures();
    const rawDate = cellText(cellOf(cells, 'date'));
    const rawParty = clean(cellText(cellOf(cells, 'party')));
    const description = clean(cellText(cellOf(cells, 'description')));
    let date: string | null = null;
    if (rawDate === '') fail(line, importMessages.missing(label('date')));
    else {
      date = dateFormat ? parseDate(cellOf(cells, 'date'), dateFormat) : null;
      if (date === null) fail(line, importMessages.badDate(rawDate));
      else if (date > facts.today) fail(line, importMessages.futureDate);
      else if (closed !== null && inClosedPeriod(date, closed))
        fail(line, importMessages.closedDate(closed));
    }

    // The amount and its side: one signed column, or a Debit and a Credit column.
    let amount: number | null = null;
    let side: CreditDebit | null = null;
    const readAmount = (field: ImportField): number | null | undefined => {
      const raw = cellText(cellOf(cells, field));
      if (column(field) === undefined || raw === '') return undefined;
      const value = numberFormat ? parseAmount(cellOf(cells, field), numberFormat) : null;
      if (value === null) fail(line, importMessages.badAmount(raw));
      return value;
    };
    if (column('amount') !== undefined) {
      const value = readAmount('amount');
      if (value === undefined) fail(line, importMessages.missing(label('amount')));
      else if (value !== null) {
        amount = Math.abs(value);
        side = value < 0 ? 'Debit' : 'Credit';
      }
    } else if (column('debit') !== undefined || column('credit') !== undefined) {
      const debit = readAmount('debit');
      const credit = readAmount('credit');
      if (debit === undefined && credit === undefined)
        fail(line, importMessages.missing(label('amount')));
      else if (debit !== null && credit !== null) {
        if (credit !== undefined && credit !== 0) {
          amount = Math.abs(credit);
          side = credit < 0 ? 'Debit' : 'Credit';
        } else if (debit !== undefined) {
          amount = Math.abs(debit);
          side = debit < 0 ? 'Credit' : 'Debit';
        } else amount = 0;
      }
    }
    if (column('creditDebit') !== undefined) {
      const raw = cellText(cellOf(cells, 'creditDebit'));
      if (/^(credit|cr|c)$/i.test(raw)) side = 'Credit';
      else if (/^(debit|dr|d)$/i.test(raw)) side = 'Debit';
      else if (raw !== '') fail(line, importMessages.badCreditDebit(raw));
    }
    if (side === 'Debit' && kind !== 'income') fail(line, importMessages.creditOnly);
    // The entry form's rules, for each value read (a zero or an overlong amount, a
    // description too long or with a direction override...).
    for (const { reason } of check({
      ...(date === null ? {} : { date }),
      ...(amount === null ? {} : { amount }),
      ...(side === null ? {} : { creditDebit: side }),
      description,
    }))
      fail(line, reason);

    // The party: existing, picked, created, or unknown.
    let partyId: number | null = null;
    let newParty: string | null = null;
    let partyName = rawParty;
    if (rawParty === '') fail(line, importMessages.missing(label('party')));
    else {
      const key = nameKey(rawParty);
      const choice = choices.get(key);
      const existing = parties.get(key);
      if (choice && 'id' in choice) {
        const found = picked.get(choice.id);
        if (!found) fail(line, importMessages.partyNotFound(rawParty));
        else if (found.suspended) fail(line, importMessages.suspended(found.name));
        else {
          partyId = choice.id;
          partyName = found.name;
        }
      } else if (existing) {
        if (existing.suspended) fail(line, importMessages.suspended(existing.name));
        partyId = existing.id;
        partyName = existing.name;
      } else if (choice && 'create' in choice) {
        // The name as the party's own form takes it (an employee needs a number: picked only).
        const refusal =
          kind === 'salary'
            ? importMessages.employeesPickOnly(rawParty)
            : (partyRule?.(rawParty) ?? null);
        if (refusal !== null) fail(line, refusal);
        else {
          newParty = key;
          if (!create.has(key)) create.set(key, rawParty);
        }
      } else {
        if (!newParties.has(key)) newParties.set(key, rawParty);
        undecided += 1;
        fail(line, importMessages.unknownParty(label('party'), rawParty));
      }
    }

    if (reading.failures() > problemsBefore || date === null || amount === null || side === null)
      continue;
    const plan: EntryPlan = {
      line,
      date,
      partyId,
      newParty,
      partyName,
      creditDebit: side,
      cents: centsOf(amount),
      description,
    };
    const key = duplicateKey(plan);
    const first = seen.get(key);
    if (first !== undefined && !ticked.has(line)) {
      fail(line, importMessages.duplicateRow(first), true);
      continue;
    }
    if (first === undefined) seen.set(key, line);
    entries.push(plan);
  }

  return { entries, create, newParties, undecided };
}
