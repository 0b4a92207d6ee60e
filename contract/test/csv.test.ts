import { CSV_BOM, csvCell, csvLine, defuseFormulas, toCsv } from '../src/csv.js';

/**
 * The pieces a spreadsheet can make of a CSV text when it splits on `separator`, whether or not
 * it honours the quotes (they only protect against the separator the file was written with):
 * each cut at the separator or a line break (a lone CR ends a line for some readers, not for
 * others), with the spaces and quotes a reader may pass over at its start left off.
 */
const pieces = (csv: string, separator: string): string[] =>
  [/\r\n|\n/, /\r\n|\r|\n/].flatMap((lineBreak) =>
    csv
      .replace(/^\uFEFF/, '')
      .split(lineBreak)
      .flatMap((line) => line.split(separator))
      .map((piece) => piece.replace(/^(?:(?![\t\r\n])[\s"])+/, '')),
  );
/** A piece a spreadsheet may run: `= + - @`, or TAB or CR that some skip, first; not a number. */
const isFormula = (piece: string) => /^[=+\-@\t\r]/.test(piece) && !/^-?\d+(\.\d+)?$/.test(piece);

const HOSTILE = [
  'x;=1+1;',
  'Sam;=1+1;',
  'nobody;=2+2;@x',
  'Mozilla;=1+1;',
  'a\t=HYPERLINK("http://x")',
  'line\n=1+1',
  'line\r+1+1',
  'line\r\r=1+1',
  'a;\tb',
  'line\r\n-1+1',
  'a,=1+1',
  'a; =1+1',
  'a;"=1+1"',
  'a;""=1+1""',
  'a;\u00a0@SUM(1)',
  '=1+1',
  ' =1+1',
  '"=1+1"',
  '\t=1+1',
  '-1+1',
  '+1',
  '@cmd',
  ';;;=1;\t\t-2;\n\n+3;@4',
];

describe('csv', () => {
  it('should leave plain text and numbers as they are', () => {
    expect(csvCell('Rent')).toBe('Rent');
    expect(csvCell('Paid - thanks')).toBe('Paid - thanks');
    expect(csvCell('a=b+c')).toBe('a=b+c');
    expect(csvCell('user@example.com')).toBe('user@example.com');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(-20)).toBe('-20');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('should quote fields with commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('the "big" one')).toBe('"the ""big"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('\u00a0nbsp')).toBe('"\u00a0nbsp"');
    expect(csvCell('two\tcolumns')).toBe('two\tcolumns');
  });

  it('should defuse text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-refund')).toBe("'-refund");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=a,b')).toBe('"\'=a,b"');
    expect(csvCell('-150.00')).toBe('-150.00');
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('\tindented')).toBe('"\'\tindented"');
    expect(csvCell('\r=1')).toBe('"\'\r\'=1"');
  });

  it('should defuse a formula after a semicolon, TAB, comma or line break inside a value', () => {
    expect(csvCell('x;=1+1;')).toBe("x;'=1+1;");
    expect(csvCell('nobody;=2+2;@x')).toBe("nobody;'=2+2;'@x");
    expect(csvCell('a\t=1')).toBe("a\t'=1");
    expect(csvCell('a,=1')).toBe('"a,\'=1"');
    expect(csvCell('two\n=lines')).toBe('"two\n\'=lines"');
    expect(csvCell('cr\r+1')).toBe('"cr\r\'+1"');
    expect(csvCell('a; =1')).toBe("a; '=1");
    expect(csvCell('a;"=1"')).toBe('"a;""\'=1"""');
    expect(csvCell('refund;-150.00')).toBe("refund;'-150.00");
    expect(csvCell('a;\t=1')).toBe("a;'\t'=1");
    expect(csvCell('a;\u00a0@x')).toBe("a;\u00a0'@x");
  });

  it('should change nothing but the apostrophes it adds', () => {
    for (const value of HOSTILE) {
      expect(defuseFormulas(value).replace(/'/g, '')).toBe(value.replace(/'/g, ''));
    }
  });

  it.each([',', ';', '\t'])(
    'should leave no piece that starts a formula when a spreadsheet splits on %j',
    (separator) => {
      const csv = CSV_BOM + toCsv([['id', 'text'], ...HOSTILE.map((value, id) => [id, value])]);
      const formulas = pieces(csv, separator).filter(isFormula);
      expect(formulas).toEqual([]);
      // The check itself finds what the values carry when written as they are.
      expect(pieces(HOSTILE.join('\n'), separator).filter(isFormula)).not.toEqual([]);
    },
  );

  it('should leave no formula in any piece of random text full of separators and formula characters', () => {
    const alphabet = [
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      ',',
      ';',
      ' ',
      '"',
      "'",
      'a',
      '1',
      '.',
      '\u00a0',
    ];
    let seed = 17;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = Array.from({ length: 3000 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 10) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join(''),
    );
    const csv = toCsv(values.map((value, id) => [id, value, value]));
    for (const separator of [',', ';', '\t']) {
      expect(pieces(csv, separator).filter(isFormula)).toEqual([]);
    }
  });

  it('should join rows with CRLF and end with one', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
    expect(
      toCsv([
        ['Client', 'Total'],
        ['A, B', 10],
      ]),
    ).toBe('Client,Total\r\n"A, B",10\r\n');
  });
});
