// What the staged-rollout tests share: a web root of their own (a copy of the builds), the
// deploy command against it, its mf-reports state, the server's choice of canary users, and the
// API calls they make on a given server.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callAt } from './api';
import { repoRoot } from './env';

const APPS = ['shell', 'mf-people', 'mf-entries', 'mf-reports', 'mf-settings'];

/** A temporary web root holding a copy of every app's build. */
export function copyBuilds(prefix: string): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), prefix));
  for (const app of APPS) {
    cpSync(path.join(repoRoot(), app, 'dist'), path.join(webRoot, app, 'dist'), {
      recursive: true,
    });
  }
  return webRoot;
}

/**
 * `npm run deploy -- <args>` against `webRoot`; answers what it printed. The command is run from
 * the api's build, which global-setup has just made (as the api's tests run it), rather than
 * through npm and tsx: the same code, without a cold npm start and tsx compiling the command's
 * sources again on every call (about 0.8 s of processor time each, on a quiet machine).
 */
export function deployTo(webRoot: string, ...args: string[]): string {
  const command = path.join(repoRoot(), 'api', 'dist', 'releases', 'deploy-command.js');
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd: repoRoot(),
    env: { ...process.env, WEB_ROOT: webRoot },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`deploy ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** mf-reports' state.json in `webRoot`. */
export const reportsState = (webRoot: string) =>
  JSON.parse(readFileSync(path.join(webRoot, 'mf-reports', 'releases', 'state.json'), 'utf8')) as {
    current: string;
    canary?: { version: string; share: number };
  };

/** As the server chooses (api/src/releases/rollout.ts): user id, remote and version, hashed. */
export const reportsBucket = (userId: number, version: string) =>
  createHash('sha256').update(`${userId}\0reports\0${version}`).digest().readUInt32BE(0) % 100;

export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A JSON call to the server at `baseUrl`; a non-2xx answer throws with its body. */
export const callApi = callAt;

export const tokenAt = async (baseUrl: string, email: string, password: string) =>
  (
    await callApi<{ token: string }>(baseUrl, 'POST', '/api/users/login', undefined, {
      email,
      password,
    })
  ).token;

export interface Clerk {
  id: number;
  email: string;
}

/** Registers `count` staff users (clerk<n>@e2e.local) with the admin's token. */
export async function registerClerks(
  baseUrl: string,
  adminToken: string,
  count: number,
  password: string,
): Promise<Clerk[]> {
  const clerks: Clerk[] = [];
  for (let n = 1; n <= count; n += 1) {
    const email = `clerk${n}@e2e.local`;
    await callApi(baseUrl, 'POST', '/api/users/register', adminToken, {
      name: `Clerk ${n}`,
      email,
      password,
      role: 'staff',
    });
    const me = await callApi<{ user: { id: number } }>(
      baseUrl,
      'GET',
      '/api/sessions/current',
      await tokenAt(baseUrl, email, password),
    );
    clerks.push({ id: me.user.id, email });
  }
  return clerks;
}
