// The Settings screen's Releases tab (admins only; the page leaves it out for others, and the
// server answers 403 to anyone else): per remote, the served version and any canary with their
// build, share and health over the last hour and day, and Promote / Roll back, which do what
// `npm run deploy -- --promote / --rollback` do and are recorded in the Activity screen
// (GET /api/releases, POST /api/releases/:remote/promote and /rollback).
import type { HealthFigures, ReleaseVersion, RemoteRelease } from 'contract/browser';
import { Button, confirm, endpoints, messages, useApiWrite, useApiQuery } from 'shared-ui';
import { timeText } from '../BackupSettings/BackupSettings';

const healthText = (figures: HealthFigures) =>
  `${figures.loads} ${messages.releaseLoads}, ${figures.failures} ${messages.releaseFailures}`;

function VersionFacts({ version }: { version: ReleaseVersion }) {
  const against = Object.entries(version.builtAgainst)
    .map(([library, at]) => `${library} ${at}`)
    .join(', ');
  return (
    <>
      {version.filesMissing ? <p role="alert">{messages.releaseFilesMissing}</p> : null}
      <dl className="ofs-facts">
        <dt>{messages.releaseVersion}</dt>
        <dd>
          <code>{version.version}</code>
        </dd>
        <dt>{messages.releaseBuiltAt}</dt>
        <dd>{timeText(version.builtAt)}</dd>
        <dt>{messages.releaseCommit}</dt>
        <dd>
          <code>{version.commit}</code>
        </dd>
        {against ? (
          <>
            <dt>{messages.releaseBuiltAgainst}</dt>
            <dd>{against}</dd>
          </>
        ) : null}
        <dt>{messages.releaseLastHour}</dt>
        <dd>{healthText(version.lastHour)}</dd>
        <dt>{messages.releaseLastDay}</dt>
        <dd>{healthText(version.lastDay)}</dd>
      </dl>
    </>
  );
}

function RemoteReleaseCard({ release }: { release: RemoteRelease }) {
  const said = { success: (answer: { message: string }) => answer.message };
  const promote = useApiWrite(endpoints.promoteRelease, said);
  const rollBack = useApiWrite(endpoints.rollBackRelease, said);
  const busy = promote.isPending || rollBack.isPending;
  const params = { remote: release.remote };

  const run = async (kind: 'promote' | 'rollback') => {
    const question =
      kind === 'promote' ? messages.releaseConfirmPromote : messages.releaseConfirmRollBack;
    if (!(await confirm(question))) return;
    await (kind === 'promote' ? promote : rollBack).run({ params });
  };

  const heading = `${release.title} (mf-${release.remote})`;
  return (
    <section className="ofs-card" aria-label={heading}>
      <h2>{heading}</h2>
      {release.served ? (
        <>
          <h3>{messages.releaseServed}</h3>
          <VersionFacts version={release.served} />
          <h3>{messages.releaseCanary}</h3>
          {release.canary ? (
            <>
              <p>
                {messages.releaseShare}: {release.canary.share}%
                {release.canary.autoPromoteAt
                  ? ` · ${messages.releaseAutoPromote} ${timeText(release.canary.autoPromoteAt)}`
                  : null}
              </p>
              <VersionFacts version={release.canary} />
            </>
          ) : (
            <p>{messages.releaseNoCanary}</p>
          )}
          <p>
            {release.canary ? (
              <Button
                busy={busy && promote.isPending}
                busyLabel={messages.releasePromoting}
                disabled={busy}
                onClick={() => void run('promote')}
              >
                {messages.releasePromote}
              </Button>
            ) : null}{' '}
            <Button
              busy={busy && rollBack.isPending}
              busyLabel={messages.releaseRollingBack}
              disabled={busy}
              onClick={() => void run('rollback')}
            >
              {messages.releaseRollBack}
            </Button>
          </p>
        </>
      ) : (
        <p>{messages.releaseNotDeployed}</p>
      )}
    </section>
  );
}

export function ReleaseSettings() {
  const list = useApiQuery(endpoints.listReleases, undefined);
  if (!list.data) return <p>{messages.loading}</p>;
  const { releases, rollback } = list.data;
  return (
    <section aria-label={messages.releasesTab}>
      <p>
        {messages.releaseRollbackRule} {rollback.minUsers} {messages.releaseUsers} when the share of
        its users who met a failure exceeds the served version&apos;s by more than{' '}
        {rollback.maxExtraFailurePct} points, and never on one user&apos;s failures alone.
      </p>
      {releases.map((release) => (
        <RemoteReleaseCard key={release.remote} release={release} />
      ))}
    </section>
  );
}
