import { Amount } from '../src/common.js';
import {
  AMOUNT_MAX_CENTS,
  addMoney,
  amountNumber,
  centsOf,
  centsText,
  compareMoney,
  formatMoney,
  formatRs,
  fromCents,
  hasAtMostTwoDecimals,
  parseMoney,
  plainMoney,
  subtractMoney,
  sumMoney,
  toCents,
} from '../src/money.js';

describe('parsing an amount as typed', () => {
  it('should read plain and grouped amounts to exact cents', () => {
    expect(parseMoney('12.30')).toBe(1230n);
    expect(parseMoney('12,500.50')).toBe(1250050n);
    expect(parseMoney(' 7 ')).toBe(700n);
    expect(parseMoney('0.5')).toBe(50n);
    expect(parseMoney('-1,234.05')).toBe(-123405n);
    expect(parseMoney('+3')).toBe(300n);
    expect(parseMoney('.5')).toBe(50n);
    expect(parseMoney('7.')).toBe(700n);
  });

  it('should take the largest amount the contract takes, and refuse one cent more', () => {
    expect(parseMoney('999,999,999,999.99')).toBe(AMOUNT_MAX_CENTS);
    expect(parseMoney('999999999999.99')).toBe(AMOUNT_MAX_CENTS);
    expect(parseMoney('-999,999,999,999.99')).toBe(-AMOUNT_MAX_CENTS);
    expect(parseMoney('1,000,000,000,000.00')).toBeNull();
    expect(parseMoney('1000000000000')).toBeNull();
    expect(parseMoney('-1000000000000')).toBeNull();
  });

  it('should refuse what is not an amount', () => {
    for (const text of [
      '',
      'abc',
      '1.234',
      '12,50.00',
      '1,2345',
      '1e3',
      '0x10',
      '.',
      '-',
      ',100',
      '--1',
      '1 000',
    ])
      expect(parseMoney(text)).toBeNull();
  });

  it('should agree with the contract on the largest amount', () => {
    const [number] = Amount.anyOf;
    expect(number.maximum).toBe(Number(centsText(AMOUNT_MAX_CENTS)));
  });
});

describe('reading money values', () => {
  it('should round half away from zero at the cent, and give null for non-numbers', () => {
    expect(toCents('99.995')).toBe(10000n);
    expect(toCents(-0.005)).toBe(-1n);
    expect(toCents(1e-7)).toBe(0n);
    expect(toCents('x')).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(undefined)).toBeNull();
    expect(centsOf('-1234.50')).toBe(-123450n);
    expect(() => centsOf('1,0')).toThrow();
  });

  it('should tell amounts with at most two decimals', () => {
    expect(hasAtMostTwoDecimals(999999999999.99)).toBe(true);
    expect(hasAtMostTwoDecimals(10.005)).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
    expect(amountNumber('999999999999.99')).toBe(999999999999.99);
    expect(amountNumber(null)).toBe(0);
  });
});

describe('adding and comparing', () => {
  it('should add and subtract in whole cents', () => {
    expect(sumMoney([0.1, 0.2, null, 'x'])).toBe(0.3);
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(subtractMoney(0.3, 0.1)).toBe(0.2);
    expect(addMoney(-999999999999.99, 999999999999.99)).toBe(0);
  });

  it('should stay exact past 2^53 cents, as text where a double would round', () => {
    const total = sumMoney(Array.from({ length: 101 }, () => 999999999999.99));
    expect(total).toBe('100999999999998.99');
    expect(addMoney(total, '0.01')).toBe(100999999999999);
    expect(subtractMoney(total, 999999999999.99)).toBe(99999999999999);
    expect(subtractMoney('0', total)).toBe('-100999999999998.99');
    expect(plainMoney(total)).toBe('100999999999998.99');
  });

  it('should compare exactly at any size and across signs', () => {
    expect(compareMoney(999999999999.99, '999999999999.99')).toBe(0);
    expect(compareMoney('100999999999998.99', '100999999999998.98')).toBe(1);
    expect(compareMoney(-0.01, 0)).toBe(-1);
    expect(compareMoney('-999999999999.99', -999999999999.98)).toBe(-1);
  });

  it('should give a number whenever a double carries the figure exactly', () => {
    expect(fromCents(12345n)).toBe(123.45);
    expect(fromCents(0n)).toBe(0);
    expect(fromCents(-5n)).toBe(-0.05);
  });
});

describe('formatting', () => {
  it('should show two decimals with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('1,234.50');
    expect(formatMoney('12500.5')).toBe('12,500.50');
    expect(formatMoney('99.999')).toBe('100.00');
    expect(formatMoney(-150)).toBe('-150.00');
    expect(formatMoney('-0.50')).toBe('-0.50');
    expect(formatMoney(999999999999.99)).toBe('999,999,999,999.99');
    expect(formatMoney(-999999999999.99)).toBe('-999,999,999,999.99');
  });

  it('should show zero for missing or invalid amounts', () => {
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });

  it('should prefix the currency label RS:', () => {
    expect(formatRs(10)).toBe('RS: 10.00');
    expect(formatRs('100999999999998.99')).toBe('RS: 100,999,999,999,998.99');
  });

  it('should write the plain form a CSV and the database take', () => {
    expect(plainMoney(1234.5)).toBe('1234.50');
    expect(centsText(-5n)).toBe('-0.05');
    expect(centsText(AMOUNT_MAX_CENTS)).toBe('999999999999.99');
    expect(formatMoney('-29999999999999999700.05')).toBe('-29,999,999,999,999,999,700.05');
  });

  it('should read back what it formats', () => {
    for (const cents of [AMOUNT_MAX_CENTS, -AMOUNT_MAX_CENTS, 1250050n, 1n, 0n, -5n])
      expect(parseMoney(formatMoney(fromCents(cents)))).toBe(cents);
  });
});
