import { formatMoney, formatRs } from './money';

describe('money formatting', () => {
  it('should show two decimals with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('99.999')).toBe('100.00');
  });

  it('should show zero for missing or invalid amounts', () => {
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
  });

  it('should prefix the currency label RS:', () => {
    expect(formatRs(10)).toBe('RS: 10.00');
  });
});
