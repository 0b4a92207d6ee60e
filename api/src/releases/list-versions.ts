// The `npm run deploy -- --list` table: every kept version of a remote, newest first, which one
// is served, the canary, one deployed past its checks, and a served version whose files are
// missing.
import {
  deployStateUnreadable,
  readDeployState,
  versionFilesMissing,
  type Canary,
} from './deploy-state.js';

const shortTime = (iso: string) =>
  iso
    .replace('T', ' ')
    .replace(/:\d{2}(\.\d+)?Z$/, '')
    .replace(/Z$/, '');

function canaryLabel(canary: Canary): string {
  const auto = canary.autoPromoteAt ? `, promoted at ${shortTime(canary.autoPromoteAt)} UTC` : '';
  return `canary ${canary.share}%${auto}`;
}

/** What the table says of a kept version whose folder (or its manifest) is gone. */
export const FILES_MISSING = 'FILES MISSING: not served, the remote shows as unavailable';

/** The `--list` table, newest first. */
export function formatVersions(webRoot: string, name: string): string {
  const state = readDeployState(webRoot, name);
  if (!state && deployStateUnreadable(webRoot, name)) {
    return `mf-${name}'s deploy state (mf-${name}/releases/state.json) cannot be read: the remote is listed as unavailable, not served from mf-${name}/dist. Repair the file, or deploy again.`;
  }
  if (!state) {
    return `mf-${name} has no deployed versions; /remotes.json lists its own build (mf-${name}/dist) when it exists.`;
  }
  const rows = [
    ['', 'version', 'built (UTC)', 'commit', 'build time', ''],
    ...[...state.versions].reverse().map((entry) => [
      entry.version === state.current ? '*' : '',
      entry.version,
      entry.builtAt
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '')
        .replace(/Z$/, ''),
      entry.commit,
      entry.buildSeconds === undefined ? '-' : `${entry.buildSeconds.toFixed(1)} s`,
      [
        entry.version === state.current
          ? 'served'
          : entry.version === state.canary?.version
            ? canaryLabel(state.canary)
            : entry.rolledBack
              ? 'rolled back'
              : 'kept',
        entry.forced?.length ? 'deployed with --force past its checks' : '',
        versionFilesMissing(webRoot, name, entry.version) ? FILES_MISSING : '',
      ]
        .filter(Boolean)
        .join(', '),
    ]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
