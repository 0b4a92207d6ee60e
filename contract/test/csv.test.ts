import { csvCell, toCsv } from '../src/csv.js';

describe('csv', () => {
  it('should leave plain text and numbers as they are', () => {
    expect(csvCell('Rent')).toBe('Rent');
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
  });

  it('should defuse text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-refund')).toBe("'-refund");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=a,b')).toBe('"\'=a,b"');
    expect(csvCell('-150.00')).toBe('-150.00');
    expect(csvCell('-1+1')).toBe("'-1+1");
  });

  it('should join rows with CRLF and end with one', () => {
    expect(
      toCsv([
        ['Client', 'Total'],
        ['A, B', 10],
      ]),
    ).toBe('Client,Total\r\n"A, B",10\r\n');
  });
});
