import { readBlob } from '../../testing/test-utils';
import { downloadCsv } from './csv';

describe('downloadCsv', () => {
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
