import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PeriodPresets } from './PeriodPresets';
import { periodRange, presetOf, yearToDate } from './periods';

// A fixed today: 27 November 2026, and the turns of the year and of a leap February.
const TODAY = new Date(2026, 10, 27, 15, 30);

describe('period presets', () => {
  it('computes each period from a fixed today', () => {
    expect(periodRange('thisMonth', TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('lastMonth', TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('thisYear', TODAY)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('lastYear', TODAY)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(yearToDate(TODAY)).toEqual({ from: '2026-01-01', to: '2026-11-27' });
  });

  it('crosses the year and knows a leap February', () => {
    const january = new Date(2026, 0, 31);
    expect(periodRange('lastMonth', january)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    const march = new Date(2028, 2, 31);
    expect(periodRange('lastMonth', march)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('thisMonth', new Date(2027, 1, 3))).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
  });

  it('names the preset a range is, and none for another range', () => {
    expect(presetOf({ from: '2026-10-01', to: '2026-10-31' }, TODAY)).toBe('lastMonth');
    expect(presetOf({ from: '2026-10-01', to: '2026-10-30' }, TODAY)).toBeUndefined();
  });

  it('offers the four periods and hands the chosen one over, its button pressed', async () => {
    const picked: unknown[] = [];
    const { rerender } = render(
      <PeriodPresets
        range={{ from: '', to: '' }}
        onPick={(range) => picked.push(range)}
        today={TODAY}
      />,
    );
    const group = screen.getByRole('group', { name: 'Period' });
    expect(
      Array.from(group.querySelectorAll('button')).map((button) => button.textContent),
    ).toEqual(['This month', 'Last month', 'This year', 'Last year']);
    await userEvent.click(screen.getByRole('button', { name: 'Last month' }));
    expect(picked).toEqual([{ from: '2026-10-01', to: '2026-10-31' }]);
    rerender(
      <PeriodPresets
        range={{ from: '2026-10-01', to: '2026-10-31' }}
        onPick={(range) => picked.push(range)}
        today={TODAY}
      />,
    );
    expect(screen.getByRole('button', { name: 'Last month' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
