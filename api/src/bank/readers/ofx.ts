// OFX/QFX statements, 1.x SGML (aggregates and fields without closing tags) and 2.x XML alike.
// The maintained npm readers either rewrite OFX 1.x SGML into JSON text with regular expressions
// (ofx-data-extractor: it breaks on the usual aggregates without closing tags) or go through an
// XML library with entity support; OFX is a flat list of <TAG>value fields per <STMTTRN>, so it
// is read here in one walk over the text: each tag is looked at once, a transaction ends where
// the next begins (or at its closing tag, or at the end of the list), and nothing is searched
// for ahead of where the walk is. An OFX 1.x file of 20,000 transactions without closing tags
// took 26.6 s when every transaction's end was searched for to the end of the file.
import { accountMessages as m } from 'contract';
import { badRequest } from '../../lib/errors.js';
import { isRealDay } from '../../lib/dates.js';
import {
  centsOfText,
  checkCount,
  checkText,
  currencyKeeper,
  decode,
  lineCounter,
  MAX_REFERENCE,
  refuse,
  type StatementLineRead,
  type StatementRead,
} from './common.js';

/** The longest tag name looked for; a '<' followed by anything else is text. */
const MAX_TAG = 40;
const isNameChar = (code: number) =>
  (code >= 65 && code <= 90) || // A-Z
  (code >= 97 && code <= 122) || // a-z
  (code >= 48 && code <= 57) || // 0-9
  code === 46 || // .
  code === 95; // _

/** A day from an OFX date (YYYYMMDD, then an optional time and zone). */
function ofxDay(value: string, line: number): string {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!isRealDay(day)) throw refuse(line, `"${value.slice(0, 30)}" is not an OFX date`);
  return day;
}

const decodeXmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** One transaction's fields (the first of each name), from the line its <STMTTRN> is on. */
interface Block {
  line: number;
  fields: Map<string, string>;
}

function transaction({ line, fields }: Block): StatementLineRead {
  const posted = fields.get('DTPOSTED');
  const amount = fields.get('TRNAMT');
  if (!posted) throw refuse(line, 'the transaction has no DTPOSTED');
  if (!amount) throw refuse(line, 'the transaction has no TRNAMT');
  const cents = centsOfText(amount, line);
  if (cents === 0n) throw refuse(line, 'the line has no amount');
  const name = fields.get('NAME') ?? fields.get('PAYEE') ?? '';
  const memo = fields.get('MEMO') ?? '';
  return {
    line,
    date: ofxDay(posted, line),
    cents,
    description: checkText([name, memo].filter(Boolean).join(' '), line),
    reference: checkText(
      fields.get('FITID') ?? fields.get('CHECKNUM') ?? fields.get('REFNUM') ?? '',
      line,
      MAX_REFERENCE,
    ),
    balance: null,
  };
}

/** Tags that end the transaction before them, when it has no closing tag of its own. */
const ENDS_TRANSACTION = new Set([
  'STMTTRN',
  '/STMTTRN',
  '/BANKTRANLIST',
  'LEDGERBAL',
  'AVAILBAL',
  '/STMTRS',
  '/CCSTMTRS',
  '/OFX',
]);
/** Tags that end the ledger balance's aggregate. */
const ENDS_LEDGER = new Set(['/LEDGERBAL', 'AVAILBAL', 'BANKTRANLIST', '/STMTRS', '/CCSTMTRS']);

export function readOfx(bytes: Buffer): StatementRead {
  const text = decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw badRequest(m.statementUnknownFormat);
  if (!/<OFX>/i.test(text)) throw badRequest(m.statementUnknownFormat);
  const lineAt = lineCounter(text);
  const currency = currencyKeeper();
  const lines: StatementLineRead[] = [];
  let block: Block | undefined;
  let inLedger = false;
  // Inside a transaction's <CURRENCY> (its amount is in that currency), not <ORIGCURRENCY> (its
  // amount was converted into the statement's; the original is only told).
  let inCurrency = false;
  let closing: { text: string; line: number } | undefined;
  let blocks = 0;

  for (let at = text.indexOf('<'); at !== -1;) {
    // The tag's name, as far as it goes: '<' then name characters then '>' (or a '/' first).
    let end = at + 1;
    if (text.charCodeAt(end) === 47) end += 1; // '/'
    const nameStart = end;
    while (end < text.length && end - nameStart <= MAX_TAG && isNameChar(text.charCodeAt(end)))
      end += 1;
    if (end === nameStart || text.charCodeAt(end) !== 62 /* > */) {
      // Not a tag (a '<' in a text, a declaration): looked at once, then on.
      at = text.indexOf('<', at + 1);
      continue;
    }
    const tag = text.slice(at + 1, end).toUpperCase();
    const next = text.indexOf('<', end + 1);
    const rest = text.slice(end + 1, next === -1 ? text.length : next);
    const lineEnd = rest.search(/[\r\n]/);
    const value = (lineEnd === -1 ? rest : rest.slice(0, lineEnd)).trim();

    if (block && ENDS_TRANSACTION.has(tag)) {
      lines.push(transaction(block));
      block = undefined;
      inCurrency = false;
    }
    if (inLedger && ENDS_LEDGER.has(tag)) inLedger = false;
    if (tag === 'STMTTRN') {
      blocks += 1;
      checkCount(blocks);
      block = { line: lineAt(at), fields: new Map() };
    } else if (tag === 'LEDGERBAL') inLedger = true;
    else if (tag === 'CURDEF') currency.see(value, lineAt(at));
    else if (tag === 'CURRENCY') inCurrency = true;
    else if (tag === '/CURRENCY' || tag === 'ORIGCURRENCY') inCurrency = false;
    else if (tag === 'CURSYM' && inCurrency) currency.see(value, lineAt(at));
    else if (tag.charCodeAt(0) !== 47 && value !== '') {
      if (block && !block.fields.has(tag)) block.fields.set(tag, decodeXmlText(value));
      else if (inLedger && tag === 'BALAMT' && !closing)
        closing = { text: value, line: lineAt(at) };
    }
    at = next;
  }
  if (block) lines.push(transaction(block));
  return {
    format: 'ofx',
    lines,
    opening: null,
    closing: closing ? centsOfText(closing.text, closing.line) : null,
    currency: currency.code,
  };
}
