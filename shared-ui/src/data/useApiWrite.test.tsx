import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { endpoints, type Endpoint, type EndpointName } from 'contract/browser';
import {
  collectDialogs,
  deferred,
  failWith,
  mockEndpoint,
  networkFailure,
  render,
} from '../testing';
import { queryClient } from './query-client';
import { useApiQuery } from './api-query';
import { useApiWrite, type ApiWriteOptions, type ApiWriteOutcome } from './useApiWrite';

const names = Object.keys(endpoints) as EndpointName[];
const writes = names.filter((name) => endpoints[name].method !== 'GET');

let write: ((variables: unknown) => Promise<ApiWriteOutcome<Endpoint>>) | undefined;
function Writer({ endpoint, options }: { endpoint: Endpoint; options?: ApiWriteOptions<Endpoint> }) {
  const hook = useApiWrite(endpoint, options as never);
  write = hook.run as never;
  return <p>{hook.isPending ? 'Saving' : 'Idle'}</p>;
}

/** Runs the rendered writer's write inside act(). */
async function run(variables: unknown) {
  let outcome: ApiWriteOutcome<Endpoint> | undefined;
  await act(async () => {
    outcome = await write?.(variables);
  });
  return outcome;
}

function Users() {
  const { data } = useApiQuery(endpoints.listUsers, undefined);
  return <p>{`Users: ${data ? data.users.length : '...'}`}</p>;
}

describe('useApiWrite', () => {
  it('should run the write, refresh what it changed, then show the success text', async () => {
    const dialogs = collectDialogs();
    const users = mockEndpoint(endpoints.listUsers, { users: [] });
    const answer = deferred<{ message: string }>();
    const register = mockEndpoint(endpoints.registerUser, answer.promise as never);
    render(
      <>
        <Users />
        <Writer endpoint={endpoints.registerUser} options={{ success: 'User added' }} />
      </>,
    );
    expect(await screen.findByText('Users: 0')).toBeInTheDocument();
    users.answer({
      users: [{ id: 2, name: 'Ann', email: 'ann@test.local', role: 'staff' }],
    } as never);

    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = write?.({ body: { name: 'Ann' } });
    });
    expect(await screen.findByText('Saving')).toBeInTheDocument();
    expect(dialogs.alerts).toEqual([]);
    answer.resolve({ message: 'registered' });
    await act(async () => {
      expect(await outcome).toEqual({ ok: true, answer: { message: 'registered' } });
    });
    // The list was asked again before the alert: it shows the new user when the alert shows.
    expect(users.calls).toHaveLength(2);
    expect(dialogs.alerts).toEqual(['User added']);
    expect(register.calls[0]?.body).toEqual({ name: 'Ann' });
    expect(await screen.findByText('Users: 1')).toBeInTheDocument();
  });

  it("should say the server's refusal, or the endpoint's text when there is no answer", async () => {
    const dialogs = collectDialogs();
    const remove = mockEndpoint(endpoints.deleteClient, failWith(409, 'Client has entries'));
    const after = jest.fn();
    render(
      <Writer endpoint={endpoints.deleteClient} options={{ success: 'Deleted', onSuccess: after }} />,
    );
    expect((await run({ params: { id: 4 } }))?.ok).toBe(false);
    remove.answer(networkFailure());
    expect((await run({ params: { id: 4 } }))?.ok).toBe(false);
    expect(dialogs.alerts).toEqual(['Client has entries', endpoints.deleteClient.texts.error]);
    expect(after).not.toHaveBeenCalled();
  });

  it('should hand a failure to the screen instead of the alert when asked', async () => {
    const dialogs = collectDialogs();
    mockEndpoint(endpoints.deleteClient, failWith(409, 'Client has entries'));
    const shown = jest.fn();
    render(<Writer endpoint={endpoints.deleteClient} options={{ onFailure: shown }} />);
    expect((await run({ params: { id: 4 } }))?.ok).toBe(false);
    expect(shown).toHaveBeenCalledWith('Client has entries');
    expect(dialogs.alerts).toEqual([]);
  });

  it('should make the success text of the answer, after what the screen does next', async () => {
    const dialogs = collectDialogs();
    mockEndpoint(endpoints.endOtherSessions, { message: '2 sessions ended' } as never);
    const order: string[] = [];
    render(
      <Writer
        endpoint={endpoints.endOtherSessions}
        options={{
          onSuccess: () => order.push('next'),
          success: (answer) => {
            order.push('alert');
            return (answer as { message: string }).message;
          },
        }}
      />,
    );
    await run(undefined);
    expect(order).toEqual(['next', 'alert']);
    expect(dialogs.alerts).toEqual(['2 sessions ended']);
  });

  it('should send a form as an upload', async () => {
    const attach = mockEndpoint(endpoints.attachReceipts, { message: 'ok' } as never);
    render(<Writer endpoint={endpoints.attachReceipts} />);
    const form = new FormData();
    form.append('receipt', new Blob(['%PDF']), 'a.pdf');
    expect((await run({ params: { id: 7 }, form }))?.ok).toBe(true);
    expect(attach.calls[0]?.params).toEqual({ id: '7' });
  });
});

describe('the screens', () => {
  const root = path.resolve(__dirname, '../../..');
  const apps = ['shell', 'mf-people', 'mf-entries', 'mf-reports', 'mf-settings'];
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(file);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
    });
  const files = apps.flatMap((app) => sources(path.join(root, app, 'src')));

  it('should be found', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(apps)(
    '%s should write only through useApiWrite, so every write runs its refresh',
    (app) => {
      const written = new RegExp(
        `\\b(?:call|upload)\\(\\s*endpoints\\.(?:${writes.join('|')})\\b|\\buseApi(?:Mutation|Upload)\\(`,
      );
      const direct = files
        .filter((file) => file.startsWith(path.join(root, app, 'src')))
        .filter((file) => written.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(root, file));
      expect(direct).toEqual([]);
    },
  );
});

afterEach(async () => {
  await waitFor(() => expect(queryClient.isMutating()).toBe(0));
});
