// Reversing and correcting an entry from the Journal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, failWith, mockEndpoint } from 'shared-ui/testing';
import { renderAt, shownAddress, expectOneCall } from '../testing';
import { JournalPage } from './JournalPage';
import { REVERSAL, mockJournalEachTest, renderJournal } from './journal-testing';

const { dialogs, reverse, journalCalls } = mockJournalEachTest();

describe('Journal: reverse and correct', () => {
  it('reverses an entry after a reason, with no other question, once for a double click', async () => {
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse entry #10' }));
    // The dialog's code is fetched the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Reverse entry #10' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    expect(dialogs.alerts).toEqual(['Please enter a reason']);
    expect(reverse.calls).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Typed twice');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(dialogs.alerts).toContain('Entry reversed'));
    expect(dialogs.confirms).toEqual([]);
    expectOneCall(reverse, {
      params: { id: '10' },
      body: { reason: 'Typed twice' },
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list and the totals load again.
    await waitFor(() => expect(journalCalls()).toHaveLength(2));
  });

  it('shows the server refusal of a reversal', async () => {
    reverse.once(
      failWith(409, 'date is in a closed period: the books are closed through 2025-05-31'),
    );
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse entry #10' }));
    await userEvent.type(await screen.findByLabelText('Reason'), 'Late');
    await userEvent.click(screen.getByRole('button', { name: 'Reverse' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'date is in a closed period: the books are closed through 2025-05-31',
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'Reverse entry #10' })).toBeInTheDocument();
  });

  it('corrects an entry in one dialog and one press, then shows the journal again', async () => {
    const correct = mockEndpoint(endpoints.correctEntry, {
      message: 'Entry corrected #10: reversed by #13, recorded again as #14',
      reversal: { ...REVERSAL, id: 13 },
      entry: { ...REVERSAL, id: 14, amount: 1400, reversesId: null },
    });
    renderJournal('/Journal');
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Correct entry #10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry #10' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong amount');
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '1400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expectOneCall(correct, {
      params: { id: '10' },
      body: { reason: 'Wrong amount', amount: 1400 },
    });
    expect(reverse.calls).toHaveLength(0);
    expect(
      screen.getByText('Entry corrected #10: reversed by #13, recorded again as #14'),
    ).toHaveAttribute('role', 'status');
    expect(dialogs.alerts).toEqual([]);
    expect(dialogs.confirms).toEqual([]);
    // Still on the journal, which loads again.
    expect(shownAddress()).toBe('/Journal');
    await waitFor(() => expect(journalCalls()).toHaveLength(2));
  });

  it('writes nothing when the screen is left with a correction half-typed', async () => {
    const correct = mockEndpoint(endpoints.correctEntry, {
      message: 'Entry corrected #10: reversed by #13, recorded again as #14',
      reversal: { ...REVERSAL, id: 13 },
      entry: { ...REVERSAL, id: 14, amount: 5.55, reversesId: null },
    });
    // Opened from the Dashboard, as the browser's history holds it; Back returns there.
    renderAt('/Journal', <JournalPage />, { route: '/Journal', address: true, cameFrom: '/' });
    await screen.findByText('Entry 10');
    await userEvent.click(screen.getByRole('button', { name: 'Correct entry #10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct entry #10' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Wrong fare');
    await userEvent.clear(within(dialog).getByLabelText('Amount'));
    await userEvent.type(within(dialog).getByLabelText('Amount'), '5.55');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(shownAddress()).toBe('/'));
    expect(screen.queryByText('Entry 10')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(correct.calls).toHaveLength(0);
    expect(reverse.calls).toHaveLength(0);
    expect(dialogs.alerts).toEqual([]);
    expect(dialogs.confirms).toEqual([]);
  });
});
