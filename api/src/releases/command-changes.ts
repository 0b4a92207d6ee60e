// Promotes and rollbacks made with `npm run deploy -- --promote / --rollback` in the Activity,
// like those made with the Releases screen's buttons, and deploys forced past their checks
// (`--force`, gates.ts). The command does not open the database (the
// embedded one belongs to the running server), so it notes each change in a file beside the
// remote's versions, `releases/unrecorded.jsonl`, one JSON line per change with an id of its own.
// Each server process looks at the file when it starts and with every rollout check: under the
// rollout lock it writes the Activity line of every change whose id the log does not hold yet,
// then takes the recorded changes out of the file. Two processes, or a process stopped between
// the two steps, record a change once: the id is looked up first.
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks.js';
import { audit } from '../lib/audit.js';
import { DeployError, withDeployLock } from './deploy.js';
import { releasesDir, remoteDir } from './deploy-state.js';

export interface CommandChange {
  id: string;
  action: 'rollout_promoted' | 'rollout_rolled_back' | 'deploy_forced';
  /** When the command made the change (ISO 8601). */
  at: string;
  /** The operating-system account that ran the command. */
  by: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const changesFile = (webRoot: string, name: string) =>
  path.join(releasesDir(webRoot, name), 'unrecorded.jsonl');

function account(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

/** Notes a change the command made (the caller holds the remote's deploy lock). */
export function noteCommandChange(
  webRoot: string,
  name: string,
  change: Pick<CommandChange, 'action' | 'before' | 'after'>,
): void {
  const line: CommandChange = {
    id: randomUUID(),
    at: new Date().toISOString(),
    by: account(),
    ...change,
  };
  appendFileSync(changesFile(webRoot, name), `${JSON.stringify(line)}\n`);
}

const isChange = (value: unknown): value is CommandChange => {
  const change = value as Partial<CommandChange> | null;
  return (
    !!change &&
    typeof change.id === 'string' &&
    (change.action === 'rollout_promoted' ||
      change.action === 'rollout_rolled_back' ||
      change.action === 'deploy_forced') &&
    typeof change.at === 'string' &&
    typeof change.by === 'string' &&
    typeof change.before === 'object' &&
    typeof change.after === 'object'
  );
};

/** The changes noted and not yet taken out; a line that is not one (a torn write) is skipped. */
export function readCommandChanges(webRoot: string, name: string): CommandChange[] {
  const file = changesFile(webRoot, name);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!line.trim()) return [];
      try {
        const parsed = JSON.parse(line) as unknown;
        return isChange(parsed) ? [parsed] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Writes the Activity line of every noted change of the remote not in the log yet, then takes
 * the noted changes out of the file. Answers how many lines it wrote.
 */
export async function recordCommandChanges(db: Db, webRoot: string, name: string): Promise<number> {
  const noted = readCommandChanges(webRoot, name);
  if (!noted.length) return 0;
  const written = await db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.rolloutDecision})`.execute(tx);
    const { rows } = await sql<{ id: string }>`
      SELECT after->>'change' AS id FROM audit_log
       WHERE entity = 'release' AND after->>'change' IN (${sql.join(noted.map((c) => c.id))})`.execute(
      tx,
    );
    const known = new Set(rows.map((row) => row.id));
    let count = 0;
    for (const change of noted) {
      if (known.has(change.id)) continue;
      await audit(tx, {
        actorId: null,
        action: change.action,
        entity: 'release',
        entityId: remoteDir(name),
        before: change.before,
        after: {
          ...change.after,
          change: change.id,
          by: `npm run deploy (${change.by})`,
          at: change.at,
        },
      });
      count += 1;
    }
    return count;
  });
  // Recorded (now or earlier): out of the file, keeping what was noted meanwhile.
  const done = new Set(noted.map((change) => change.id));
  try {
    await withDeployLock(webRoot, name, () => {
      const file = changesFile(webRoot, name);
      const left = readCommandChanges(webRoot, name).filter((change) => !done.has(change.id));
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, left.map((change) => `${JSON.stringify(change)}\n`).join(''));
      renameSync(temporary, file);
    });
  } catch (error) {
    // A deploy holds the lock: the next look takes the recorded lines out (their ids are known).
    if (!(error instanceof DeployError)) throw error;
  }
  return written;
}
