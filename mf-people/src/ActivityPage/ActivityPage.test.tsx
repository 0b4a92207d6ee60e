import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ActivityRow, OpenSession } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  collectDownloads,
  endpoints,
  failWith,
  mockCurrentUser,
  mockEndpoint,
  type Dialogs,
  type MockedEndpoint,
  render,
} from 'shared-ui/testing';
import { ActivityPage } from './ActivityPage';

const changed: ActivityRow = {
  id: 12,
  at: '2026-11-20T10:00:00.000Z',
  actor: { id: 1, name: 'Admin', email: 'admin@test.local', former: false },
  action: 'update',
  kind: 'client',
  recordId: '7',
  changes: [{ field: 'companyName', before: 'Old Co', after: 'New Co' }],
  address: '10.0.0.5',
  browser: 'Firefox',
};
const failed: ActivityRow = {
  id: 11,
  at: '2026-11-20T09:00:00.000Z',
  actor: null,
  action: 'login_failed',
  kind: 'session',
  recordId: null,
  changes: [{ field: 'email', before: null, after: 'guess@test.local' }],
  address: '10.0.0.9',
  browser: 'curl',
};
const sessions: OpenSession[] = [
  {
    id: 5,
    userId: 2,
    name: 'Staff',
    email: 'staff@test.local',
    role: 'staff',
    signedInAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-20T09:30:00.000Z',
    address: '10.0.0.7',
    browser: 'Chrome',
    current: false,
  },
  {
    id: 6,
    userId: 1,
    name: 'Admin',
    email: 'admin@test.local',
    role: 'admin',
    signedInAt: '2026-11-20T08:10:00.000Z',
    lastSeenAt: '2026-11-20T09:40:00.000Z',
    address: '10.0.0.5',
    browser: 'Firefox',
    current: true,
  },
];

let dialogs: Dialogs;
let activity: MockedEndpoint<typeof endpoints.listActivity>;
let users: MockedEndpoint<typeof endpoints.listUsers>;

beforeEach(() => {
  dialogs = collectDialogs();
  mockCurrentUser('admin');
  users = mockEndpoint(endpoints.listUsers, {
    users: [{ id: 1, name: 'Admin', email: 'admin@test.local', role: 'admin' }],
  });
  mockEndpoint(endpoints.listSessions, { users: sessions });
  activity = mockEndpoint(endpoints.listActivity, ({ query }) =>
    query.after === 'YWN0aXZpdHk6MTE' || query.before === '11'
      ? { users: [], next: null }
      : { users: [changed, failed], next: 'YWN0aXZpdHk6MTE' },
  );
});
afterEach(() => jest.restoreAllMocks());

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

async function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/Activity" element={<ActivityPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  await act(async () => undefined);
}

/** The query of every request for a page of the log, as the URL carried it. */
const activityCalls = () =>
  activity.calls.map((call) => new URLSearchParams(call.query).toString());

describe('ActivityPage', () => {
  it('should show who changed what, each field as before → after, linked to the record', async () => {
    await renderAt('/Activity');
    const table = await screen.findByRole('table', { name: 'Activity' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Admin <admin@test.local>');
    expect(first).toHaveTextContent('changed');
    expect(first).toHaveTextContent('companyName: Old Co → New Co');
    expect(within(first!).getByRole('link', { name: 'Client #7' })).toHaveAttribute(
      'href',
      '/ClientLedgerPage?clientId=7',
    );
    expect(second).toHaveTextContent('sign-in failed');
    expect(second).toHaveTextContent('email: — → guess@test.local');
    expect(second).toHaveTextContent('10.0.0.9');
    expect(await axeViolations()).toEqual([]);
  });

  it('should tell apart two people of one name by their e-mail and mark a former user', async () => {
    const by = (id: number, actor: ActivityRow['actor']): ActivityRow => ({
      ...changed,
      id,
      actor,
    });
    activity = mockEndpoint(endpoints.listActivity, {
      users: [
        by(22, { id: 5, name: 'Sam', email: 'sam@new.test', former: false }),
        by(21, { id: 2, name: 'Sam', email: 'sam@old.test', former: true }),
        {
          ...failed,
          id: 20,
          changes: [{ field: 'email', before: null, after: '(not an e-mail address)' }],
        },
      ],
      next: null,
    });
    await renderAt('/Activity');
    const table = await screen.findByRole('table', { name: 'Activity' });
    const [, newcomer, former, refused] = within(table).getAllByRole('row');
    expect(within(newcomer!).getAllByRole('cell')[1]).toHaveTextContent(/^Sam <sam@new\.test>$/);
    expect(within(former!).getAllByRole('cell')[1]).toHaveTextContent(
      /^Sam \(former user\) <sam@old\.test>$/,
    );
    expect(refused).toHaveTextContent('email: — → (not an e-mail address)');
  });

  it('should read its filters from the URL and put applied filters back in it', async () => {
    await renderAt('/Activity?kind=client&record=7');
    expect(activityCalls()).toEqual(['kind=client&record=7']);
    expect(users.calls).toHaveLength(1);
    expect(screen.getByLabelText('Kind of record')).toHaveValue('client');
    expect(screen.getByLabelText('Record id')).toHaveValue('7');

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'login_failed');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent(
        '/Activity?kind=client&action=login_failed&from=2026-11-01&record=7',
      ),
    );
    expect(activityCalls().at(-1)).toBe('kind=client&action=login_failed&from=2026-11-01&record=7');
  });

  it('should apply a period in one click, its dates in From and To', async () => {
    await renderAt('/Activity?kind=client');
    await userEvent.click(screen.getByRole('button', { name: 'This year' }));
    const year = new Date().getFullYear();
    await waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent(
        `/Activity?kind=client&from=${year}-01-01&to=${year}-12-31`,
      ),
    );
    expect(screen.getByLabelText('From')).toHaveValue(`${year}-01-01`);
    expect(screen.getByLabelText('To')).toHaveValue(`${year}-12-31`);
    expect(activityCalls().at(-1)).toBe(`kind=client&from=${year}-01-01&to=${year}-12-31`);
  });

  it('should leave out of its request a filter in the URL that the log never writes', async () => {
    await renderAt('/Activity?kind=client&action=reversal&who=x');
    expect(activityCalls()).toEqual(['kind=client']);
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });

  it('should refuse to apply a filter that is not valid, naming it', async () => {
    await renderAt('/Activity?kind=client');
    await userEvent.type(screen.getByLabelText('Record id'), '7x');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(dialogs.alerts).toEqual(['Please correct the filter: Record id']);
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/Activity\?kind=client$/);
    expect(activityCalls()).toEqual(['kind=client']);
  });

  it('should page to older rows by position and back to the newest', async () => {
    await renderAt('/Activity?action=update');
    await screen.findByRole('table', { name: 'Activity' });
    expect(screen.getByRole('button', { name: 'Newest' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent(
        '/Activity?action=update&after=YWN0aXZpdHk6MTE',
      ),
    );
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(activityCalls().at(-1)).toBe('action=update'));
    expect(activityCalls()).toEqual([
      'action=update',
      'action=update&after=YWN0aXZpdHk6MTE',
      'action=update',
    ]);
  });

  it('should still open an address written with the deprecated before, and page on with after', async () => {
    activity.answer({ users: [changed], next: 'YWN0aXZpdHk6MTA' });
    await renderAt('/Activity?action=update&before=12');
    await screen.findByRole('table', { name: 'Activity' });
    expect(activityCalls()).toEqual(['action=update&before=12']);
    expect(screen.getByRole('button', { name: 'Newest' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent(
        /^\/Activity\?action=update&after=YWN0aXZpdHk6MTA$/,
      ),
    );
  });

  it('should download every matching row as CSV from the server', async () => {
    const csv = mockEndpoint(endpoints.activityCsv, 'When,Who\r\n');
    const downloads = collectDownloads();
    await renderAt('/Activity?who=1');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads.fileNames).toEqual(['activity.csv']));
    expect(csv.calls.map((call) => call.query)).toEqual([{ who: '1' }]);
  });

  it("should show the download's texts when it fails", async () => {
    mockEndpoint(endpoints.activityCsv, failWith(500));
    const downloads = collectDownloads();
    await renderAt('/Activity');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Failed to download']));
    expect(downloads.fileNames).toEqual([]);
  });

  it("should show the server's refusal to staff instead of the log", async () => {
    activity.answer(failWith(403, 'Only admins can see activity and sessions'));
    await renderAt('/Activity');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only admins can see activity and sessions',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("should list open sessions and end one, or all of a user's, after confirming", async () => {
    const endOne = mockEndpoint(endpoints.endSession, { message: 'Session ended' });
    const endAll = mockEndpoint(endpoints.endUserSessions, { message: 'Sessions ended', ended: 2 });
    await renderAt('/Activity');
    await userEvent.click(await screen.findByRole('tab', { name: 'Open sessions' }));
    const table = await screen.findByRole('table', { name: 'Open sessions' });
    const [, staffRow, ownRow] = within(table).getAllByRole('row');
    expect(staffRow).toHaveTextContent('Staff (staff@test.local)');
    expect(staffRow).toHaveTextContent('10.0.0.7');
    expect(staffRow).toHaveTextContent('Chrome');
    expect(ownRow).toHaveTextContent('This session');

    await userEvent.click(
      within(staffRow!).getByRole('button', { name: /^End session of staff@test.local/ }),
    );
    expect(dialogs.confirms).toEqual(['End this session? Its user will have to sign in again.']);
    await waitFor(() => expect(dialogs.alerts).toEqual(['Session ended']));
    expect(endOne.calls.map((call) => call.params)).toEqual([{ id: '5' }]);

    await userEvent.click(
      within(staffRow!).getByRole('button', { name: 'End all sessions of staff@test.local' }),
    );
    await waitFor(() => expect(dialogs.alerts).toEqual(['Session ended', 'Sessions ended']));
    expect(dialogs.confirms.at(-1)).toBe(
      "End all of this user's sessions? They will have to sign in again.",
    );
    expect(endAll.calls.map((call) => call.params)).toEqual([{ id: '2' }]);
  });

  it('should show why a session could not be ended', async () => {
    mockEndpoint(endpoints.endSession, failWith(404, 'Session not found'));
    await renderAt('/Activity');
    await userEvent.click(await screen.findByRole('tab', { name: 'Open sessions' }));
    await userEvent.click(
      await screen.findByRole('button', { name: /^End session of staff@test.local/ }),
    );
    await waitFor(() => expect(dialogs.alerts).toEqual(['Session not found']));
  });

  it("should show the sessions list's failure text when the server gives none", async () => {
    mockEndpoint(endpoints.listSessions, failWith(500));
    await renderAt('/Activity');
    await userEvent.click(await screen.findByRole('tab', { name: 'Open sessions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch sessions');
  });

  it('should show a viewer the log and its CSV, without the sessions tab', async () => {
    mockCurrentUser('viewer');
    await renderAt('/Activity');
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('companyName: Old Co → New Co');
    expect(screen.getByRole('button', { name: /CSV/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Open sessions' })).not.toBeInTheDocument();
  });

  it('should link an entry to the journal of its kind and party', async () => {
    activity.answer({
      users: [
        {
          ...changed,
          action: 'create',
          kind: 'entry:income',
          recordId: '40',
          changes: [
            { field: 'kind', before: null, after: 'income' },
            { field: 'partyId', before: null, after: 7 },
          ],
        },
      ],
      next: null,
    });
    await renderAt('/Activity');
    const link = await screen.findByRole('link', { name: 'Income entry #40' });
    expect(link).toHaveAttribute('href', '/Journal?kind=income&partyId=7');
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('entry');
  });

  it('should open the record screen from its link', async () => {
    await renderAt('/Activity');
    await userEvent.click(await screen.findByRole('link', { name: 'Client #7' }));
    expect(screen.getByLabelText('location')).toHaveTextContent('/ClientLedgerPage?clientId=7');
  });
});
