import { render, screen } from '@testing-library/react';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('should show money with the RS: prefix', () => {
    render(<StatCard label="Total Income" value={1500} money />);
    expect(screen.getByRole('region', { name: 'Total Income' })).toHaveTextContent('RS: 1,500.00');
  });

  it('should show counts as they are', () => {
    render(<StatCard label="Total Admins" value={3} />);
    expect(screen.getByRole('region', { name: 'Total Admins' })).toHaveTextContent(
      /^Total Admins3$/,
    );
  });
});
