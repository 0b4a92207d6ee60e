import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JournalEntryRow } from 'contract/browser';
import { axeViolations, endpoints, failWith, mockEndpoint, render } from 'shared-ui/testing';
import {
  BANK,
  CASH,
  mockAccounts,
  answerEachTest,
  openScreenEachTest,
  expectOneCall,
} from '../testing';
import { CorrectDialog } from './CorrectDialog';

const ROW: JournalEntryRow = {
  id: 10,
  date: '2025-05-10',
  kind: 'income',
  partyId: 3,
  partyName: 'Acme',
  Creditdebit: 'Debit',
  amount: 1500.5,
  description: 'Invoice 7',
  recordedBy: null,
  recordedAt: '2025-05-10T09:30:00.000Z',
  reversesId: null,
  reversedById: null,
  receipts: 1,
};

/** The same entry as an expense of the type Rent. */
const RENT_ROW: JournalEntryRow = {
  ...ROW,
  kind: 'expense',
  partyId: 7,
  partyName: 'Rent',
  Creditdebit: 'Credit',
};

const written = (id: number, amount: number) => ({
  id,
  kind: 'income' as const,
  partyId: 3,
  partyName: 'Acme',
  Creditdebit: 'Debit' as const,
  amount,
  description: 'Invoice 7',
  date: '2025-05-10',
  createdAt: '2025-05-11T08:00:00.000Z',
  reversesId: amount < 0 ? 10 : null,
});

const dialogs = openScreenEachTest('staff');
beforeEach(() => {
  mockEndpoint(endpoints.listClients, {
    users: [
      { id: 3, name: 'Acme', email: 'a@a.test', companyName: 'A' },
      { id: 4, name: 'Beta', email: 'b@b.test', companyName: 'B' },
    ],
  });
  mockEndpoint(endpoints.listExpenseTypesForEntries, {
    users: [{ id: 7, expancetype: 'Rent', status: 'Active' }],
  });
  mockAccounts([CASH]);
});
const correct = answerEachTest(endpoints.correctEntry, {
  message: 'Entry corrected #10: reversed by #11, recorded again as #12',
  reversal: written(11, -1500.5),
  entry: written(12, 1450.5),
});
afterEach(() => jest.restoreAllMocks());

/** The journal's part: a Correct button that opens the dialog for a row. */
function Host({ row = ROW }: { row?: JournalEntryRow }) {
  const [open, setOpen] = useState<JournalEntryRow | undefined>();
  return (
    <>
      <button type="button" onClick={() => setOpen(row)}>
        Correct
      </button>
      <CorrectDialog row={open} onClose={() => setOpen(undefined)} />
    </>
  );
}

async function openDialog(row?: JournalEntryRow) {
  render(<Host row={row} />);
  await userEvent.click(screen.getByRole('button', { name: 'Correct' }));
  return screen.getByRole('dialog', { name: `Correct entry #${(row ?? ROW).id}` });
}

describe('CorrectDialog', () => {
  it("opens with the Reason focused and the entry's values filled in", async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('');
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('1,500.50');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2025-05-10');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Invoice 7');
    expect(within(dialog).getByLabelText('Client')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Credit/Debit')).toHaveValue('Debit');
    await within(dialog).findByRole('option', { name: 'Beta (B)' });
  });

  it('takes the keyboard from the Reason to the Amount, and saves what is typed there', async () => {
    const dialog = await openDialog(RENT_ROW);
    await userEvent.keyboard('Typed the wrong amount');
    await userEvent.tab();
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveFocus();
    await userEvent.keyboard('{Control>}a{/Control}80.05');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(correct.calls).toHaveLength(1));
    expect(correct.calls[0]?.body).toEqual({ reason: 'Typed the wrong amount', amount: 80.05 });
  });

  it('offers Credit/Debit for income only', async () => {
    const dialog = await openDialog(RENT_ROW);
    expect(within(dialog).getByLabelText('Expense type')).toHaveValue('7');
    expect(within(dialog).queryByLabelText('Credit/Debit')).not.toBeInTheDocument();
  });

  it('saves with one press, sending the reason and what changed only', async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Discount forgotten');
    const amount = within(dialog).getByLabelText('Amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1450.50');
    await userEvent.selectOptions(within(dialog).getByLabelText('Credit/Debit'), 'Credit');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expectOneCall(correct, {
      params: { id: '10' },
      body: { reason: 'Discount forgotten', amount: 1450.5, Creditdebit: 'Credit' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(Object.keys(correct.calls[0]?.body ?? {}).sort()).toEqual([
      'Creditdebit',
      'amount',
      'reason',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Entry corrected #10: reversed by #11, recorded again as #12',
    );
    // Focus is on what was written, not lost with the row's button.
    expect(screen.getByRole('status')).toHaveFocus();
    expect(dialogs.alerts).toEqual([]);
    expect(dialogs.confirms).toEqual([]);
  });

  it('shows the refusal in the dialog, keeps it open, and sends the same key again', async () => {
    correct.once(
      failWith(409, 'date is in a closed period: the books are closed through 2025-05-31'),
    );
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Late');
    await userEvent.type(within(dialog).getByLabelText('Description'), ' (paid)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'date is in a closed period: the books are closed through 2025-05-31',
    );
    expect(dialogs.alerts).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Correct entry #10' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(correct.calls).toHaveLength(2));
    expect(correct.calls[1]?.headers).toEqual(correct.calls[0]?.headers);
    expect(await axeViolations()).toEqual([]);
  });

  it.each([
    ['no reason', '', '1450', 'Please enter a reason'],
    [
      'no change',
      'Why',
      '1500.5',
      'Nothing to correct: change the amount, date, description, party or Credit/Debit',
    ],
    [
      'an amount that is not one',
      'Why',
      '12,5x',
      'Enter a valid amount (greater than 0, at most 2 decimals)',
    ],
    ['no amount', 'Why', '', 'Please fill all fields'],
  ])('says what is missing for %s and sends nothing', async (_name, reason, amount, text) => {
    const dialog = await openDialog();
    if (reason) await userEvent.type(within(dialog).getByLabelText('Reason'), reason);
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    if (amount) await userEvent.type(within(dialog).getByLabelText('Amount'), amount);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
    expect(correct.calls).toHaveLength(0);
  });

  it('offers Account for money moved where there are two accounts, and sends it when changed', async () => {
    mockAccounts();
    const dialog = await openDialog();
    // An invoice moves no money: no Account until it is made Credit.
    expect(within(dialog).queryByLabelText('Account')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Credit/Debit'), 'Credit');
    const account = await within(dialog).findByLabelText('Account');
    expect(account).toHaveValue('1');
    await userEvent.selectOptions(account, BANK.name);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Paid into the bank');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(correct.calls).toHaveLength(1));
    expect(correct.calls[0]?.body).toEqual({
      reason: 'Paid into the bank',
      Creditdebit: 'Credit',
      accountId: 2,
    });
  });

  it("shows a payment's own account and sends none when it is kept", async () => {
    mockAccounts();
    const dialog = await openDialog({
      ...RENT_ROW,
      accountId: 2,
      accountName: BANK.name,
    });
    expect(await within(dialog).findByLabelText('Account')).toHaveValue('2');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong day');
    const date = within(dialog).getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2025-05-09');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(correct.calls).toHaveLength(1));
    expect(correct.calls[0]?.body).toEqual({ reason: 'Wrong day', date: '2025-05-09' });
  });

  it('writes nothing when closed, and opens afresh next time', async () => {
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Changed my mind');
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Correct' }));
    const again = screen.getByRole('dialog', { name: 'Correct entry #10' });
    expect(within(again).getByLabelText('Reason')).toHaveValue('');
    expect(within(again).getByLabelText('Amount')).toHaveValue('1,500.50');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(correct.calls).toHaveLength(0);
    expect(dialogs.alerts).toEqual([]);
  });
});
