import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseType } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  deferred,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
  networkFailure,
  type Dialogs,
  type MockedEndpoint,
  render,
} from 'shared-ui/testing';
import { ManageExpenseTypes } from './ManageExpenseTypes';

const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active' };
const FUEL: ExpenseType = { id: 2, expancetype: 'Fuel', status: 'Suspended' };
const OK = { message: 'ok' };

let dialogs: Dialogs;
let list: MockedEndpoint<typeof endpoints.listExpenseTypes>;
let add: MockedEndpoint<typeof endpoints.addExpenseType>;
let update: MockedEndpoint<typeof endpoints.updateExpenseType>;
let remove: MockedEndpoint<typeof endpoints.deleteExpenseType>;
let toggle: MockedEndpoint<typeof endpoints.toggleExpenseTypeStatus>;

beforeEach(() => {
  mockCurrentUser('staff');
  dialogs = collectDialogs();
  list = mockEndpoint(endpoints.listExpenseTypes, { users: [RENT, FUEL] });
  add = mockEndpoint(endpoints.addExpenseType, OK);
  update = mockEndpoint(endpoints.updateExpenseType, OK);
  remove = mockEndpoint(endpoints.deleteExpenseType, OK);
  toggle = mockEndpoint(endpoints.toggleExpenseTypeStatus, OK);
});

async function renderLoaded() {
  render(<ManageExpenseTypes />);
  await screen.findByRole('cell', { name: 'Rent' });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ManageExpenseTypes: list', () => {
  it('should show Loading... and then each type with id, name, status and its actions', async () => {
    const answer = deferred<{ users: ExpenseType[] }>();
    list.answer(answer.promise);
    render(<ManageExpenseTypes />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ users: [RENT, FUEL] });

    const rent = within(await screen.findByRole('row', { name: /Rent/ }));
    expect(rent.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(rent.getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(rent.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(rent.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(rent.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(rowOf('Fuel')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(list.calls).toHaveLength(1);
    expect(await axeViolations()).toEqual([]);
  });

  it('should show No records found for an empty list', async () => {
    list.answer({ users: [], message: 'none' });
    render(<ManageExpenseTypes />);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it.each([
    [failWith(500), 'Failed to fetch expense types'],
    [networkFailure(), 'Error fetching expense types'],
  ])('should alert when the list cannot be fetched (%s)', async (error, text) => {
    list.answer(error);
    render(<ManageExpenseTypes />);
    await waitFor(() => expect(dialogs.alerts).toContain(text));
  });
});

describe('ManageExpenseTypes: add', () => {
  it('should alert "Enter expense type" for an empty or blank name and not call the API', async () => {
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await userEvent.type(screen.getByLabelText('Expense Type'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(dialogs.alerts[0]).toBe('Enter expense type');
    expect(dialogs.alerts[1]).toBe('Enter expense type');
    expect(add.calls).toEqual([]);
    const field = screen.getByLabelText('Expense Type');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter expense type');
    expect(field).toHaveFocus();
  });

  it('should show Adding..., then confirm, clear the input and reload the list', async () => {
    const answer = deferred<typeof OK>();
    add.answer(answer.promise);
    await renderLoaded();
    await userEvent.type(screen.getByLabelText('Expense Type'), 'Travel');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    await waitFor(() =>
      expect(add.calls.map((call) => call.body)).toEqual([{ expancetype: 'Travel' }]),
    );
    answer.resolve({ message: 'Expense added successfully!' });

    await waitFor(() => expect(dialogs.alerts).toContain('Expense added successfully!'));
    expect(screen.getByLabelText('Expense Type')).toHaveValue('');
    expect(screen.getByLabelText('Expense Type')).toHaveFocus();
    await waitFor(() => expect(list.calls).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Add Expense' })).toBeEnabled();
  });

  it.each([
    [
      failWith(409, 'An expense type with this name already exists'),
      'An expense type with this name already exists',
    ],
    [failWith(500), 'Failed to add expense'],
    [networkFailure(), 'Error adding expense'],
  ])('should alert the failure of an add (%s) and keep the input', async (error, text) => {
    add.answer(error);
    await renderLoaded();
    await userEvent.type(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(dialogs.alerts).toContain(text));
    expect(screen.getByLabelText('Expense Type')).toHaveValue('Rent');
  });
});

describe('ManageExpenseTypes: inline edit', () => {
  it('should edit one row at a time with its name prefilled', async () => {
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'New name for Rent' })).toHaveValue('Rent');

    await userEvent.click(within(rowOf('Fuel')).getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('textbox', { name: 'New name for Rent' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New name for Fuel' })).toHaveValue('Fuel');
    expect(screen.getAllByRole('button', { name: 'Update' })).toHaveLength(1);
  });

  it('should alert "Enter a value" for an empty name and stay in edit mode', async () => {
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'New name for Rent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(dialogs.alerts).toContain('Enter a value');
    expect(update.calls).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'New name for Rent' })).toBeInTheDocument();
  });

  it('should show Updating..., confirm, leave edit mode and reload', async () => {
    const answer = deferred<typeof OK>();
    update.answer(answer.promise);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'New name for Rent' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Office rent');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(update.calls[0]).toMatchObject({
      params: { id: '1' },
      body: { expancetype: 'Office rent' },
    });
    answer.resolve({ message: 'ok' });
    await waitFor(() => expect(dialogs.alerts).toContain('Expense updated successfully!'));
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
    expect(list.calls).toHaveLength(2);
  });

  it('should alert the failure of an update and still leave edit mode', async () => {
    update.answer(failWith(404, 'Expense type not found'));
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New name for Rent' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dialogs.alerts).toContain('Expense type not found'));
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
  });

  it('should alert the network text when an update cannot reach the server', async () => {
    update.answer(networkFailure());
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(dialogs.alerts).toContain('Error updating expense'));
  });

  it('should leave edit mode on Cancel without a call', async () => {
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
    expect(update.calls).toEqual([]);
  });
});

describe('ManageExpenseTypes: delete', () => {
  it('should do nothing when the confirmation is declined', async () => {
    dialogs.answerConfirms(false);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Delete' }));
    expect(dialogs.confirms).toEqual(['Are you sure you want to delete this expense?']);
    expect(remove.calls).toEqual([]);
  });

  it('should show Deleting..., then reload the list without a message', async () => {
    const answer = deferred<typeof OK>();
    remove.answer(answer.promise);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Delete' }));
    expect(within(rowOf('Rent')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(rowOf('Fuel')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await waitFor(() => expect(remove.calls.map((call) => call.params)).toEqual([{ id: '1' }]));
    answer.resolve({ message: 'Expense type deleted' });
    await waitFor(() => expect(list.calls).toHaveLength(2));
    expect(dialogs.alerts).toEqual([]);
  });

  it.each([
    [
      failWith(409, 'This expense type has expense entries and cannot be deleted'),
      'This expense type has expense entries and cannot be deleted',
    ],
    [networkFailure(), 'Error deleting expense'],
  ])('should alert the failure of a delete (%s)', async (error, text) => {
    remove.answer(error);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialogs.alerts).toContain(text));
  });
});

describe('ManageExpenseTypes: suspend and activate', () => {
  it.each([
    ['Rent', 'Suspend', 'suspend', 'Suspending...', { id: '1', currentStatus: 'Active' }],
    ['Fuel', 'Activate', 'activate', 'Activating...', { id: '2', currentStatus: 'Suspended' }],
  ])(
    'should confirm, show the busy label and reload for %s',
    async (name, button, verb, busy, params) => {
      const answer = deferred<typeof OK>();
      toggle.answer(answer.promise);
      await renderLoaded();
      await userEvent.click(within(rowOf(name)).getByRole('button', { name: button }));
      expect(dialogs.confirms).toEqual([`Are you sure you want to ${verb} this expense?`]);
      expect(within(rowOf(name)).getByRole('button', { name: busy })).toBeDisabled();
      await waitFor(() => expect(toggle.calls.map((call) => call.params)).toEqual([params]));
      answer.resolve({ message: 'Status updated' });
      await waitFor(() => expect(list.calls).toHaveLength(2));
      expect(dialogs.alerts).toEqual([]);
    },
  );

  it('should not change the status when the confirmation is declined', async () => {
    dialogs.answerConfirms(false);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Suspend' }));
    expect(toggle.calls).toEqual([]);
  });

  it.each([
    [failWith(500), 'Failed to update status'],
    [networkFailure(), 'Error updating status'],
  ])('should alert the failure of a status change (%s)', async (error, text) => {
    toggle.answer(error);
    await renderLoaded();
    await userEvent.click(within(rowOf('Fuel')).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(dialogs.alerts).toContain(text));
  });
});

describe('ManageExpenseTypes: for a read-only viewer', () => {
  beforeEach(() => mockCurrentUser('viewer'));

  it('should list the types with no add, edit, delete, suspend or activate', async () => {
    await renderLoaded();
    expect(within(rowOf('Rent')).getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(within(rowOf('Fuel')).getByRole('cell', { name: 'Suspended' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Expense Type')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
