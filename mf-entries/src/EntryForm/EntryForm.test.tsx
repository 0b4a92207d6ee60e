import { act, render as renderDom, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { Client, Employee, ExpenseType } from 'contract';
import { api, ApiError, toIsoDate } from 'shared-ui';
import { ExpancesPage } from '../ExpancesPage';
import { IncomePage } from '../IncomePage';
import { SalaryPage } from '../SalaryPage';
import { deferred } from 'shared-ui/testing';

const ACME: Client = { id: 3, name: 'Acme', email: 'a@acme.test', companyName: 'Acme Ltd' };
const SARA: Employee = { id: 5, name: 'Sara', email: 's@office.test', number: '0301' };
const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active' };
const FUEL: ExpenseType = { id: 2, expancetype: 'Fuel', status: 'Suspended' };
const TODAY = toIsoDate(new Date());

/** The forms read values to correct from the address, so they render inside a router. */
const render = (ui: ReactElement, path = '/') =>
  renderDom(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

const LISTS: Record<string, unknown> = {
  '/clients/getClients': { users: [ACME] },
  '/employees/getEmployees': { users: [SARA] },
  '/expance/getexpancetype': { users: [RENT, FUEL] },
};

/** A promise the test settles by hand, to look at the form while a call is in flight. */
interface Case {
  screen: string;
  Page: ComponentType;
  title: string;
  picker: string;
  placeholder: string;
  party: string;
  creditDebit: string[];
  listPath: string;
  listMessages: { failure: string; error: string };
  postPath: string;
  body: Record<string, unknown>;
  postMessages: { failure: string; error: string };
  added: string;
}

const CASES: Case[] = [
  {
    screen: 'Income',
    Page: IncomePage,
    title: 'Add Income',
    picker: 'Client',
    placeholder: 'Select client',
    party: 'Acme',
    creditDebit: ['Credit', 'Debit'],
    listPath: '/clients/getClients',
    listMessages: { failure: 'Failed to fetch clients', error: 'Error fetching clients' },
    postPath: '/incoms/addIncome',
    body: { clientId: 3, clientName: 'Acme' },
    postMessages: { failure: 'Failed to add income', error: 'Error submitting income' },
    added: 'Income Added Successfully',
  },
  {
    screen: 'Expances',
    Page: ExpancesPage,
    title: 'Add Expense',
    picker: 'Expense Type',
    placeholder: 'Select expense type',
    party: 'Rent',
    creditDebit: ['Credit'],
    listPath: '/expance/getexpancetype',
    listMessages: {
      failure: 'Failed to fetch expense types',
      error: 'Error fetching expense types',
    },
    postPath: '/expance/addexpance',
    body: { expanceTypeId: 1, expanceTypeName: 'Rent' },
    postMessages: { failure: 'Failed to add Expense', error: 'Error submitting Expense' },
    added: 'Expense Added Successfully',
  },
  {
    screen: 'Salary',
    Page: SalaryPage,
    title: 'Add Salary',
    picker: 'Employee',
    placeholder: 'Select employee',
    party: 'Sara',
    creditDebit: ['Credit'],
    listPath: '/employees/getEmployees',
    listMessages: { failure: 'Failed to fetch employees', error: 'Error fetching employees' },
    postPath: '/expance/addsalery',
    body: { employeeId: 5, employeeName: 'Sara' },
    postMessages: { failure: 'Failed to add Salary', error: 'Error submitting Salary' },
    added: 'Salary Added Successfully',
  },
];

let alert: jest.SpyInstance;
let get: jest.SpyInstance;
let post: jest.SpyInstance;

beforeEach(() => {
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  get = jest
    .spyOn(api, 'get')
    .mockImplementation((path: string) => Promise.resolve(LISTS[path] ?? { users: [] }));
  post = jest.spyOn(api, 'post').mockResolvedValue({ message: 'ok', entry: {} });
});
afterEach(() => jest.restoreAllMocks());

/** The Idempotency-Key sent with the n-th post (0-based). */
const keyOf = (call: number): string => post.mock.calls[call][3].headers['Idempotency-Key'];

describe.each(CASES)('$screen form', (c) => {
  async function renderLoaded() {
    render(<c.Page />);
    await screen.findByRole('option', { name: c.party });
  }

  async function fill(amount = '1500.50', description = '') {
    await userEvent.selectOptions(screen.getByLabelText(c.picker), c.party);
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
    await userEvent.type(screen.getByLabelText('Amount'), amount);
    if (description) await userEvent.type(screen.getByLabelText(/Description/), description);
  }

  const submit = () => userEvent.click(screen.getByRole('button', { name: c.title }));

  it('should show a labelled picker, Credit/Debit, amount and description', async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(c.listPath, c.listMessages);
    expect(screen.getByRole('combobox', { name: c.picker })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Description (optional)' })).toBeInTheDocument();
  });

  it(`should offer ${c.creditDebit.join(' and ')} as Credit/Debit`, async () => {
    await renderLoaded();
    const choice = within(screen.getByRole('combobox', { name: 'Credit/Debit' }));
    const values = choice.getAllByRole('option').map((option) => option.textContent);
    expect(values).toEqual(['Select Credit/Debit', ...c.creditDebit]);
  });

  it('should post the spec payload with an Idempotency-Key, alert success and clear the form', async () => {
    await renderLoaded();
    await fill('1500.50', '  March rent ');
    await submit();

    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      c.postPath,
      {
        ...c.body,
        amount: 1500.5,
        description: 'March rent',
        Creditdebit: 'Credit',
        date: TODAY,
      },
      c.postMessages,
      { headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) } },
    );
    expect(alert).toHaveBeenCalledWith(c.added);
    expect(screen.getByLabelText(c.picker)).toHaveValue('');
    expect(screen.getByLabelText('Credit/Debit')).toHaveValue('');
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
  });

  it('should send an empty description when none is typed', async () => {
    await renderLoaded();
    await fill('20');
    await submit();
    expect(post.mock.calls[0][1]).toEqual({
      ...c.body,
      amount: 20,
      description: '',
      Creditdebit: 'Credit',
      date: TODAY,
    });
  });

  it('should show a labelled Date field set to today and post the day chosen', async () => {
    await renderLoaded();
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveValue(TODAY);
    await fill('20');
    await userEvent.clear(date);
    await userEvent.type(date, '2025-12-31');
    await submit();
    expect(post.mock.calls[0][1]).toMatchObject({ amount: 20, date: '2025-12-31' });
    // The next entry starts from today again.
    expect(screen.getByLabelText('Date')).toHaveValue(TODAY);
  });

  it('should alert "Please fill all fields" without a date and post nothing', async () => {
    await renderLoaded();
    await fill('20');
    await userEvent.clear(screen.getByLabelText('Date'));
    await submit();
    expect(alert).toHaveBeenCalledWith('Please fill all fields');
    expect(post).not.toHaveBeenCalled();
  });

  it('should open filled with the values of an entry being corrected', async () => {
    const id = String(c.body[Object.keys(c.body)[0] ?? ''] ?? '');
    render(
      <c.Page />,
      `/?partyId=${id}&Creditdebit=Credit&amount=75.5&description=Fixed&date=2025-06-30`,
    );
    await screen.findByRole('option', { name: c.party });
    expect(screen.getByLabelText(c.picker)).toHaveValue(id);
    expect(screen.getByLabelText('Credit/Debit')).toHaveValue('Credit');
    expect(screen.getByLabelText('Amount')).toHaveValue('75.5');
    expect(screen.getByLabelText(/Description/)).toHaveValue('Fixed');
    expect(screen.getByLabelText('Date')).toHaveValue('2025-06-30');
    await submit();
    expect(post.mock.calls[0][1]).toEqual({
      ...c.body,
      amount: 75.5,
      description: 'Fixed',
      Creditdebit: 'Credit',
      date: '2025-06-30',
    });
  });

  it('should say through which day the books are closed', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/journal/closed'
          ? { closedThrough: '2025-03-31', canMove: false }
          : (LISTS[path] ?? { users: [] }),
      ),
    );
    await renderLoaded();
    expect(
      await screen.findByText(
        'Books closed through 2025-03-31: nothing dated on or before it is accepted.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save closing date' })).not.toBeInTheDocument();
  });

  it.each([
    ['the picker', { picker: false, creditDebit: true, amount: '10' }],
    ['Credit/Debit', { picker: true, creditDebit: false, amount: '10' }],
    ['the amount', { picker: true, creditDebit: true, amount: '' }],
    ['the amount (blank)', { picker: true, creditDebit: true, amount: '   ' }],
  ])('should alert "Please fill all fields" without %s and post nothing', async (_, given) => {
    await renderLoaded();
    if (given.picker) await userEvent.selectOptions(screen.getByLabelText(c.picker), c.party);
    if (given.creditDebit) {
      await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
    }
    if (given.amount) await userEvent.type(screen.getByLabelText('Amount'), given.amount);
    await submit();
    expect(alert).toHaveBeenCalledWith('Please fill all fields');
    expect(post).not.toHaveBeenCalled();
  });

  it.each(['abc', '0', '-5', '1.234', '1e3'])(
    'should alert that %p is not a valid amount and post nothing',
    async (amount) => {
      await renderLoaded();
      await fill(amount);
      await submit();
      expect(alert).toHaveBeenCalledWith(
        'Enter a valid amount (greater than 0, at most 2 decimals)',
      );
      expect(post).not.toHaveBeenCalled();
    },
  );

  it('should show Adding... on a disabled button while in flight, and send one request for a double click', async () => {
    const call = deferred();
    post.mockReturnValueOnce(call.promise);
    await renderLoaded();
    await fill();
    await userEvent.dblClick(screen.getByRole('button', { name: c.title }));

    const button = screen.getByRole('button', { name: 'Adding...' });
    expect(button).toBeDisabled();
    expect(post).toHaveBeenCalledTimes(1);

    await act(async () => call.resolve({ message: 'ok' }));
    expect(screen.getByRole('button', { name: c.title })).toBeEnabled();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'the server message',
      new ApiError('This expense type is suspended', 409),
      'This expense type is suspended',
    ],
    [
      'the fallback without a server message',
      new ApiError(c.postMessages.failure, 500),
      c.postMessages.failure,
    ],
    ['the network error text', new TypeError('Failed to fetch'), c.postMessages.error],
  ])('should alert %s when recording fails and keep the form', async (_, error, text) => {
    post.mockRejectedValueOnce(error);
    await renderLoaded();
    await fill('75');
    await submit();
    expect(alert).toHaveBeenCalledWith(text);
    expect(alert).not.toHaveBeenCalledWith(c.added);
    expect(screen.getByLabelText('Amount')).toHaveValue('75');
    expect(screen.getByRole('button', { name: c.title })).toBeEnabled();
  });

  it('should reuse the Idempotency-Key for a retry of the same content and renew it when the content changes', async () => {
    post.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    post.mockRejectedValueOnce(new ApiError('Something went wrong on the server', 500));
    await renderLoaded();
    await fill('75');
    await submit();
    await submit();
    expect(keyOf(1)).toBe(keyOf(0));

    await userEvent.type(screen.getByLabelText('Amount'), '0');
    await submit();
    expect(post.mock.calls[2][1]).toMatchObject({ amount: 750 });
    expect(keyOf(2)).not.toBe(keyOf(1));
    expect(alert).toHaveBeenLastCalledWith(c.added);
  });

  it('should use a new Idempotency-Key for the next entry after a success, even with equal content', async () => {
    await renderLoaded();
    await fill('75');
    await submit();
    await fill('75');
    await submit();
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1][1]).toEqual(post.mock.calls[0][1]);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it.each([
    [
      'the server message',
      new ApiError('Please sign in to continue', 401),
      'Please sign in to continue',
    ],
    ['the catalogue error text', new TypeError('Failed to fetch'), c.listMessages.error],
  ])('should alert %s when the picker cannot load', async (_, error, text) => {
    get.mockImplementation((path: string) =>
      path === c.listPath ? Promise.reject(error) : Promise.resolve({ users: [] }),
    );
    render(<c.Page />);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(text));
    // The picker stops saying Loading... and offers nothing to choose.
    const picker = within(screen.getByRole('combobox', { name: c.picker }));
    await waitFor(() =>
      expect(picker.getAllByRole('option').map((option) => option.textContent)).toEqual([
        c.placeholder,
      ]),
    );
  });
});

describe('Expances form', () => {
  it('should offer only Active expense types', async () => {
    render(<ExpancesPage />);
    await screen.findByRole('option', { name: 'Rent' });
    const picker = within(screen.getByRole('combobox', { name: 'Expense Type' }));
    expect(picker.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select expense type',
      'Rent',
    ]);
    expect(picker.queryByRole('option', { name: 'Fuel' })).not.toBeInTheDocument();
  });
});
