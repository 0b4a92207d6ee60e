// npm run affected -- <target> --since <ref> [lerna run options]
//
// `lerna run <target> --since <ref>` runs the target of the packages whose files changed since
// <ref> (committed or not) and of the packages that depend on them. It sees only files inside the
// packages: a change to the root configuration every package is built, checked and tested with
// (the files nx.json names in sharedGlobals and jestConfig, nx.json and lerna.json themselves)
// selects nothing. This runs the target of every package when one of those changed, saying
// which, and `lerna run <target> --since <ref>` otherwise. Whatever is selected, lerna's cache
// (nx.json) runs again only what its inputs changed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The root files every package's build, type check or tests read (from nx.json). */
export function rootInputs(nxJson) {
  const named = nxJson.namedInputs ?? {};
  const files = [...(named.sharedGlobals ?? []), ...(named.jestConfig ?? [])]
    .filter((input) => typeof input === 'string' && input.startsWith('{workspaceRoot}/'))
    .map((input) => input.slice('{workspaceRoot}/'.length));
  return [...new Set([...files, 'nx.json', 'lerna.json'])];
}

/** The root inputs that differ from <ref> in the work tree (committed or not). */
export function changedRootInputs(ref, cwd = root) {
  const nxJson = JSON.parse(readFileSync(path.join(cwd, 'nx.json'), 'utf8'));
  const result = spawnSync('git', ['diff', '--name-only', ref, '--', ...rootInputs(nxJson)], {
    cwd,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr.trim() || `git diff ${ref} failed`);
  return result.stdout.split('\n').filter(Boolean);
}

/** `[target, ref, rest]` from `<target> --since <ref> ...` (or `--since=<ref>`). */
export function parse(args) {
  const [target, ...rest] = args;
  const at = rest.findIndex((arg) => arg === '--since' || arg.startsWith('--since='));
  if (!target || target.startsWith('-') || at === -1) return undefined;
  const inline = rest[at].startsWith('--since=');
  const ref = inline ? rest[at].slice('--since='.length) : rest[at + 1];
  if (!ref) return undefined;
  return [target, ref, rest.filter((_, i) => i !== at && (inline || i !== at + 1))];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const parsed = parse(process.argv.slice(2));
  if (!parsed) {
    console.error('usage: npm run affected -- <target> --since <ref> [lerna run options]');
    process.exit(1);
  }
  const [target, ref, rest] = parsed;
  const changed = changedRootInputs(ref);
  const lernaArgs = ['lerna', 'run', target, ...rest];
  if (changed.length) {
    console.log(`root configuration changed since ${ref} (${changed.join(', ')}): every package`);
  } else {
    lernaArgs.push('--since', ref);
  }
  const run = spawnSync('npx', lernaArgs, { cwd: root, stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
