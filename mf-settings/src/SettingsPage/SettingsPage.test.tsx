import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint, render } from 'shared-ui/testing';
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
    expect(await axeViolations()).toEqual([]);
  });

  it('should offer the Backups tab to admins only, after the spec tabs and Security', async () => {
    render(<SettingsPage />);
    await screen.findByRole('heading', { name: 'Manage Expense Types' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Expenses',
      'Other Settings',
      'Security',
    ]);
  });

  it('should show an admin the Backups tab with the kept backups', async () => {
    mockCurrentUser('admin');
    mockEndpoint(endpoints.listBackups, {
      backups: [],
      schedule: { enabled: true, dir: '/data/backups', everyHours: 24, keep: 14, nextDue: null },
      lastFailure: null,
    });
    render(<SettingsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Backups' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Expenses',
      'Other Settings',
      'Security',
      'Accounts',
      'Books closed',
      'Backups',
      'Company',
      'Releases',
    ]);
    expect(await screen.findByRole('button', { name: 'Back up now' })).toBeInTheDocument();
    expect(screen.getByText('No backups yet')).toBeInTheDocument();
  });

  it('should let an admin keep the money accounts under Accounts', async () => {
    mockCurrentUser('admin');
    mockEndpoint(endpoints.listAccounts, {
      accounts: [
        {
          id: 1,
          name: 'Cash',
          kind: 'Cash',
          bankName: null,
          last4: null,
          openingBalance: 0,
          openingDate: '2026-01-01',
          isDefault: true,
          currency: 'PKR',
          balance: 1250.5,
          reconciledThrough: null,
          reconcileOverdue: false,
        },
      ],
    });
    render(<SettingsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Accounts' }));
    expect(await screen.findByRole('cell', { name: 'RS: 1,250.50' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Cash' })).toBeInTheDocument();
  });

  it("should show an admin the Company tab's saved details once its chunk has loaded", async () => {
    mockCurrentUser('admin');
    mockEndpoint(endpoints.getCompany, {
      name: 'Noor & Sons',
      address: '12 Mall Road',
      phone: '',
      email: '',
      taxNumber: '',
      logo: null,
    });
    render(<SettingsPage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Company' }));
    expect(await screen.findByLabelText('Company name')).toHaveValue('Noor & Sons');
    expect(screen.getByText('No logo')).toBeInTheDocument();
  });

  it('should open the tab a link names, the Company tab of the set-up list', async () => {
    mockCurrentUser('admin');
    mockEndpoint(endpoints.getCompany, {
      name: '',
      address: '',
      phone: '',
      email: '',
      taxNumber: '',
      logo: null,
    });
    window.history.pushState({}, '', '/settings?tab=company');
    try {
      render(<SettingsPage />);
      expect(await screen.findByLabelText('Company name')).toHaveValue('');
      expect(screen.getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it("should open the Expenses tab a link names, as the entry forms' hint does", async () => {
    mockCurrentUser('admin');
    window.history.pushState({}, '', '/settings?tab=expenses');
    try {
      render(<SettingsPage />);
      expect(
        await screen.findByRole('heading', { name: 'Manage Expense Types' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Expenses' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
