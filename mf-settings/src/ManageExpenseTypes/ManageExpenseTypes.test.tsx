import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExpenseType } from 'contract';
import { api, ApiError } from 'shared-ui';
import { ManageExpenseTypes } from './ManageExpenseTypes';
import { deferred } from 'shared-ui/testing';

const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active' };
const FUEL: ExpenseType = { id: 2, expancetype: 'Fuel', status: 'Suspended' };

/** A promise the test settles by hand, to look at busy labels while a call is in flight. */
let alert: jest.SpyInstance;
let ask: jest.SpyInstance;
let get: jest.SpyInstance;
let post: jest.SpyInstance;
let put: jest.SpyInstance;
let del: jest.SpyInstance;

beforeEach(() => {
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  ask = jest.spyOn(window, 'confirm').mockReturnValue(true);
  get = jest.spyOn(api, 'get').mockResolvedValue({ users: [RENT, FUEL] });
  post = jest.spyOn(api, 'post').mockResolvedValue({ message: 'ok' });
  put = jest.spyOn(api, 'put').mockResolvedValue({ message: 'ok' });
  del = jest.spyOn(api, 'del').mockResolvedValue({ message: 'ok' });
});
afterEach(() => jest.restoreAllMocks());

async function renderLoaded() {
  render(<ManageExpenseTypes />);
  await screen.findByRole('cell', { name: 'Rent' });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('ManageExpenseTypes: list', () => {
  it('should show Loading... and then each type with id, name, status and its actions', async () => {
    const list = deferred();
    get.mockReturnValueOnce(list.promise);
    render(<ManageExpenseTypes />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    list.resolve({ users: [RENT, FUEL] });

    const rent = within(await screen.findByRole('row', { name: /Rent/ }));
    expect(rent.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(rent.getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(rent.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(rent.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(rent.getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
    expect(within(rowOf('Fuel')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/expance/getExpancetype', {
      failure: 'Failed to fetch expense types',
      error: 'Error fetching expense types',
    });
  });

  it('should show No records found for an empty list', async () => {
    get.mockResolvedValueOnce({ users: [], message: 'none' });
    render(<ManageExpenseTypes />);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it.each([
    [new ApiError('Failed to fetch expense types', 500), 'Failed to fetch expense types'],
    [new TypeError('unexpected'), 'Error fetching expense types'],
  ])('should alert when the list cannot be fetched (%s)', async (error, text) => {
    get.mockRejectedValueOnce(error);
    render(<ManageExpenseTypes />);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
  });
});

describe('ManageExpenseTypes: add', () => {
  it('should alert "Enter expense type" for an empty or blank name and not call the API', async () => {
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await userEvent.type(screen.getByLabelText('Expense Type'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(alert).toHaveBeenNthCalledWith(1, 'Enter expense type');
    expect(alert).toHaveBeenNthCalledWith(2, 'Enter expense type');
    expect(post).not.toHaveBeenCalled();
  });

  it('should show Adding..., then confirm, clear the input and reload the list', async () => {
    const call = deferred();
    post.mockReturnValueOnce(call.promise);
    await renderLoaded();
    await userEvent.type(screen.getByLabelText('Expense Type'), 'Travel');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));

    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith(
      '/expance/addexpancetype',
      { expancetype: 'Travel' },
      { failure: 'Failed to add expense', error: 'Error adding expense' },
    );
    call.resolve({ message: 'Expense added successfully!' });

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Expense added successfully!'));
    expect(screen.getByLabelText('Expense Type')).toHaveValue('');
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Add Expense' })).toBeEnabled();
  });

  it.each([
    [
      new ApiError('An expense type with this name already exists', 409),
      'An expense type with this name already exists',
    ],
    [new ApiError('Failed to add expense', 500), 'Failed to add expense'],
    [new TypeError('unexpected'), 'Error adding expense'],
  ])('should alert the failure of an add (%s) and keep the input', async (error, text) => {
    post.mockRejectedValueOnce(error);
    await renderLoaded();
    await userEvent.type(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
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
    expect(alert).toHaveBeenCalledWith('Enter a value');
    expect(put).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'New name for Rent' })).toBeInTheDocument();
  });

  it('should show Updating..., confirm, leave edit mode and reload', async () => {
    const call = deferred();
    put.mockReturnValueOnce(call.promise);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    const input = screen.getByRole('textbox', { name: 'New name for Rent' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Office rent');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(put).toHaveBeenCalledWith(
      '/expance/updateexpancetype/1',
      { expancetype: 'Office rent' },
      { failure: 'Failed to update expense', error: 'Error updating expense' },
    );
    call.resolve({ message: 'ok' });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Expense updated successfully!'));
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('should alert the failure of an update and still leave edit mode', async () => {
    put.mockRejectedValueOnce(new ApiError('Expense type not found', 404));
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New name for Rent' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Expense type not found'));
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
  });

  it('should alert the network text when an update cannot reach the server', async () => {
    put.mockRejectedValueOnce(new TypeError('offline'));
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error updating expense'));
  });

  it('should leave edit mode on Cancel without a call', async () => {
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: /New name/ })).not.toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });
});

describe('ManageExpenseTypes: delete', () => {
  it('should do nothing when the confirmation is declined', async () => {
    ask.mockReturnValueOnce(false);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Delete' }));
    expect(ask).toHaveBeenCalledWith('Are you sure you want to delete this expense?');
    expect(del).not.toHaveBeenCalled();
  });

  it('should show Deleting..., then reload the list without a message', async () => {
    const call = deferred();
    del.mockReturnValueOnce(call.promise);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Delete' }));
    expect(within(rowOf('Rent')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(rowOf('Fuel')).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(del).toHaveBeenCalledWith('/expance/deleteexpance/1', {
      failure: 'Failed to delete expense',
      error: 'Error deleting expense',
    });
    call.resolve({ message: 'Expense type deleted' });
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(alert).not.toHaveBeenCalled();
  });

  it.each([
    [
      new ApiError('This expense type has expense entries and cannot be deleted', 409),
      'This expense type has expense entries and cannot be deleted',
    ],
    [new TypeError('offline'), 'Error deleting expense'],
  ])('should alert the failure of a delete (%s)', async (error, text) => {
    del.mockRejectedValueOnce(error);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
  });
});

describe('ManageExpenseTypes: suspend and activate', () => {
  it.each([
    ['Rent', 'Suspend', 'suspend', 'Suspending...', '/expance/D_A_xpancetype/1/Active'],
    ['Fuel', 'Activate', 'activate', 'Activating...', '/expance/D_A_xpancetype/2/Suspended'],
  ])(
    'should confirm, show the busy label and reload for %s',
    async (name, button, verb, busy, path) => {
      const call = deferred();
      put.mockReturnValueOnce(call.promise);
      await renderLoaded();
      await userEvent.click(within(rowOf(name)).getByRole('button', { name: button }));
      expect(ask).toHaveBeenCalledWith(`Are you sure you want to ${verb} this expense?`);
      expect(within(rowOf(name)).getByRole('button', { name: busy })).toBeDisabled();
      expect(put).toHaveBeenCalledWith(path, undefined, {
        failure: 'Failed to update status',
        error: 'Error updating status',
      });
      call.resolve({ message: 'Status updated' });
      await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
      expect(alert).not.toHaveBeenCalled();
    },
  );

  it('should not change the status when the confirmation is declined', async () => {
    ask.mockReturnValueOnce(false);
    await renderLoaded();
    await userEvent.click(within(rowOf('Rent')).getByRole('button', { name: 'Suspend' }));
    expect(put).not.toHaveBeenCalled();
  });

  it.each([
    [new ApiError('Failed to update status', 500), 'Failed to update status'],
    [new TypeError('offline'), 'Error updating status'],
  ])('should alert the failure of a status change (%s)', async (error, text) => {
    put.mockRejectedValueOnce(error);
    await renderLoaded();
    await userEvent.click(within(rowOf('Fuel')).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
  });
});
