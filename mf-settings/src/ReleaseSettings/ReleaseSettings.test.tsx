import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HealthFigures, ReleaseList } from 'contract/browser';
import {
  axeViolations,
  collectDialogs,
  endpoints,
  failWith,
  mockEndpoint,
  type Dialogs,
  render,
} from 'shared-ui/testing';
import { ReleaseSettings } from './ReleaseSettings';

const figures = (loads: number, failures: number): HealthFigures => ({
  loads,
  failures,
  failedLoads: failures,
  renderErrors: 0,
  integrityRefusals: 0,
});

const version = (id: string) => ({
  version: id,
  builtAt: '2026-11-24T08:00:00.000Z',
  commit: 'abcdef123456',
  builtAgainst: { 'shared-ui': '1.0.0', contract: '1.0.0' },
  filesMissing: false,
  lastHour: figures(40, 1),
  lastDay: figures(400, 3),
});

const LIST: ReleaseList = {
  rollback: { minUsers: 5, maxExtraFailurePct: 5 },
  releases: [
    { remote: 'people', title: 'People', served: null, canary: null },
    {
      remote: 'reports',
      title: 'Reports',
      served: version('111111111111'),
      canary: {
        ...version('222222222222'),
        lastHour: figures(12, 6),
        share: 10,
        startedAt: '2026-11-24T09:00:00.000Z',
        autoPromoteAt: null,
      },
    },
  ],
};

describe('ReleaseSettings', () => {
  let dialogs: Dialogs;
  beforeEach(() => {
    dialogs = collectDialogs();
  });

  it('should show each remote with its served version, its canary and their health', async () => {
    mockEndpoint(endpoints.listReleases, LIST);
    render(<ReleaseSettings />);
    const reports = await screen.findByRole('region', { name: 'Reports (mf-reports)' });
    expect(reports).toHaveTextContent('111111111111');
    expect(reports).toHaveTextContent('222222222222');
    expect(reports).toHaveTextContent('Share: 10%');
    expect(reports).toHaveTextContent('12 loads, 6 failures');
    expect(reports).toHaveTextContent('shared-ui 1.0.0, contract 1.0.0');
    expect(screen.getByRole('region', { name: 'People (mf-people)' })).toHaveTextContent(
      'Not deployed',
    );
    expect(
      screen.getByText(/once it has at least 5 users .* more than 5 points, and never on one user/),
    ).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    // Every version's files are there: nothing to warn about.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("should say so when the served version's files are missing on the server", async () => {
    const [people, reports] = LIST.releases;
    mockEndpoint(endpoints.listReleases, {
      ...LIST,
      releases: [
        people!,
        { ...reports!, served: { ...version('111111111111'), filesMissing: true }, canary: null },
      ],
    });
    render(<ReleaseSettings />);
    const card = await screen.findByRole('region', { name: 'Reports (mf-reports)' });
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Files missing on the server: this version is not served and the remote shows as unavailable. Roll back or deploy again.',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('should promote after a confirmation and say so', async () => {
    mockEndpoint(endpoints.listReleases, LIST);
    const promote = mockEndpoint(endpoints.promoteRelease, {
      message: 'Canary promoted: everyone gets it now',
      served: '222222222222',
    });
    render(<ReleaseSettings />);
    const reports = await screen.findByRole('region', { name: 'Reports (mf-reports)' });
    await userEvent.click(within(reports).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Canary promoted: everyone gets it now']));
    expect(dialogs.confirms).toEqual(['Serve the canary to everyone?']);
    expect(promote.calls).toHaveLength(1);
  });

  it('should do nothing when the rollback is not confirmed, and show a refusal', async () => {
    mockEndpoint(endpoints.listReleases, LIST);
    const rollBack = mockEndpoint(
      endpoints.rollBackRelease,
      failWith(409, 'This remote has no earlier version to roll back to'),
    );
    render(<ReleaseSettings />);
    const reports = await screen.findByRole('region', { name: 'Reports (mf-reports)' });
    dialogs.answerConfirms(false);
    await userEvent.click(within(reports).getByRole('button', { name: 'Roll back' }));
    expect(rollBack.calls).toHaveLength(0);
    dialogs.answerConfirms(true);
    await userEvent.click(within(reports).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(dialogs.alerts).toEqual(['This remote has no earlier version to roll back to']),
    );
  });
});
