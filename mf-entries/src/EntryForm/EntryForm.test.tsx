import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { Client, Employee, Endpoint, ExpenseType } from 'contract';
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
  render as renderDom,
} from 'shared-ui/testing';
import { toIsoDate } from 'shared-ui';
import { ExpensePage } from '../ExpensePage/ExpensePage';
import { IncomePage } from '../IncomePage';
import { SalaryPage } from '../SalaryPage';
import { BANK, CASH } from '../AccountsPage/fixtures';

const ACME: Client = { id: 3, name: 'Acme', email: 'a@acme.test', companyName: 'Acme Ltd' };
const SARA: Employee = { id: 5, name: 'Sara', email: 's@office.test', number: '0301' };
const RENT: ExpenseType = { id: 1, expancetype: 'Rent', status: 'Active' };
const FUEL: ExpenseType = { id: 2, expancetype: 'Fuel', status: 'Suspended' };
const ENTRY = {
  id: 9,
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  amount: 1,
  description: '',
  Creditdebit: 'Credit',
  date: '2026-11-23',
  createdAt: '2026-11-23T10:00:00.000Z',
  reversesId: null,
} as const;
const RECORDED = { message: 'ok', entry: ENTRY };
const TODAY = toIsoDate(new Date());

/** The forms render inside a router, as in the app. */
const render = (ui: ReactElement, path = '/') =>
  renderDom(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

interface Case {
  screen: string;
  Page: ComponentType;
  title: string;
  picker: string;
  placeholder: string;
  party: string;
  /** What the picker shows for the party (a client with their company). */
  option: string;
  creditDebit: string[];
  list: Endpoint;
  listed: unknown;
  listMessages: { failure: string; error: string };
  post: typeof endpoints.addIncome | typeof endpoints.addExpense | typeof endpoints.addSalary;
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
    option: 'Acme (Acme Ltd)',
    creditDebit: ['Credit', 'Debit'],
    list: endpoints.listClients,
    listed: { users: [ACME] },
    listMessages: { failure: 'Failed to fetch clients', error: 'Error fetching clients' },
    post: endpoints.addIncome,
    body: { clientId: 3, clientName: 'Acme' },
    postMessages: { failure: 'Failed to add income', error: 'Error submitting income' },
    added: 'Income Added Successfully',
  },
  {
    screen: 'Expances',
    Page: ExpensePage,
    title: 'Add Expense',
    picker: 'Expense Type',
    placeholder: 'Select expense type',
    party: 'Rent',
    option: 'Rent',
    creditDebit: ['Credit'],
    list: endpoints.listExpenseTypesForEntries,
    listed: { users: [RENT, FUEL] },
    listMessages: {
      failure: 'Failed to fetch expense types',
      error: 'Error fetching expense types',
    },
    post: endpoints.addExpense,
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
    option: 'Sara',
    creditDebit: ['Credit'],
    list: endpoints.listEmployees,
    listed: { users: [SARA] },
    listMessages: { failure: 'Failed to fetch employees', error: 'Error fetching employees' },
    post: endpoints.addSalary,
    body: { employeeId: 5, employeeName: 'Sara' },
    postMessages: { failure: 'Failed to add Salary', error: 'Error submitting Salary' },
    added: 'Salary Added Successfully',
  },
];

let dialogs: Dialogs;
let booksClosed: MockedEndpoint<typeof endpoints.getBooksClosed>;
let preferences: MockedEndpoint<typeof endpoints.getPreferences>;
let justRecorded: MockedEndpoint<typeof endpoints.listJustRecorded>;

beforeEach(() => {
  mockCurrentUser('staff');
  dialogs = collectDialogs();
  // The forms say through which day the books are closed (the journal's call).
  booksClosed = mockEndpoint(endpoints.getBooksClosed, { closedThrough: null, canMove: false });
  // Saves are confirmed by the spec's alert unless the user's preference says otherwise.
  preferences = mockEndpoint(endpoints.getPreferences, { confirmWithNotice: false });
  // Under each form: what the user recorded in it today.
  justRecorded = mockEndpoint(endpoints.listJustRecorded, { entries: [] });
  // The Income form shows the chosen client's balance.
  mockEndpoint(endpoints.getClientBalance, (call) => ({
    clientId: Number(call.params.id),
    balance: 0,
  }));
  // Money that moves is paid from or into an account (the default preselected).
  mockEndpoint(endpoints.listAccounts, { accounts: [CASH, BANK] });
  // The Expances form says how much of the month's budget the chosen type has used.
  mockEndpoint(endpoints.getExpenseTypeBudget, (call) => ({
    expenseTypeId: Number(call.params.id),
    month: String(call.query.month),
    budget: null,
    actual: 0,
    percentUsed: null,
    overBudget: false,
  }));
});

describe.each(CASES)('$screen form', (c) => {
  let get: MockedEndpoint<Endpoint>;
  let post: MockedEndpoint<Case['post']>;

  beforeEach(() => {
    get = mockEndpoint(c.list, c.listed as never);
    post = mockEndpoint(c.post, RECORDED);
  });

  /** The Idempotency-Key sent with the n-th post (0-based). */
  const keyOf = (call: number): string | undefined => post.calls[call]?.headers['Idempotency-Key'];

  async function renderLoaded() {
    render(<c.Page />);
    await screen.findByRole('option', { name: c.option });
  }

  async function fill(amount = '1500.50', description = '') {
    await userEvent.selectOptions(screen.getByLabelText(c.picker), c.option);
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
    await userEvent.type(screen.getByLabelText('Amount'), amount);
    if (description) await userEvent.type(screen.getByLabelText(/Description/), description);
  }

  const submit = () => userEvent.click(screen.getByRole('button', { name: c.title }));

  it('should show a labelled picker, Credit/Debit, amount and description', async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(get.calls).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: c.picker })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Description (optional)' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it(`should offer ${c.creditDebit.join(' and ')} as Credit/Debit`, async () => {
    await renderLoaded();
    const choice = within(screen.getByRole('combobox', { name: 'Credit/Debit' }));
    const values = choice.getAllByRole('option').map((option) => option.textContent);
    expect(values).toEqual(['Select Credit/Debit', ...c.creditDebit]);
  });

  it('should post the spec payload with an Idempotency-Key, alert success and clear the amount and description', async () => {
    await renderLoaded();
    await fill('1500.50', '  March rent ');
    await submit();

    await waitFor(() => expect(dialogs.alerts).toEqual([c.added]));
    expect(post.calls).toHaveLength(1);
    expect(post.calls[0]?.body).toEqual({
      ...c.body,
      amount: 1500.5,
      description: 'March rent',
      Creditdebit: 'Credit',
      date: TODAY,
    });
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    // The party, Credit/Debit and date stay for the next entry; the keyboard is back on the
    // first field.
    const id = String(Object.values(c.body)[0]);
    expect(screen.getByLabelText(c.picker)).toHaveValue(id);
    expect(screen.getByLabelText(c.picker)).toHaveFocus();
    expect(screen.getByLabelText('Credit/Debit')).toHaveValue('Credit');
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
  });

  it('should send an empty description when none is typed', async () => {
    await renderLoaded();
    await fill('20');
    await submit();
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body).toEqual({
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
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body).toMatchObject({ amount: 20, date: '2025-12-31' });
    // The next entry keeps the day: a week's receipts are typed one day at a time.
    await waitFor(() => expect(screen.getByLabelText(c.picker)).toHaveFocus());
    expect(screen.getByLabelText('Date')).toHaveValue('2025-12-31');
    expect(screen.getByLabelText('Amount')).toHaveValue('');
  });

  it('should alert "Please fill all fields" without a date and post nothing', async () => {
    await renderLoaded();
    await fill('20');
    await userEvent.clear(screen.getByLabelText('Date'));
    await submit();
    expect(dialogs.alerts).toEqual(['Please fill all fields']);
    expect(post.calls).toHaveLength(0);
  });

  it("should open empty whatever the address carries (a correction is the journal's)", async () => {
    const id = String(c.body[Object.keys(c.body)[0] ?? ''] ?? '');
    render(
      <c.Page />,
      `/?partyId=${id}&Creditdebit=Credit&amount=75.5&description=Fixed&date=2025-06-30`,
    );
    await screen.findByRole('option', { name: c.option });
    expect(screen.getByLabelText(c.picker)).toHaveValue('');
    expect(screen.getByLabelText('Amount')).toHaveValue('');
    expect(screen.getByLabelText(/Description/)).toHaveValue('');
    expect(screen.getByLabelText('Date')).toHaveValue(TODAY);
  });

  it('should say through which day the books are closed', async () => {
    booksClosed.answer({ closedThrough: '2025-03-31', canMove: false });
    await renderLoaded();
    expect(
      await screen.findByText(
        'Books closed through 2025-03-31: nothing dated on or before it is accepted.',
      ),
    ).toBeInTheDocument();
    expect(booksClosed.calls).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Save closing date' })).not.toBeInTheDocument();
  });

  type Missing = [string, { picker: boolean; creditDebit: boolean; amount: string }];
  const missing: Missing[] = [
    ['the picker', { picker: false, creditDebit: true, amount: '10' }],
    // Where Credit is the only choice, it is chosen already.
    ...(c.creditDebit.length > 1
      ? [['Credit/Debit', { picker: true, creditDebit: false, amount: '10' }] as Missing]
      : []),
    ['the amount', { picker: true, creditDebit: true, amount: '' }],
    ['the amount (blank)', { picker: true, creditDebit: true, amount: '   ' }],
  ];
  it.each(missing)(
    'should alert "Please fill all fields" without %s and post nothing',
    async (_, given) => {
      await renderLoaded();
      if (given.picker) await userEvent.selectOptions(screen.getByLabelText(c.picker), c.option);
      if (given.creditDebit) {
        await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
      }
      if (given.amount) await userEvent.type(screen.getByLabelText('Amount'), given.amount);
      await submit();
      expect(dialogs.alerts).toEqual(['Please fill all fields']);
      expect(post.calls).toEqual([]);
    },
  );

  it.each(['abc', '0', '-5', '1.234', '1e3'])(
    'should alert that %p is not a valid amount and post nothing',
    async (amount) => {
      await renderLoaded();
      await fill(amount);
      await submit();
      expect(dialogs.alerts).toEqual(['Enter a valid amount (greater than 0, at most 2 decimals)']);
      expect(post.calls).toEqual([]);
    },
  );

  it('should show Adding... on a disabled button while in flight, and send one request for a double click', async () => {
    const answer = deferred<typeof RECORDED>();
    post.once(answer.promise);
    await renderLoaded();
    await fill();
    await userEvent.dblClick(screen.getByRole('button', { name: c.title }));

    const button = screen.getByRole('button', { name: 'Adding...' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(post.calls).toHaveLength(1));

    await act(async () => answer.resolve(RECORDED));
    await waitFor(() => expect(screen.getByRole('button', { name: c.title })).toBeEnabled());
    expect(post.calls).toHaveLength(1);
  });

  it.each([
    [
      'the server message',
      failWith(409, 'This expense type is suspended'),
      'This expense type is suspended',
    ],
    ['the fallback without a server message', failWith(500), c.postMessages.failure],
    ['the network error text', networkFailure(), c.postMessages.error],
  ])('should alert %s when recording fails and keep the form', async (_, failure, text) => {
    post.answer(failure);
    await renderLoaded();
    await fill('75');
    await submit();
    await waitFor(() => expect(dialogs.alerts).toEqual([text]));
    expect(screen.getByLabelText('Amount')).toHaveValue('75.00');
    expect(screen.getByRole('button', { name: c.title })).toBeEnabled();
  });

  it('should reuse the Idempotency-Key for a retry of the same content and renew it when the content changes', async () => {
    post.once(networkFailure());
    post.once(failWith(500, 'Something went wrong on the server'));
    await renderLoaded();
    await fill('75');
    await submit();
    await waitFor(() => expect(dialogs.alerts).toHaveLength(1));
    await submit();
    await waitFor(() => expect(dialogs.alerts).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));

    // Left, the amount reads 75.00: typed over.
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '750');
    await submit();
    await waitFor(() => expect(dialogs.alerts).toHaveLength(3));
    expect(post.calls[2]?.body).toMatchObject({ amount: 750 });
    expect(keyOf(2)).not.toBe(keyOf(1));
    expect(dialogs.alerts.at(-1)).toBe(c.added);
  });

  it('should use a new Idempotency-Key for the next entry after a success, even with equal content', async () => {
    await renderLoaded();
    await fill('75');
    await submit();
    await waitFor(() => expect(dialogs.alerts).toEqual([c.added]));
    await fill('75');
    await submit();
    await waitFor(() => expect(post.calls).toHaveLength(2));
    expect(post.calls[1]?.body).toEqual(post.calls[0]?.body);
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it.each([
    // (A 401 signs the browser out instead: the forms only ever run signed in.)
    [
      'the server message',
      failWith(500, 'Something went wrong on the server, please try again'),
      'Something went wrong on the server, please try again',
    ],
    ['the catalogue failure text', failWith(500), c.listMessages.failure],
    ['the catalogue error text', networkFailure(), c.listMessages.error],
  ])('should alert %s when the picker cannot load', async (_, failure, text) => {
    get.answer(failure);
    render(<c.Page />);
    await waitFor(() => expect(dialogs.alerts).toEqual([text]));
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
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT, FUEL] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    const picker = within(screen.getByRole('combobox', { name: 'Expense Type' }));
    expect(picker.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select expense type',
      'Rent',
    ]);
    expect(picker.queryByRole('option', { name: 'Fuel' })).not.toBeInTheDocument();
  });
});

describe.each(CASES)('$screen form for a read-only viewer', (c) => {
  beforeEach(() => mockCurrentUser('viewer'));

  it('should say the account only views, and offer no form', async () => {
    render(<c.Page />);
    expect(
      await screen.findByText(
        'Your account can only view. Entries are recorded by staff and admins; the Journal and ' +
          'the reports show every entry.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('the clerk’s habits (issue 32)', () => {
  const ZED: Client = { id: 7, name: 'zed', email: 'z@zed.test', companyName: '' };
  const BOB: Client = { id: 8, name: 'Bob', email: 'b@bob.test', companyName: 'Bob & Sons' };
  const recordedRow = (id: number, amount: number, receipts = 0) => ({
    id,
    date: '2026-11-20',
    kind: 'expense' as const,
    partyId: 1,
    partyName: 'Rent',
    Creditdebit: 'Credit' as const,
    amount,
    description: '',
    recordedBy: { id: 2, name: 'Staff', email: 's@office.test', former: false },
    recordedAt: '2026-11-20T10:00:00.000Z',
    reversesId: null,
    reversedById: null,
    receipts,
  });

  it('corrects an entry in place with the Journal’s dialog, then lists the corrected one', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const correct = mockEndpoint(endpoints.correctEntry, {
      message: 'Entry corrected #12: reversed by #13, recorded again as #14',
      reversal: { ...ENTRY, kind: 'expense', id: 13, amount: -12500.5, reversesId: 12 },
      entry: { ...ENTRY, kind: 'expense', id: 14, amount: 1250.5 },
    });
    justRecorded.answer({ entries: [recordedRow(12, 12500.5, 2)] });
    render(<ExpensePage />);
    const section = await screen.findByRole('region', { name: 'Just recorded' });
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Correct entry #12' }),
    );
    // The dialog's code is fetched the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry #12' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.keyboard('one zero too many');
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1,250.50');
    justRecorded.answer({
      entries: [
        { ...recordedRow(14, 1250.5, 2) },
        { ...recordedRow(12, 12500.5, 2), reversedById: 13 },
      ],
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(correct.calls).toHaveLength(1);
    expect(correct.calls[0]).toMatchObject({
      params: { id: '12' },
      body: { reason: 'one zero too many', amount: 1250.5 },
    });
    expect(
      within(section).getByText('Entry corrected #12: reversed by #13, recorded again as #14'),
    ).toHaveFocus();
    await within(section).findByText('#14');
    expect(within(section).getByText('RS: 1,250.50')).toBeInTheDocument();
    expect(within(section).getByText('Reversed by #13')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Correct entry #12' })).toBeNull();
    expect(within(section).getByRole('button', { name: 'Correct entry #14' })).toBeInTheDocument();
    expect(dialogs.alerts).toEqual([]);
    expect(dialogs.confirms).toEqual([]);
  });

  it('offers Credit already chosen where it is the only choice', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    expect(screen.getByLabelText('Credit/Debit')).toHaveValue('Credit');
  });

  it('lists the entries recorded today under the form, and asks again after a save', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    mockEndpoint(endpoints.addExpense, { message: 'ok', entry: { ...ENTRY, kind: 'expense' } });
    justRecorded.answer({ entries: [recordedRow(12, 12500.5, 2), recordedRow(11, 40)] });
    render(<ExpensePage />);
    const section = await screen.findByRole('region', { name: 'Just recorded' });
    await within(section).findByText('#12');
    const lines = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      ['#12', '2026-11-20', 'Rent', 'Credit', 'RS: 12,500.50', '2'],
      ['#11', '2026-11-20', 'Rent', 'Credit', 'RS: 40.00', '0'],
    ]);
    expect(justRecorded.calls[0]?.query).toEqual({ kind: 'expense' });
    expect(within(section).getByRole('button', { name: 'Correct entry #12' })).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Attach receipt to entry #12' }),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(justRecorded.calls).toHaveLength(2));
  });

  it('says "Nothing recorded" when nothing was recorded in the form today', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    render(<ExpensePage />);
    expect(await screen.findByText('Nothing recorded in this form today.')).toBeInTheDocument();
  });

  it('confirms a save with a notice on the page when the preference is on, and no alert', async () => {
    preferences.answer({ confirmWithNotice: true });
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    mockEndpoint(endpoints.addExpense, {
      message: 'ok',
      entry: { ...ENTRY, id: 41, kind: 'expense', amount: 12500.5 },
    });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await waitFor(() => expect(preferences.calls).toHaveLength(1));
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '12,500.50{Enter}');
    const notice = await screen.findByText('Expense Added Successfully. No. 41, RS: 12,500.50.');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(dialogs.alerts).toEqual([]);
    expect(screen.getByLabelText('Expense Type')).toHaveFocus();
  });

  it('says refusals and failures on the page too when the preference is on, and no alert', async () => {
    preferences.answer({ confirmWithNotice: true });
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const post = mockEndpoint(
      endpoints.addExpense,
      failWith(409, 'This expense type is suspended'),
    );
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await waitFor(() => expect(preferences.calls).toHaveLength(1));
    const form = screen.getByRole('button', { name: 'Add Expense' });
    // Empty fields: named beside the button, and said on the page.
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.click(form);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please fill all fields$/);
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    // A refused amount.
    await userEvent.type(screen.getByLabelText('Amount'), '12,50{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Enter a valid amount \(greater than 0, at most 2 decimals\)$/,
    );
    // The server's refusal.
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '5{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/^This expense type is suspended$/),
    );
    expect(post.calls).toHaveLength(1);
    expect(dialogs.alerts).toEqual([]);
    // A save then replaces the failure with its confirmation.
    post.answer({ message: 'ok', entry: { ...ENTRY, id: 42, kind: 'expense', amount: 5 } });
    await userEvent.type(screen.getByLabelText('Amount'), '{Enter}');
    await screen.findByText('Expense Added Successfully. No. 42, RS: 5.00.');
    expect(screen.getByRole('alert')).toHaveTextContent(/^$/);
    expect(dialogs.alerts).toEqual([]);
  });

  it('confirms a save with the spec alert when the preference is off, and leaves the notice empty', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    mockEndpoint(endpoints.addExpense, { message: 'ok', entry: { ...ENTRY, kind: 'expense' } });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '5{Enter}');
    await waitFor(() => expect(dialogs.alerts).toEqual(['Expense Added Successfully']));
    const notice = screen
      .getAllByRole('status')
      .find((region) => region.getAttribute('aria-live') === 'polite');
    expect(notice).toBeDefined();
    expect(notice?.textContent).toBe('');
  });

  it.each([
    ['12,500', 12500],
    ['12,500.50', 12500.5],
    ['1,234,567.05', 1234567.05],
  ])('reads %p typed with thousands separators and sends the plain number', async (typed, sent) => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    const post = mockEndpoint(endpoints.addExpense, RECORDED);
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add Expense' }));
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0]?.body).toMatchObject({ amount: sent });
  });

  it('marks the empty fields, names them beside the alert, and puts the keyboard on the first', async () => {
    mockEndpoint(endpoints.listClients, { users: [ACME] });
    render(<IncomePage />);
    await screen.findByRole('option', { name: 'Acme (Acme Ltd)' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Income' }));
    expect(dialogs.alerts).toEqual(['Please fill all fields']);
    expect(screen.getByText('Empty: Client, Credit/Debit, Amount.')).toBeInTheDocument();
    const client = screen.getByLabelText('Client');
    expect(client).toHaveAttribute('aria-invalid', 'true');
    expect(client).toHaveAccessibleDescription('Choose the client');
    expect(client).toHaveFocus();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date')).not.toHaveAttribute('aria-invalid');
    expect(await axeViolations()).toEqual([]);
  });

  it('marks a refused amount with its message beside it', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    await userEvent.selectOptions(screen.getByLabelText('Expense Type'), 'Rent');
    await userEvent.type(screen.getByLabelText('Amount'), '12,50{Enter}');
    const text = 'Enter a valid amount (greater than 0, at most 2 decimals)';
    expect(dialogs.alerts).toEqual([text]);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(text);
  });

  it('lists clients by name as "Name (Company)", and says what Credit and Debit mean', async () => {
    mockEndpoint(endpoints.listClients, { users: [ZED, ACME, BOB] });
    render(<IncomePage />);
    await screen.findByRole('option', { name: 'Acme (Acme Ltd)' });
    const picker = within(screen.getByRole('combobox', { name: 'Client' }));
    expect(picker.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select client',
      'Acme (Acme Ltd)',
      'Bob (Bob & Sons)',
      'zed',
    ]);
    const choice = screen.getByRole('combobox', { name: 'Credit/Debit' });
    expect(choice).toHaveAccessibleDescription(
      'Debit: an invoice, the client owes. Credit: a payment received.',
    );
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select Credit/Debit', 'Credit', 'Debit']);
  });

  it('lists expense types and employees by name', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, {
      users: [
        { id: 4, expancetype: 'Water', status: 'Active' },
        { id: 5, expancetype: 'electricity', status: 'Active' },
        RENT,
      ],
    });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    const picker = within(screen.getByRole('combobox', { name: 'Expense Type' }));
    expect(picker.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select expense type',
      'electricity',
      'Rent',
      'Water',
    ]);
  });

  it("shows the chosen client's balance beside the picker, exact to the cent", async () => {
    mockEndpoint(endpoints.listClients, { users: [ACME, BOB] });
    mockEndpoint(endpoints.getClientBalance, (call) => ({
      clientId: Number(call.params.id),
      balance: Number(call.params.id) === 3 ? 12500.1 : -0.3,
    }));
    render(<IncomePage />);
    await screen.findByRole('option', { name: 'Acme (Acme Ltd)' });
    await userEvent.selectOptions(screen.getByLabelText('Client'), 'Acme (Acme Ltd)');
    expect(await screen.findByText('Balance: RS: 12,500.10 (owes us)')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Client'), String(BOB.id));
    expect(await screen.findByText('Balance: RS: 0.30 (in credit)')).toBeInTheDocument();
  });
});

describe.each(CASES)('$screen form: Account', (c) => {
  let post: MockedEndpoint<Case['post']>;

  beforeEach(() => {
    mockEndpoint(c.list, c.listed as never);
    post = mockEndpoint(c.post, RECORDED);
  });

  const fillCredit = async () => {
    render(<c.Page />);
    await screen.findByRole('option', { name: c.option });
    await userEvent.selectOptions(screen.getByLabelText(c.picker), c.option);
    await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Credit');
    await userEvent.type(screen.getByLabelText('Amount'), '250');
  };

  it('should preselect the default account and send the one chosen as accountId', async () => {
    await fillCredit();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    expect(account).toHaveValue('1');
    expect(
      within(account)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cash', 'Meezan current']);
    await userEvent.selectOptions(account, 'Meezan current');
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(dialogs.alerts).toEqual([c.added]));
    expect(post.calls[0]?.body).toEqual({
      ...c.body,
      amount: 250,
      description: '',
      Creditdebit: 'Credit',
      date: TODAY,
      accountId: 2,
    });
    // The account stays chosen for the next entry, as the party and the date do.
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue('2');
  });

  it('should leave accountId out when the default account is kept (the server books it there)', async () => {
    await fillCredit();
    expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(dialogs.alerts).toEqual([c.added]));
    expect(post.calls[0]?.body).not.toHaveProperty('accountId');
  });

  it('should put Account after the button, so that keeping the default account costs no keystroke', async () => {
    await fillCredit();
    const account = await screen.findByRole('combobox', { name: 'Account' });
    const button = screen.getByRole('button', { name: c.title });
    // Tab from Amount: Description, the date, the receipt and the button come before Account.
    expect(button.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByLabelText('Amount').compareDocumentPosition(account) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('should show no Account while the Cash account is the only one (there is nothing to choose)', async () => {
    mockEndpoint(endpoints.listAccounts, { accounts: [CASH] });
    await fillCredit();
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(dialogs.alerts).toEqual([c.added]));
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(post.calls[0]?.body).not.toHaveProperty('accountId');
  });

  if (c.creditDebit.includes('Debit'))
    it('should show no Account for a Debit (an invoice moves no money)', async () => {
      render(<c.Page />);
      await screen.findByRole('option', { name: c.option });
      expect(await screen.findByRole('combobox', { name: 'Account' })).toBeInTheDocument();
      await userEvent.selectOptions(screen.getByLabelText('Credit/Debit'), 'Debit');
      expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    });
});
