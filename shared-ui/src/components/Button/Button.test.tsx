import { render, screen } from '@testing-library/react';
import { Button } from './Button';

describe('Button', () => {
  it('should show its label and be enabled when idle', () => {
    render(<Button busyLabel="Adding...">Add Expense</Button>);
    expect(screen.getByRole('button', { name: 'Add Expense' })).toBeEnabled();
  });

  it('should show the busy label and be disabled while busy', () => {
    render(
      <Button busy busyLabel="Adding...">
        Add Expense
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Adding...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
