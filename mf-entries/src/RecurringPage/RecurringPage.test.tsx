import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Occurrence, Schedule } from 'contract/browser';
import { axeViolations, endpoints, mockCurrentUser, mockEndpoint } from 'shared-ui/testing';
import { answerEachTest, mockAccounts, openScreenEachTest, renderAt } from '../testing';
import { RecurringPage } from './RecurringPage';

const SCHEDULE: Schedule = {
  id: 5,
  kind: 'expense',
  partyId: 1,
  partyName: 'Rent',
  creditDebit: 'Credit',
  amount: 700,
  description: 'Office rent',
  repeats: 'monthly',
  starts: '2026-09-30',
  ends: null,
  state: 'active',
  autoPost: false,
  posted: 0,
};
const due = (date: string, closed = false): Occurrence => ({
  scheduleId: 5,
  date,
  kind: 'expense',
  partyName: 'Rent',
  creditDebit: 'Credit',
  amount: 700,
  description: 'Office rent',
  closed,
});

const renderPage = (role: 'staff' | 'admin' = 'staff') => {
  mockCurrentUser(role);
  renderAt('/Recurring', <RecurringPage />);
};

const dialogs = openScreenEachTest();
beforeEach(() => {
  mockEndpoint(endpoints.getBooksClosed, { closedThrough: '2026-09-30', canMove: false });
  mockEndpoint(endpoints.listSchedules, { schedules: [SCHEDULE] });
  mockAccounts();
  mockEndpoint(endpoints.listDue, {
    occurrences: [due('2026-09-30', true), due('2026-10-31'), due('2026-11-30')],
    closedThrough: '2026-09-30',
  });
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [{ id: 1, expancetype: 'Rent', status: 'Active' }],
  });
  mockEndpoint(endpoints.listClients, { users: [] });
  mockEndpoint(endpoints.listEmployees, { users: [] });
});
const add = answerEachTest(endpoints.addSchedule, {
  message: 'Schedule added',
  schedule: SCHEDULE,
});
const post = answerEachTest(endpoints.postOccurrences, {
  message: 'Entries posted: 2',
  posted: 2,
  batchId: 3,
});
const skip = answerEachTest(endpoints.skipOccurrence, { message: 'Occurrence skipped' });
const state = answerEachTest(endpoints.setScheduleState, {
  message: 'Schedule changed',
  schedule: { ...SCHEDULE, state: 'paused' },
});

describe('RecurringPage', () => {
  it('should say how many occurrences lie in the closed period beyond those listed', async () => {
    mockEndpoint(endpoints.listDue, {
      occurrences: [due('2026-09-30', true), due('2026-10-31')],
      closedThrough: '2026-09-30',
      closedCounts: [{ scheduleId: 5, count: 340 }],
    });
    renderPage();
    expect(
      await screen.findByText('Occurrences in the closed period, never posted: 340'),
    ).toBeInTheDocument();
  });

  it('should list the due occurrences, closed ones without Post, and post all that are open', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Due' });
    await within(table).findByText('2026-10-31');
    const closedRow = within(table).getByText('2026-09-30').closest('tr') as HTMLElement;
    expect(within(closedRow).getByText('Closed period')).toBeInTheDocument();
    expect(within(closedRow).queryByRole('button', { name: /Post/ })).toBeNull();
    expect(screen.queryByText(/Occurrences in the closed period/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Post all due' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Entries posted: 2']));
    expect(post.calls.map((call) => call.body)).toEqual([
      {
        occurrences: [
          { scheduleId: 5, date: '2026-10-31' },
          { scheduleId: 5, date: '2026-11-30' },
        ],
      },
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should post or skip one occurrence', async () => {
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Post Office rent of 2026-10-31' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Skip Office rent of 2026-11-30' }));
    await waitFor(() => expect(skip.calls).toHaveLength(1));
    expect(post.calls[0]?.body).toEqual({ occurrences: [{ scheduleId: 5, date: '2026-10-31' }] });
    expect(skip.calls[0]?.body).toEqual({ scheduleId: 5, date: '2026-11-30' });
  });

  it('should add a schedule from the form, paid from the account chosen', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense type'), '1');
    await userEvent.type(screen.getByLabelText('Amount'), '700');
    await userEvent.type(screen.getByLabelText('Description'), 'Office rent');
    expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveValue('1');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Account' }),
      'Meezan current',
    );
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'quarterly');
    await userEvent.clear(screen.getByLabelText('Starts'));
    await userEvent.type(screen.getByLabelText('Starts'), '2026-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Add schedule' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Schedule added']));
    expect(add.calls[0]?.body).toEqual({
      kind: 'expense',
      partyId: 1,
      creditDebit: 'Credit',
      amount: 700,
      description: 'Office rent',
      repeats: 'quarterly',
      starts: '2026-01-31',
      accountId: 2,
    });
  });

  it('should pause a schedule, and offer automatic posting to admins only', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(state.calls[0]?.body).toEqual({ state: 'paused' }));
    expect(screen.queryByLabelText('Post automatically')).toBeNull();
  });
});
