import { act, renderHook } from '@testing-library/react';
import { useAppliedFilters } from './useAppliedFilters';

describe('useAppliedFilters', () => {
  it('should apply other filters, and ask again for the same ones in any order', () => {
    const refetch = jest.fn();
    const { result } = renderHook(() =>
      useAppliedFilters({ from: '2026-01-01', to: '2026-01-31' }),
    );
    act(() => result.current.apply({ to: '2026-01-31', from: '2026-01-01' }, refetch));
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => result.current.apply({ from: '2026-02-01', to: '2026-02-28' }, refetch));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(result.current.applied).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('should apply the first filters when none were applied', () => {
    const refetch = jest.fn();
    const { result } = renderHook(() =>
      useAppliedFilters<{ partyId: string } | undefined>(undefined),
    );
    act(() => result.current.apply({ partyId: '3' }, refetch));
    expect(refetch).not.toHaveBeenCalled();
    expect(result.current.applied).toEqual({ partyId: '3' });
  });
});
