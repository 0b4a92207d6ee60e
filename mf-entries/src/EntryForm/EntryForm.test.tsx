import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  deferred,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
  networkFailure,
} from 'shared-ui/testing';
import { comboboxOptions, optionTexts } from '../testing';
import { ExpensePage } from '../ExpensePage/ExpensePage';
import {
  CASES,
  FUEL,
  RECORDED,
  RENT,
  TODAY,
  answerCase,
  creditToday,
  mockEntryScreens,
  render,
  type Case,
} from './entry-screens.fixtures';

const mocks = mockEntryScreens();

describe.each(CASES)('$screen form', (c) => {
  const { list: get, post } = answerCase(c);

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
    expect(comboboxOptions('Credit/Debit')).toEqual(['Select Credit/Debit', ...c.creditDebit]);
  });

  it('should post the spec payload with an Idempotency-Key, alert success and clear the amount and description', async () => {
    await renderLoaded();
    await fill('1500.50', '  March rent ');
    await submit();

    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([c.added]));
    expect(post.calls).toHaveLength(1);
    expect(post.calls[0]?.body).toEqual(
      creditToday(c, { amount: 1500.5, description: 'March rent' }),
    );
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
    expect(post.calls[0]?.body).toEqual(creditToday(c, { amount: 20 }));
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
    expect(mocks.dialogs.alerts).toEqual(['Please fill all fields']);
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
    mocks.booksClosed.answer({ closedThrough: '2025-03-31', canMove: false });
    await renderLoaded();
    expect(
      await screen.findByText(
        'Books closed through 2025-03-31: nothing dated on or before it is accepted.',
      ),
    ).toBeInTheDocument();
    expect(mocks.booksClosed.calls).toHaveLength(1);
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
      expect(mocks.dialogs.alerts).toEqual(['Please fill all fields']);
      expect(post.calls).toEqual([]);
    },
  );

  it.each(['abc', '0', '-5', '1.234', '1e3'])(
    'should alert that %p is not a valid amount and post nothing',
    async (amount) => {
      await renderLoaded();
      await fill(amount);
      await submit();
      expect(mocks.dialogs.alerts).toEqual([
        'Enter a valid amount (greater than 0, at most 2 decimals)',
      ]);
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
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([text]));
    expect(screen.getByLabelText('Amount')).toHaveValue('75.00');
    expect(screen.getByRole('button', { name: c.title })).toBeEnabled();
  });

  it('should reuse the Idempotency-Key for a retry of the same content and renew it when the content changes', async () => {
    post.once(networkFailure());
    post.once(failWith(500, 'Something went wrong on the server'));
    await renderLoaded();
    await fill('75');
    await submit();
    await waitFor(() => expect(mocks.dialogs.alerts).toHaveLength(1));
    await submit();
    await waitFor(() => expect(mocks.dialogs.alerts).toHaveLength(2));
    expect(keyOf(1)).toBe(keyOf(0));

    // Left, the amount reads 75.00: typed over.
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '750');
    await submit();
    await waitFor(() => expect(mocks.dialogs.alerts).toHaveLength(3));
    expect(post.calls[2]?.body).toMatchObject({ amount: 750 });
    expect(keyOf(2)).not.toBe(keyOf(1));
    expect(mocks.dialogs.alerts.at(-1)).toBe(c.added);
  });

  it('should use a new Idempotency-Key for the next entry after a success, even with equal content', async () => {
    await renderLoaded();
    await fill('75');
    await submit();
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([c.added]));
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
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual([text]));
    // The picker stops saying Loading... and offers nothing to choose.
    const picker = screen.getByRole('combobox', { name: c.picker });
    await waitFor(() => expect(optionTexts(picker)).toEqual([c.placeholder]));
  });
});

describe('Expances form', () => {
  it('should offer only Active expense types', async () => {
    mockEndpoint(endpoints.listExpenseTypesForEntries, { users: [RENT, FUEL] });
    render(<ExpensePage />);
    await screen.findByRole('option', { name: 'Rent' });
    const picker = screen.getByRole('combobox', { name: 'Expense Type' });
    expect(optionTexts(picker)).toEqual(['Select expense type', 'Rent']);
    expect(within(picker).queryByRole('option', { name: 'Fuel' })).not.toBeInTheDocument();
  });
});

describe.each([
  {
    c: CASES[0] as Case,
    said: 'No clients yet: add them on Clients',
    link: ['Clients', '/Clients'],
  },
  {
    c: CASES[1] as Case,
    said: 'No active expense types yet: add them in Settings, Expenses',
    link: ['Settings, Expenses', '/settings?tab=expenses'],
  },
  {
    c: CASES[2] as Case,
    said: 'No employees yet: add them on Employees',
    link: ['Employees', '/Employees'],
  },
])('$c.screen form with an empty list', ({ c, said, link }) => {
  it('should say where the list is filled, beside the picker and the spec alert', async () => {
    mockEndpoint(c.list, { users: c.screen === 'Expances' ? [FUEL] : [] } as never);
    render(<c.Page />);
    const picker = await screen.findByRole('combobox', { name: c.picker });
    await waitFor(() => expect(picker).toHaveAccessibleDescription(said));
    const [name, to] = link as [string, string];
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', to);
    await userEvent.click(screen.getByRole('button', { name: c.title }));
    await waitFor(() => expect(mocks.dialogs.alerts).toEqual(['Please fill all fields']));
    // The hint stays beside the field's own error.
    expect(picker).toHaveAccessibleDescription(new RegExp(`^${said} `));
    expect(await axeViolations()).toEqual([]);
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
