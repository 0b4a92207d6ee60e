import { readBlob } from '../testing/test-utils';
import { csvCell, downloadCsv, toCsv } from './csv';

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

  it('should download through a Blob and a temporary link', async () => {
    const createObjectURL = jest.fn(() => 'blob:report');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
      expect(document.querySelector('a[download="report.csv"]')).not.toBeNull();
    });
    jest.useFakeTimers();

    downloadCsv('report.csv', 'a,b\r\n');

    expect(click).toHaveBeenCalledTimes(1);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // Three bytes of byte-order mark, then the text.
    expect(blob.size).toBe(3 + 'a,b\r\n'.length);
    expect(await readBlob(blob)).toBe('a,b\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:report');
    jest.useRealTimers();
    click.mockRestore();
  });
});
