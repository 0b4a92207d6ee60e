import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, mockCurrentUser, mockEndpoint, render } from 'shared-ui/testing';
import { SettingsPage } from './SettingsPage';

describe('SettingsPage', () => {
  beforeEach(() => {
    mockCurrentUser('staff');
    mockEndpoint(endpoints.listExpenseTypes, { users: [] });
  });

  it('should open on Expenses and show placeholder text under Other Settings', async () => {
    render(<SettingsPage />);
    expect(screen.getByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Expenses' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByRole('heading', { name: 'Manage Expense Types' }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Other Settings' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Other settings will appear here.');
    expect(screen.queryByRole('button', { name: 'Add Expense' })).not.toBeInTheDocument();
  });
});
