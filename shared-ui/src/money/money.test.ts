import { formatMoney, formatRs, fromCents, plainMoney, subtractMoney, sumMoney } from './money';

describe('money formatting', () => {
  it('should show two decimals with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('99.999')).toBe('100.00');
    expect(formatMoney(-150)).toBe('-150.00');
  });

  it('should show zero for missing or invalid amounts', () => {
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });

  it('should prefix the currency label RS:', () => {
    expect(formatRs(10)).toBe('RS: 10.00');
  });

  it('should show totals past what a double holds exactly, to the cent', () => {
    // 101 entries of 999,999,999,999.99; as a double this prints ...998.98.
    expect(formatRs('100999999999998.99')).toBe('RS: 100,999,999,999,998.99');
    expect(formatMoney('-29999999999999999700.05')).toBe('-29,999,999,999,999,999,700.05');
    expect(formatMoney(999999999999.99)).toBe('999,999,999,999.99');
  });
});

describe('money arithmetic', () => {
  it('should add and subtract in whole cents', () => {
    expect(sumMoney([0.1, 0.2, null, 'x'])).toBe(0.3);
    expect(subtractMoney(0.3, 0.1)).toBe(0.2);
    expect(plainMoney(1234.5)).toBe('1234.50');
  });

  it('should stay exact past 2^53 cents, as text where a double would round', () => {
    const total = sumMoney(Array.from({ length: 101 }, () => 999999999999.99));
    expect(total).toBe('100999999999998.99');
    expect(subtractMoney(total, 999999999999.99)).toBe(99999999999999);
    expect(subtractMoney('0', total)).toBe('-100999999999998.99');
    expect(plainMoney(total)).toBe('100999999999998.99');
  });

  it('should give a number whenever a double carries the figure exactly', () => {
    expect(fromCents(12345n)).toBe(123.45);
    expect(fromCents(0n)).toBe(0);
    expect(fromCents(-5n)).toBe(-0.05);
  });
});
