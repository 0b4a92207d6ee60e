import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  axeViolations,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
} from 'shared-ui/testing';
import { mockRegisterEachTest, renderPage } from './register-fixtures';

const { dialogs, register, statements } = mockRegisterEachTest();

describe('AccountRegisterPage', () => {
  it('should show the balance today, the reconciled-through day and each movement with its running balance', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Meezan current', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('RS: 98,765.43')).toBeInTheDocument();
    expect(screen.getByText('2026-09-30')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Register' });
    const rent = within(table).getByText('September rent').closest('tr')!;
    expect(rent).toHaveTextContent('Expense');
    expect(rent).toHaveTextContent('-1,200.00');
    expect(rent).toHaveTextContent('98,265.43');
    expect(rent).toHaveTextContent('Reconciled');
    const deposit = within(table).getByText('Cash deposited').closest('tr')!;
    expect(deposit).toHaveTextContent('Transfer');
    expect(screen.getByRole('link', { name: 'Reconcile' })).toHaveAttribute(
      'href',
      '/Accounts/2/reconcile',
    );
    expect(register.calls.map((call) => [call.params, call.query])).toEqual([
      [{ id: '2' }, { limit: '50' }],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('should page on as the journal does', async () => {
    renderPage();
    await screen.findByText('September rent');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(register.calls.map((call) => call.query)).toEqual([
        { limit: '50' },
        { limit: '50', after: 'cmVnaXN0ZXI6NDE' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'First page' })).toBeEnabled();
  });

  it('should reverse a transfer with a reason', async () => {
    const reverse = mockEndpoint(endpoints.reverseTransfer, {
      message: 'Transfer reversed',
      transfer: {
        id: 10,
        fromAccountId: 1,
        toAccountId: 2,
        amount: -500,
        date: '2026-10-05',
        description: 'Cash deposited',
        reversesId: 9,
        createdAt: '2026-10-06T10:00:00.000Z',
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reverse transfer #9' }));
    const dialog = screen.getByRole('dialog', { name: 'Reverse transfer #9' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Deposited twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reverse' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Transfer reversed']));
    expect(reverse.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '9' }, { reason: 'Deposited twice' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should list the statement imports, newest first, the undone one marked', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Statement imports' });
    const october = (await within(table).findByText('october.csv')).closest('tr')!;
    expect(october).toHaveTextContent('CSV');
    expect(october).toHaveTextContent('18 lines added, 2 already imported');
    expect(october).toHaveTextContent('2026-11-02 09:15');
    const september = within(table).getByText('september.ofx').closest('tr')!;
    expect(september).toHaveTextContent('1 line added, 0 already imported');
    expect(september).toHaveTextContent('Undone');
    expect(within(september).queryByRole('button')).not.toBeInTheDocument();
    expect(statements.calls[0]!.params).toEqual({ id: '2' });
  });

  it('should undo a statement import with a reason, and list it again', async () => {
    const undo = mockEndpoint(endpoints.undoStatement, { message: 'Statement import undone' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo import #7' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo import #7' });
    expect(dialog).toHaveTextContent('october.csv: its 18 lines leave the worklist.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    expect(dialogs.alerts).toEqual(['Please enter a reason']);
    expect(undo.calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Reason for the undo'), 'Wrong account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['Please enter a reason', 'Statement import undone']),
    );
    expect(undo.calls.map((call) => [call.params, call.body])).toEqual([
      [{ id: '2', importId: '7' }, { reason: 'Wrong account' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again after the undo.
    await waitFor(() => expect(statements.calls.length).toBeGreaterThan(1));
  });

  it("should show the server's refusal of an undo while lines are matched, the dialog kept open", async () => {
    mockEndpoint(
      endpoints.undoStatement,
      failWith(409, 'Lines of this statement are matched or excluded: unmatch them first'),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo import #7' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo import #7' });
    await userEvent.type(within(dialog).getByLabelText('Reason for the undo'), 'Wrong account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo import' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual([
        'Lines of this statement are matched or excluded: unmatch them first',
      ]),
    );
    expect(screen.getByRole('dialog', { name: 'Undo import #7' })).toBeInTheDocument();
  });

  it('should show a viewer the register without Import statement or Reverse', async () => {
    mockCurrentUser('viewer');
    renderPage();
    await screen.findByText('September rent');
    expect(screen.queryByRole('form', { name: 'Import statement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reverse/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconcile' })).toBeInTheDocument();
    // The imports are listed to a viewer, with no Undo.
    await screen.findByText('october.csv');
    expect(screen.queryByRole('button', { name: /Undo import/ })).not.toBeInTheDocument();
  });
});
