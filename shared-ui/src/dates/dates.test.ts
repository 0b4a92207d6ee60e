import { currentMonthRange, firstDayOfMonth, lastDayOfMonth, toIsoDate } from './dates';

describe('date helpers', () => {
  it('should format a local date as YYYY-MM-DD with zero padding', () => {
    expect(toIsoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });

  it('should give the first and last day of the month, leap years included', () => {
    expect(firstDayOfMonth(new Date(2024, 1, 17))).toBe('2024-02-01');
    expect(lastDayOfMonth(new Date(2024, 1, 17))).toBe('2024-02-29');
    expect(lastDayOfMonth(new Date(2023, 11, 31))).toBe('2023-12-31');
  });

  it('should default the range to the current month', () => {
    const today = new Date();
    const { from, to } = currentMonthRange();
    expect(from).toBe(toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1)));
    expect(to).toBe(toIsoDate(new Date(today.getFullYear(), today.getMonth() + 1, 0)));
  });
});
