import {
  currentMonthRange,
  fillWithCurrentMonth,
  formatTimestamp,
  firstDayOfMonth,
  lastDayOfMonth,
  toIsoDate,
} from './dates';

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

  it('should fill each empty date of a range with the end of the current month it stands for', () => {
    const today = new Date(2026, 1, 10);
    expect(fillWithCurrentMonth({ from: '', to: '' }, today)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(fillWithCurrentMonth({ from: '2025-12-01', to: '' }, today)).toEqual({
      from: '2025-12-01',
      to: '2026-02-28',
    });
  });

  it('should show a moment in each of the styles the screens use', () => {
    const iso = '2026-11-24T03:04:05.000Z';
    const at = new Date(iso);
    expect(formatTimestamp(iso)).toBe(at.toLocaleString());
    expect(formatTimestamp(iso, 'stored')).toBe('2026-11-24 03:04');
    expect(formatTimestamp(iso, 'seconds')).toBe(
      `${toIsoDate(at)} ${[at.getHours(), at.getMinutes(), at.getSeconds()]
        .map((part) => String(part).padStart(2, '0'))
        .join(':')}`,
    );
  });
});
