// The lines a worker read (in-worker.ts), sent to the thread that answers requests as a few long
// strings. Cloned across as 100,000 objects, a statement's lines held that thread 360 to 1,418 ms
// at load 22 on two cores while it took them in, every other request waiting; a string crosses
// as one copy. They are unpacked a few thousand lines at a time, a turn of the event loop
// between.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StatementLineRead } from './common.js';

/** Each field of the lines, in order, joined by SEPARATOR; `count` lines. */
export interface PackedLines {
  count: number;
  line: string;
  date: string;
  cents: string;
  description: string;
  reference: string;
  /** Empty where the line gives no balance. */
  balance: string;
  prints: string;
}

/** No text of a line holds it (checkText refuses it); a line that does is sent unpacked. */
const SEPARATOR = '\u0000';
/** Lines unpacked between two turns of the event loop. */
const AT_ONCE = 2000;

/** The lines and their fingerprints as strings; null when a text holds the separator. */
export function packLines(
  lines: readonly StatementLineRead[],
  prints: readonly string[],
): PackedLines | null {
  const join = (field: (line: StatementLineRead) => string) => lines.map(field).join(SEPARATOR);
  const texts = [...lines.map((l) => l.description), ...lines.map((l) => l.reference), ...prints];
  if (texts.some((text) => text.includes(SEPARATOR))) return null;
  return {
    count: lines.length,
    line: join((l) => String(l.line)),
    date: join((l) => l.date),
    cents: join((l) => String(l.cents)),
    description: join((l) => l.description),
    reference: join((l) => l.reference),
    balance: join((l) => (l.balance === null ? '' : String(l.balance))),
    prints: prints.join(SEPARATOR),
  };
}

/** The lines and fingerprints back, unpacked AT_ONCE lines a turn. */
export async function unpackLines(
  packed: PackedLines,
): Promise<{ lines: StatementLineRead[]; prints: string[] }> {
  if (packed.count === 0) return { lines: [], prints: [] };
  const columns: string[][] = [];
  for (const text of [
    packed.line,
    packed.date,
    packed.cents,
    packed.description,
    packed.reference,
    packed.balance,
    packed.prints,
  ]) {
    columns.push(text.split(SEPARATOR));
    await nextTurn();
  }
  const [line, date, cents, description, reference, balance, prints] = columns as [
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
  ];
  const lines: StatementLineRead[] = new Array<StatementLineRead>(packed.count);
  for (let start = 0; start < packed.count; start += AT_ONCE) {
    if (start > 0) await nextTurn();
    for (let i = start; i < Math.min(start + AT_ONCE, packed.count); i += 1)
      lines[i] = {
        line: Number(line[i]),
        date: date[i]!,
        cents: BigInt(cents[i]!),
        description: description[i]!,
        reference: reference[i]!,
        balance: balance[i] === '' ? null : BigInt(balance[i]!),
      };
  }
  return { lines, prints };
}
