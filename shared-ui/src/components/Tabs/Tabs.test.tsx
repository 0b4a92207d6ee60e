import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'a', label: 'Expenses', content: <p>Manage Expense Types</p> },
  { id: 'b', label: 'Other Settings', content: <p>Nothing here yet</p> },
];

describe('Tabs', () => {
  it('should show the first tab and switch on click', async () => {
    render(<Tabs label="Settings" tabs={tabs} />);
    expect(screen.getByRole('tab', { name: 'Expenses' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Manage Expense Types');

    await userEvent.click(screen.getByRole('tab', { name: 'Other Settings' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Nothing here yet');
  });

  it('should move between tabs with the arrow keys', async () => {
    render(<Tabs label="Settings" tabs={tabs} />);
    screen.getByRole('tab', { name: 'Expenses' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Other Settings' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Nothing here yet');
  });
});
