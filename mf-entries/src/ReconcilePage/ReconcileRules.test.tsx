// Rules that learn, a missing expense type and one entry to several lines, on the reconcile rows
// (issue 42): after a Create, Remember saves the line's description without its dates and
// numbers (edited first) as a rule to the same ledger account; a rule's proposal is shown as
// "Rule: <text>" and booked by OK; Create adds a new expense type in place and chooses it; Find &
// match matches one larger entry to this line and another that add up to it — no pop-up.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Worklist } from 'contract/browser';
import { axeViolations, endpoints, mockEndpoint } from 'shared-ui/testing';
import { mockAccounts, openScreenEachTest } from '../testing';
import { LEDGER, line, renderPage, rowOf, expectSaid } from './reconcile-testing';

const CHARGES = line(1, {
  date: '2026-10-07',
  amount: -40,
  description: 'SERVICE CHARGES 07/10/2026 REF 4411',
  reference: '',
});
const PROPOSED = line(2, {
  date: '2026-11-07',
  amount: -35.5,
  description: 'SERVICE CHARGES 07/11/2026 REF 5120',
  reference: '',
  proposal: {
    ruleId: 4,
    pattern: 'SERVICE CHARGES REF',
    kind: 'ledger',
    partyId: null,
    ledgerAccountId: 9,
    targetName: '5100 Bank charges',
    description: '',
  },
});
const PART_ONE = line(3, { date: '2026-10-09', amount: -100, description: 'RENT PART 1' });
const PART_TWO = line(4, { date: '2026-10-10', amount: -200, description: 'RENT PART 2' });
const DEPOSIT = line(5, { date: '2026-10-10', amount: 200, description: 'DEPOSIT' });

const WORKLIST: Worklist = {
  lines: [CHARGES, PROPOSED, PART_ONE, PART_TWO, DEPOSIT],
  entries: [],
  transfers: [],
  next: null,
};

const RENT = {
  id: 41,
  date: '2026-10-08',
  kind: 'expense' as const,
  partyId: 1,
  partyName: 'Rent',
  description: 'October rent',
  amount: -300,
};

const VOUCHER = {
  id: 70,
  date: '2026-10-07',
  description: 'SERVICE CHARGES 07/10/2026 REF 4411',
  reversesId: null,
  reversedById: null,
  createdAt: '2026-10-08T10:00:00.000Z',
  lines: [],
};

const dialogs = openScreenEachTest('staff');

beforeEach(() => {
  mockAccounts();
  mockEndpoint(endpoints.getReconcile, WORKLIST);
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [{ id: 1, expancetype: 'Rent', status: 'Active' }],
  });
  mockEndpoint(endpoints.listEmployees, { users: [] });
  mockEndpoint(endpoints.listClients, { users: [] });
  mockEndpoint(endpoints.listLedgerAccounts, {
    accounts: [LEDGER.bankCharges, LEDGER.bankProfit],
  });
});

afterEach(() => {
  expect(dialogs.alerts).toEqual([]);
  expect(dialogs.confirms).toEqual([]);
});

test('Remember after a Create: the description without its numbers, edited, saved as a rule to the ledger account', async () => {
  const create = mockEndpoint(endpoints.createLineEntry, {
    message: 'Entry created and matched',
    voucher: VOUCHER,
  });
  const rule = mockEndpoint(endpoints.createBankRule, {
    message: 'Rule created',
    rule: {
      id: 5,
      contains: 'SERVICE CHARGES',
      minAmount: null,
      maxAmount: null,
      kind: 'ledger',
      partyId: null,
      ledgerAccountId: 9,
      direction: 'out',
      partyName: '5100 Bank charges',
      description: 'Bank charges',
      enabled: true,
    },
  });
  renderPage();
  const row = await rowOf(CHARGES.description);
  await userEvent.click(within(row).getByRole('button', { name: /^Create: / }));
  const form = await within(row).findByRole('form', { name: /^Create: 7 Oct/ });
  await waitFor(() => expect(within(form).getByLabelText('Book to')).toHaveValue('ledger:9'));
  await userEvent.clear(within(form).getByLabelText('Description'));
  await userEvent.type(within(form).getByLabelText('Description'), 'Bank charges');
  await userEvent.click(within(form).getByRole('button', { name: /^Create & match: / }));
  await expectSaid(
    'Created voucher #70 for 7 Oct, SERVICE CHARGES 07/10/2026 REF 4411, RS -40.00 and matched it.',
  );
  expect(create.calls.map((call) => call.body)).toEqual([
    { kind: 'ledger', ledgerAccountId: 9, description: 'Bank charges' },
  ]);

  await userEvent.click(
    screen.getByRole('button', {
      name: 'Remember: lines like "SERVICE CHARGES 07/10/2026 REF 4411" are booked to 5100 Bank charges',
    }),
  );
  const remember = screen.getByRole('form', { name: /^Remember as a rule: / });
  const pattern = within(remember).getByLabelText('Lines containing (booked to 5100 Bank charges)');
  expect(pattern).toHaveValue('SERVICE CHARGES REF');
  expect(pattern).toHaveFocus();
  expect(await axeViolations()).toEqual([]);
  await userEvent.clear(pattern);
  await userEvent.click(within(remember).getByRole('button', { name: 'Save rule' }));
  expect(within(remember).getByText('Enter the text the lines contain')).toBeInTheDocument();
  await userEvent.type(pattern, 'SERVICE CHARGES');
  await userEvent.click(within(remember).getByRole('button', { name: 'Save rule' }));
  await expectSaid(
    'Rule saved: lines containing "SERVICE CHARGES" will be proposed for 5100 Bank charges.',
  );
  expect(rule.calls.map((call) => call.body)).toEqual([
    {
      contains: 'SERVICE CHARGES',
      kind: 'ledger',
      ledgerAccountId: 9,
      direction: 'out',
      description: 'Bank charges',
    },
  ]);
  // Remembered once: the offer goes; Undo of the Create stays.
  expect(screen.queryByRole('button', { name: /^Remember: / })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Undo: Rule saved/ })).toBeInTheDocument();
});

test("a rule's proposal is shown in words and booked to its ledger account by OK", async () => {
  const create = mockEndpoint(endpoints.createLineEntry, {
    message: 'Entry created and matched',
    voucher: { ...VOUCHER, id: 71 },
  });
  renderPage();
  const row = await rowOf(PROPOSED.description);
  expect(row).toHaveTextContent('Book to 5100 Bank charges');
  expect(row).toHaveTextContent('Rule: SERVICE CHARGES REF');
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(
    within(row).getByRole('button', {
      name: 'OK: 7 Nov, SERVICE CHARGES 07/11/2026 REF 5120, RS -35.50',
    }),
  );
  await expectSaid(/^Created voucher #71 for 7 Nov/);
  expect(create.calls.map((call) => [call.params, call.body])).toEqual([
    [
      { id: '2', lineId: '2' },
      { kind: 'ledger', ledgerAccountId: 9 },
    ],
  ]);
});

test('Create adds a missing expense type in place and chooses it', async () => {
  const add = mockEndpoint(endpoints.addExpenseType, {
    message: 'Expense type added',
    user: { id: 12, expancetype: 'Water', status: 'Active' },
  });
  const create = mockEndpoint(endpoints.createLineEntry, { message: 'Entry created and matched' });
  renderPage();
  const row = await rowOf('RENT PART 1');
  await userEvent.click(within(row).getByRole('button', { name: /^Create: / }));
  const form = await within(row).findByRole('form', { name: /^Create: 9 Oct/ });
  await userEvent.click(
    within(form).getByRole('button', { name: 'New expense type: 9 Oct, RENT PART 1, RS -100.00' }),
  );
  const name = within(form).getByLabelText('New expense type');
  expect(name).toHaveFocus();
  expect(await axeViolations()).toEqual([]);
  // The list as the server gives it once the type is added.
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [
      { id: 1, expancetype: 'Rent', status: 'Active' },
      { id: 12, expancetype: 'Water', status: 'Active' },
    ],
  });
  // Enter adds the type; it does not send Create.
  await userEvent.type(name, 'Water{Enter}');
  await waitFor(() => expect(within(form).getByLabelText('Book to')).toHaveValue('expense:12'));
  expect(add.calls.map((call) => call.body)).toEqual([{ expancetype: 'Water' }]);
  expect(create.calls).toEqual([]);
  expect(within(form).getByRole('button', { name: /^New expense type: / })).toBeInTheDocument();
  await userEvent.click(within(form).getByRole('button', { name: /^Create & match: / }));
  await waitFor(() =>
    expect(create.calls.map((call) => call.body)).toEqual([
      { kind: 'expense', partyId: 12, description: 'RENT PART 1' },
    ]),
  );
});

test('Find & match: one entry matched to this line and another that add up to it', async () => {
  mockEndpoint(endpoints.searchOpenItems, { entries: [RENT], transfers: [], more: false });
  const matchLines = mockEndpoint(endpoints.matchLines, {
    message: 'Lines matched to the entry',
    lines: [
      { ...PART_ONE, status: 'matched', entryIds: [41] },
      { ...PART_TWO, status: 'matched', entryIds: [41] },
    ],
  });
  renderPage();
  const row = await rowOf('RENT PART 1');
  await userEvent.click(within(row).getByRole('button', { name: /^Find & match: / }));
  const form = await within(row).findByRole('form', { name: /^Find & match: 9 Oct/ });
  await userEvent.click(await within(form).findByRole('checkbox', { name: /Expense #41, Rent/ }));
  const others = within(form).getByRole('list', { name: 'Other lines for Expense #41' });
  // Money out, as the line: the other part, not the deposit nor the line itself.
  expect(
    within(others)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent),
  ).toEqual([
    ' 7 Oct · SERVICE CHARGES 07/10/2026 REF 4411 · -40.00',
    ' 7 Nov · SERVICE CHARGES 07/11/2026 REF 5120 · -35.50',
    ' 10 Oct · RENT PART 2 · -200.00',
  ]);
  const button = within(form).getByRole('button', { name: /^Match Expense #41 to 1 lines/ });
  expect(button).toBeDisabled();
  await userEvent.click(within(others).getByRole('checkbox', { name: /RENT PART 2/ }));
  expect(within(form).getByText('Lines 2: -300.00 of -300.00')).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(
    within(form).getByRole('button', {
      name: 'Match Expense #41 to 2 lines: 9 Oct, RENT PART 1, RS -100.00',
    }),
  );
  await expectSaid(
    'Matched entry #41 to 2 lines: 9 Oct, RENT PART 1, RS -100.00 and 10 Oct, RENT PART 2, RS -200.00.',
  );
  expect(matchLines.calls.map((call) => [call.params, call.body])).toEqual([
    [{ id: '2' }, { entryId: 41, lineIds: [3, 4] }],
  ]);
});
