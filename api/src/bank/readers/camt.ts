// CAMT.053 statements. No maintained reader exists on npm; it is read with saxes (as the Excel
// reader is), which expands no entity but XML's own five and reads no DTD, and a document with a
// DOCTYPE is refused outright. The walk keeps counters, never searches the open elements, and
// refuses nesting deeper than any CAMT.053 document goes (a statement's deepest element is some
// 15 levels down): a 1.8 MB file of nested <Nm> held the server 26.9 s when every closing tag
// searched the path of open elements.
import { SaxesParser } from 'saxes';
import { accountMessages as m, statementMessages as sm } from 'contract';
import { badRequest } from '../../lib/errors.js';
import { isRealDay } from '../../lib/dates.js';
import {
  centsOfText,
  checkCount,
  checkText,
  currencyKeeper,
  decode,
  MAX_REFERENCE,
  refuse,
  type StatementLineRead,
  type StatementRead,
} from './common.js';

/** Open elements at most. */
const MAX_DEPTH = 64;

export function readCamt(bytes: Buffer): StatementRead {
  const text = decode(bytes);
  const parser = new SaxesParser({ xmlns: false, position: true });
  /** The open elements' local names, the document's first; never deeper than MAX_DEPTH. */
  const path: string[] = [];
  /** Open RltdPties and Tp elements: counted, so that no check walks the path. */
  let related = 0;
  let types = 0;
  const currency = currencyKeeper();
  const lines: StatementLineRead[] = [];
  let entry:
    | {
        line: number;
        amount?: string;
        credit?: boolean;
        date?: string;
        reference: string;
        info: string[];
      }
    | undefined;
  let balance: { type?: string; amount?: string; credit?: boolean; line: number } | undefined;
  let opening: bigint | null = null;
  let closing: bigint | null = null;
  let textBuffer = '';
  const local = (name: string) => name.replace(/^.*:/, '');
  parser.on('doctype', () => {
    throw badRequest(m.statementUnknownFormat);
  });
  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    if (path.length >= MAX_DEPTH) throw badRequest(sm.tooDeep(parser.line));
    path.push(name);
    if (name === 'RltdPties') related += 1;
    if (name === 'Tp') types += 1;
    textBuffer = '';
    const parent = path[path.length - 2];
    if (name === 'Amt' && (parent === 'Ntry' || parent === 'Bal'))
      currency.see(tag.attributes.Ccy as string | undefined, parser.line);
    if (name === 'Ntry') {
      entry = { line: parser.line, reference: '', info: [] };
      checkCount(lines.length + 1);
    }
    if (name === 'Bal' && !entry) balance = { line: parser.line };
  });
  parser.on('text', (value) => {
    textBuffer += value;
    if (textBuffer.length > 10_000) throw refuse(parser.line, 'a text is too long');
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    const value = textBuffer.trim();
    const parent = path[path.length - 2] ?? '';
    if (entry) {
      if (name === 'Amt' && parent === 'Ntry') entry.amount = value;
      else if (name === 'CdtDbtInd' && parent === 'Ntry') entry.credit = value === 'CRDT';
      else if ((name === 'Dt' || name === 'DtTm') && parent === 'BookgDt')
        entry.date = value.slice(0, 10);
      else if ((name === 'Dt' || name === 'DtTm') && parent === 'ValDt' && !entry.date)
        entry.date = value.slice(0, 10);
      else if (name === 'AcctSvcrRef' && parent === 'Ntry') entry.reference = value;
      else if (
        (name === 'EndToEndId' || name === 'TxId') &&
        !entry.reference &&
        value !== 'NOTPROVIDED'
      )
        entry.reference = value;
      else if (name === 'Ustrd' || name === 'AddtlNtryInf' || (name === 'Nm' && related > 0))
        entry.info.push(value);
      else if (name === 'Ntry') {
        const line = entry.line;
        if (!entry.amount) throw refuse(line, 'the entry has no Amt');
        if (entry.credit === undefined) throw refuse(line, 'the entry has no CdtDbtInd');
        if (!entry.date || !isRealDay(entry.date))
          throw refuse(line, 'the entry has no booking date');
        const cents = centsOfText(entry.amount, line);
        if (cents <= 0n) throw refuse(line, 'the entry has no amount');
        lines.push({
          line,
          date: entry.date,
          cents: entry.credit ? cents : -cents,
          description: checkText([...new Set(entry.info)].join(' '), line),
          reference: checkText(entry.reference, line, MAX_REFERENCE),
          balance: null,
        });
        entry = undefined;
      }
    } else if (balance) {
      if (name === 'Cd' && types > 0) balance.type = value;
      else if (name === 'Amt' && parent === 'Bal') balance.amount = value;
      else if (name === 'CdtDbtInd' && parent === 'Bal') balance.credit = value === 'CRDT';
      else if (name === 'Bal') {
        if (balance.amount) {
          const cents =
            centsOfText(balance.amount, balance.line) * (balance.credit === false ? -1n : 1n);
          if (balance.type === 'OPBD' || balance.type === 'PRCD') opening ??= cents;
          if (balance.type === 'CLBD') closing = cents;
        }
        balance = undefined;
      }
    }
    if (name === 'Ccy' && parent === 'Acct') currency.see(value, parser.line);
    if (name === 'RltdPties') related -= 1;
    if (name === 'Tp') types -= 1;
    path.pop();
    textBuffer = '';
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw refuse(parser.line, 'the XML is not well formed');
  }
  if (!text.includes('BkToCstmrStmt')) throw badRequest(m.statementUnknownFormat);
  return { format: 'camt053', lines, opening, closing, currency: currency.code };
}
