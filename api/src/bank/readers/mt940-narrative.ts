// The readable text of an MT940 :86: field ("information to account owner"). Banks write it in
// one of three ways, all read here in one pass over its lines:
// - sub-fields behind a code, `?20` (German banks) or `>20` (Triodos): ?20..?29 and ?60..?63 the
//   purpose, ?32/?33 the other party's name, ?00 the posting text. The purpose is cut into
//   pieces of 27 characters wherever the width runs out, inside words too ("KOS>21TEN" is
//   KOSTEN): a full piece, or a piece whose code sits inside a word, is joined to the next
//   without a space. SEPA keywords (EREF+, SVWZ+, ...) keep the remittance text and the name.
// - slash-coded words, `/TRTP/.../NAME/.../REMI/...` (ABN AMRO, ING, Rabobank): the name and the
//   remittance text, else the kind of transaction.
// - free text, its lines of 65 characters cut where the width runs out: a full line is joined to
//   the next without a space.

/** The width of an MT940 line and of one ?2x purpose piece. */
const LINE_WIDTH = 65;
const PIECE_WIDTH = 27;

interface SubField {
  code: number;
  text: string;
  /** The code began its line (a new line of the field), rather than inside one. */
  atLineStart: boolean;
}

const SEPA_KEY = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|PURP|SQTP)\+/g;
const KEPT_SEPA = new Set(['SVWZ', 'ABWA', 'ABWE']);
const startsWithSepaKey = (text: string) =>
  /^(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE)\+/.test(text);
const isLetter = (char: string | undefined) => char !== undefined && /\p{L}/u.test(char);

/** Joins lines cut at the MT940 width: a full line goes on without a space. */
function joinLines(lines: readonly string[]): string {
  let text = '';
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (i > 0 && lines[i - 1]!.length < LINE_WIDTH) text += ' ';
    text += line;
  }
  return text;
}

/** The sub-fields of a coded field: `sep` then two digits begins each. */
function subFields(lines: readonly string[], sep: string): SubField[] {
  const fields: SubField[] = [];
  const code = new RegExp(`\\${sep}(\\d{2})`, 'g');
  for (const line of lines) {
    code.lastIndex = 0;
    let from = 0;
    let open = fields[fields.length - 1];
    for (let match = code.exec(line); match; match = code.exec(line)) {
      // What comes before the first code of a line continues the sub-field of the line before
      // (cut by the width: no space), or is the transaction code at the field's start.
      if (open) open.text += line.slice(from, match.index);
      open = { code: Number(match[1]), text: '', atLineStart: match.index === 0 };
      fields.push(open);
      from = match.index + match[0].length;
    }
    if (open) open.text += line.slice(from);
  }
  return fields;
}

/** The purpose pieces joined: without a space where the cut fell inside a word. */
function joinPieces(pieces: readonly SubField[]): string {
  let text = '';
  let previous: SubField | undefined;
  for (const piece of pieces) {
    if (previous) {
      const full = previous.text.length >= PIECE_WIDTH;
      const inWord =
        !piece.atLineStart && isLetter(previous.text.at(-1)) && isLetter(piece.text[0]);
      if (startsWithSepaKey(piece.text) || !(full || inWord)) text += ' ';
    }
    text += piece.text;
    previous = piece;
  }
  return text;
}

/** The remittance text of a purpose with SEPA keywords; the purpose itself without them. */
function sepaPurpose(purpose: string): string {
  const marks = [...purpose.matchAll(SEPA_KEY)];
  if (marks.length === 0) return purpose;
  const kept = [purpose.slice(0, marks[0]!.index)];
  marks.forEach((mark, i) => {
    const end = marks[i + 1]?.index ?? purpose.length;
    if (KEPT_SEPA.has(mark[1]!)) kept.push(purpose.slice(mark.index + mark[0].length, end));
  });
  return kept.join(' ');
}

function coded(lines: readonly string[], sep: string): string {
  const fields = subFields(lines, sep);
  const purpose = joinPieces(
    fields.filter((f) => (f.code >= 20 && f.code <= 29) || (f.code >= 60 && f.code <= 63)),
  );
  const names = fields.filter((f) => f.code === 32 || f.code === 33);
  const name = joinPieces(names.map((f) => ({ ...f, atLineStart: true })));
  const text = [name, sepaPurpose(purpose)].map((part) => part.trim()).filter(Boolean);
  if (text.length > 0) return text.join(' ');
  return fields.find((f) => f.code === 0)?.text ?? '';
}

const SLASH_CODE =
  /\/(TRTP|IBAN|BIC|NAME|REMI|EREF|ORDP|BENM|MARF|CSID|ADDR|ISDT|RTRN|ULTC|ULTD|ULTB|PURP|CNTP|SVCL|USTD|STRD|CDTRREF|CDTRREFTP|ISSR)(?=\/)/g;

function slashed(text: string): string {
  const values = new Map<string, string>();
  const marks = [...text.matchAll(SLASH_CODE)];
  marks.forEach((mark, i) => {
    const value = text
      .slice(mark.index + mark[0].length, marks[i + 1]?.index ?? text.length)
      .replace(/^\/+|\/+$/g, '')
      .trim();
    if (!values.get(mark[1]!)) values.set(mark[1]!, value);
  });
  const remittance = values.get('REMI') || values.get('USTD') || values.get('STRD') || '';
  const parts = [values.get('NAME') ?? '', remittance].filter(Boolean);
  if (parts.length > 0) return parts.join(' ');
  return values.get('TRTP') || text;
}

/** The :86: field's readable text, from its lines (the first without its tag). */
export function narrative(lines: readonly string[]): string {
  const first = lines[0]?.trimStart() ?? '';
  const codedStart = /^(?:\d{3})?([?>])\d{2}/.exec(first);
  if (codedStart) return coded(lines, codedStart[1]!);
  const text = joinLines(lines);
  if (/^\s*\/[A-Z]{2,9}\//.test(text)) return slashed(text.trim());
  return text;
}
