import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from 'shared-ui';
import { SettingsPage } from './SettingsPage';

describe('SettingsPage', () => {
  beforeEach(() => jest.spyOn(api, 'get').mockResolvedValue({ users: [] }));
  afterEach(() => jest.restoreAllMocks());

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
