// Shared constants of the end-to-end run.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };

/**
 * Where global-setup leaves the server's URL and pid for the tests and the teardown. One file
 * per run (global-setup names it in the environment the test workers inherit), so two runs on
 * one machine do not stop each other's server.
 */
export function stateFile(): string {
  const file = process.env.E2E_STATE_FILE;
  if (!file)
    throw new Error('E2E_STATE_FILE is not set: run the tests through jest (global-setup)');
  return file;
}

/** What global-setup leaves in the state file. */
export interface RunState {
  /** The product's server. */
  url: string;
  pid: number;
  dataDir: string;
  /** The run's Chromium, to connect to. */
  browser: string;
  /** The admin's session, signed in through the API. */
  adminToken: string;
}

export const runState = (): RunState => JSON.parse(readFileSync(stateFile(), 'utf8')) as RunState;

export const newStateFile = (): string =>
  path.join(tmpdir(), `office-finance-e2e-${process.pid}-${Date.now()}.json`);

export const repoRoot = (): string => path.resolve(__dirname, '..', '..');
