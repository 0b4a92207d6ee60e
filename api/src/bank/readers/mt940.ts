// MT940 statements, read line by line in one pass: a line that begins with a tag (`:61:`) opens
// a field, the lines after it continue it, and each field is read with patterns bounded by its
// own line. (mt940-js turned the whole :86: field into a string through one call with an
// argument per byte: a 1 MB :86: answered "Maximum call stack size exceeded"; it read the bytes
// as Latin-1, so UTF-8 narratives came out as "MÃ¼ller"; and it rounded 5,005 to 5.00.) The text
// is UTF-8 when it is valid as such, else Windows-1252 (common.ts, decode); amounts with more
// than two decimals are refused as OFX and CAMT.053 refuse them; the :86: narrative is joined
// into readable text (mt940-narrative.ts).
import { isRealDay } from '../../lib/dates.js';
import {
  centsOfText,
  checkCount,
  checkText,
  currencyKeeper,
  decode,
  MAX_REFERENCE,
  MAX_TEXT,
  refuse,
  type StatementLineRead,
  type StatementRead,
} from './common.js';
import { narrative } from './mt940-narrative.js';

interface Field {
  tag: string;
  /** The line of the file its tag is on. */
  line: number;
  /** Its lines, the first without the tag. */
  lines: string[];
  /** Characters in its lines, for the limit. */
  chars: number;
}

/** A field this long is refused before it is read (the longest text kept is MAX_TEXT). */
const MAX_FIELD = MAX_TEXT * 16;

const TAG = /^:(\d{2}[A-Z]?):/;
/** :60F:, :62F:, :64: and the like: C or D, the date YYMMDD, the currency, the amount. */
const BALANCE = /^([CD])(\d{6})([A-Z]{3})([0-9][0-9,.]*)\s*$/;
/**
 * :61: value date YYMMDD, booking date MMDD (optional), C/D (RC/RD a reversal), a funds code
 * letter (optional), the amount, the transaction type (N, S or F and three characters), then the
 * account owner's reference and after // the bank's.
 */
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?([0-9][0-9,.]*)([NSF].{3})(.*)$/;

/** A day from YYMMDD (years 70-99 are 19xx). */
function day(yymmdd: string): string {
  const year = Number(yymmdd.slice(0, 2));
  return `${year >= 70 ? 1900 + year : 2000 + year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/** The booking day from its MMDD and the value day: the year that puts them closest. */
function bookingDay(valueDay: string, mmdd: string): string {
  const year = Number(valueDay.slice(0, 4));
  const month = Number(mmdd.slice(0, 2));
  const valueMonth = Number(valueDay.slice(5, 7));
  const shift = month - valueMonth > 6 ? -1 : valueMonth - month > 6 ? 1 : 0;
  return `${year + shift}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`;
}

/** The fields of the file, in order: block headers ({1:...}{4:) and trailers dropped. */
function fields(text: string): Field[] {
  const found: Field[] = [];
  let open: Field | undefined;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i += 1) {
    let line = lines[i]!;
    if (line.startsWith('{')) {
      const body = line.indexOf('{4:');
      if (body === -1) continue;
      line = line.slice(body + 3);
    }
    if (/^-}?\s*$/.test(line) || line.startsWith('-}')) {
      open = undefined;
      continue;
    }
    const tag = TAG.exec(line);
    if (tag) {
      open = { tag: tag[1]!, line: i + 1, lines: [line.slice(tag[0].length)], chars: 0 };
      found.push(open);
    } else if (open) open.lines.push(line);
    else continue;
    open.chars += line.length;
    if (open.chars > MAX_FIELD)
      throw refuse(open.line, `a text is longer than ${MAX_TEXT} characters`);
  }
  return found;
}

export function readMt940(bytes: Buffer): StatementRead {
  const text = decode(bytes);
  const currency = currencyKeeper();
  const lines: StatementLineRead[] = [];
  let opening: bigint | null = null;
  let openingSeen = false;
  let closing: bigint | null = null;
  /** The transaction a :86: right after its :61: describes. */
  let last: StatementLineRead | undefined;

  const balance = (field: Field): bigint => {
    const match = BALANCE.exec(field.lines.join('').trim());
    if (!match)
      throw refuse(field.line, `the balance "${field.lines[0]!.slice(0, 40)}" is not read`);
    currency.see(match[3], field.line);
    const cents = centsOfText(match[4]!, field.line);
    return match[1] === 'D' ? -cents : cents;
  };

  for (const field of fields(text)) {
    const { tag, line } = field;
    if (tag === '86') {
      if (last && last.description === '') {
        last.description = checkText(narrative(field.lines), line);
        last = undefined;
      }
      continue;
    }
    last = undefined;
    if (tag === '60F' || tag === '60M') {
      const cents = balance(field);
      if (!openingSeen) opening = cents;
      openingSeen = true;
    } else if (tag === '62F' || tag === '62M') closing = balance(field);
    else if (tag === '64' || tag === '65') balance(field);
    else if (tag === '61') {
      const first = field.lines[0]!.trim();
      const match = STATEMENT_LINE.exec(first);
      if (!match) throw refuse(line, `the transaction "${first.slice(0, 40)}" is not read`);
      const [, value, booking, mark, , amount, , references = ''] = match;
      const valueDay = day(value!);
      const date = booking ? bookingDay(valueDay, booking) : valueDay;
      if (!isRealDay(date)) throw refuse(line, `the transaction has no date ("${value}")`);
      const cents = centsOfText(amount!, line);
      if (cents === 0n) throw refuse(line, 'the line has no amount');
      const into = mark === 'C' || mark === 'RD';
      const [customer = '', bank = ''] = references.split('//', 2);
      checkCount(lines.length + 1);
      last = {
        line,
        date,
        cents: into ? cents : -cents,
        description: '',
        reference: checkText(
          [customer.trim(), bank.trim()].filter((r) => r && r !== 'NONREF').join('/'),
          line,
          MAX_REFERENCE,
        ),
        balance: null,
      };
      lines.push(last);
    }
  }
  return { format: 'mt940', lines, opening, closing, currency: currency.code };
}
