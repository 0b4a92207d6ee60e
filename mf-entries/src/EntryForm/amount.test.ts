import { parseAmount } from './amount';

describe('parseAmount', () => {
  it.each([
    ['1', 1],
    ['1500.5', 1500.5],
    ['0.01', 0.01],
    [' 12.30 ', 12.3],
    ['.5', 0.5],
    ['7.', 7],
    ['999999999999.99', 999999999999.99],
    ['12,500', 12500],
    ['12,500.50', 12500.5],
    ['1,234,567.89', 1234567.89],
    ['999,999,999,999.99', 999999999999.99],
  ])('should read %p as %p', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each([
    '',
    'abc',
    '0',
    '0.00',
    '-5',
    '+5',
    '1.234',
    '1e3',
    '0x10',
    '1,00',
    '12,50.5',
    ',500',
    '1 000',
    '.',
    '1000000000000',
  ])('should refuse %p', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });
});
