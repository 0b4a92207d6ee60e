import { act, screen, waitFor } from '@testing-library/react';
import { endpoints } from 'contract/browser';
import { collectDialogs, deferred, mockEndpoint, networkFailure, render } from '../testing';
import { useApiMutation, useApiQuery } from './api-query';

function Totals({ label }: { label: string }) {
  const { data } = useApiQuery(endpoints.getTotals, undefined);
  return <p>{`${label}: ${data ? data.admins : '...'}`}</p>;
}

function Income() {
  const { data } = useApiQuery(endpoints.getFinance, {
    query: { from: '2026-01-01', to: '2026-01-31' },
  });
  return <p>{`Income: ${data ? String(data.income) : '...'}`}</p>;
}

function Users() {
  const { data } = useApiQuery(endpoints.listUsers, undefined);
  return <p>{`Users: ${data ? data.users.length : '...'}`}</p>;
}

let record: (() => Promise<unknown>) | undefined;
function RecordIncome() {
  const add = useApiMutation(endpoints.addIncome);
  record = () =>
    add.mutateAsync({
      body: { clientId: 1, amount: 5, Creditdebit: 'Credit', date: '2026-01-05' },
      headers: { 'Idempotency-Key': 'k' },
    });
  return null;
}

describe('the cache of server answers', () => {
  it('should ask once when two parts of a screen read the same endpoint and input', async () => {
    const totals = mockEndpoint(endpoints.getTotals, { admins: 2, employees: 5, clients: 7 });
    render(
      <>
        <Totals label="Sidebar" />
        <Totals label="Dashboard" />
      </>,
    );
    expect(await screen.findByText('Dashboard: 2')).toBeInTheDocument();
    expect(screen.getByText('Sidebar: 2')).toBeInTheDocument();
    expect(totals.calls).toHaveLength(1);
  });

  it('should refresh the money figures on screen after an entry is recorded, and nothing else', async () => {
    const finance = mockEndpoint(endpoints.getFinance, { income: 10, salary: 0, expense: 0 });
    const users = mockEndpoint(endpoints.listUsers, { users: [] });
    const answer = deferred<{ message: string; id: number }>();
    const add = mockEndpoint(endpoints.addIncome, answer.promise as never);
    render(
      <>
        <Income />
        <Users />
        <RecordIncome />
      </>,
    );
    expect(await screen.findByText('Income: 10')).toBeInTheDocument();
    expect(await screen.findByText('Users: 0')).toBeInTheDocument();

    finance.answer({ income: 15, salary: 0, expense: 0 });
    let recorded: Promise<unknown> | undefined;
    act(() => {
      recorded = record?.();
    });
    answer.resolve({ message: 'ok', id: 9 });
    await act(async () => {
      await recorded;
    });
    // The write resolves once the cache holds the new figures; the screen shows them at its next
    // render, which the cache schedules.
    expect(await screen.findByText('Income: 15')).toBeInTheDocument();
    expect(add.calls[0]?.headers).toMatchObject({ 'Idempotency-Key': 'k' });
    expect(finance.calls).toHaveLength(2);
    expect(users.calls).toHaveLength(1);
  });

  it("should alert a failed read once, with the endpoint's text, however many parts show it", async () => {
    mockEndpoint(endpoints.getTotals, networkFailure());
    const dialogs = collectDialogs();
    render(
      <>
        <Totals label="Sidebar" />
        <Totals label="Dashboard" />
      </>,
    );
    await waitFor(() => expect(dialogs.alerts).toEqual(['Error fetching data']));
    await act(async () => undefined);
    expect(dialogs.alerts).toHaveLength(1);
  });
});
