// Signed backups (docs/decisions/012-backup-format.md, format 2): a backup is signed with a key
// derived from the two-step key, and a restore refuses a file whose signature is missing, of
// another key, or does not match, unless it is told to trust it, and then lists the users the
// file brings. The attack: an unencrypted backup edited to plant an admin, every checksum and the
// manifest recomputed so that every check but the signature passes. Restores run in-process into
// one database of the run's engine (backup-support.ts: blankDatabase), emptied before each; one
// test runs `npm run restore` as a process for its exit code and what it prints, into a new
// database of the run's engine too (the commands on data directories: backup-commands.test.ts).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { backupMessages } from 'contract';
import {
  backupSigningKey,
  checkBackupFile,
  restoreBackup,
  signingKeyId,
  takeBackup,
  type RestoredUser,
} from '../src/backup/index.js';
import type { DatabaseHandle } from '../src/db/index.js';
import { blankDatabase, blankDataDir, closeAll, emptied } from './backup-support.js';
import { scriptArgs } from './server-process.js';
import {
  ADMIN,
  dropPostgresDatabases,
  newPostgresDatabaseUrl,
  setupDatabase,
  signInBoth,
  STAFF,
  type TestContext,
} from './helpers.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOTP_KEY = randomBytes(32);
const signingKey = backupSigningKey(TOTP_KEY);
const PLANTED = 'planted@evil.test';
const CHEAP_KDF = { N: 2 ** 10, r: 8, p: 1 };

const work = await mkdtemp(path.join(os.tmpdir(), 'backup-signature-'));
const folder = path.join(work, 'server-backups');
const source = await setupDatabase({
  totpKey: TOTP_KEY,
  backup: { dir: folder, everyHours: 24, keep: 3 },
});
let ctx: TestContext;
let signed: string;

/**
 * One new database for every restore and refusal (blankDatabase: on the run's engine), emptied
 * before each use: migrated, with no rows. A refused restore leaves it empty, as the tests
 * check. (A restore into a new database that is not yet migrated: backup.test.ts, and the
 * command below.)
 */
let shared: Promise<DatabaseHandle> | undefined;
const emptyTarget = async () => emptied(await (shared ??= blankDatabase()));

const usersOf = (handle: DatabaseHandle) =>
  handle.transaction(async (tx) => {
    const [found] = await tx.query<{ users: string | null }>(
      `SELECT to_regclass('public.users')::text AS users`,
    );
    if (!found?.users) return [];
    return tx.query<{ email: string; role: string }>('SELECT email, role FROM users ORDER BY id');
  });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The backup's text with an admin added to `users`, and every checksum recomputed: the table's
 * end line, the manifest's table list and its file checksum. `signature` decides the end: keep
 * the old signature line, drop it (the header still naming a key), or make the file look
 * unsigned (header `signedWith: null`, or format 1 without the field).
 */
function plantAdmin(plain: string, signature: 'keep' | 'drop' | 'unsigned' | 'format 1'): Buffer {
  const lines = plain.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  if (signature === 'unsigned') header.signedWith = null;
  if (signature === 'format 1') {
    header.formatVersion = 1;
    delete header.signedWith;
  }
  lines[0] = JSON.stringify(header);
  const start = lines.findIndex((l) => l.startsWith('{"table":"users"'));
  const columns = (JSON.parse(lines[start]!) as { columns: { name: string }[] }).columns.map(
    (c) => c.name,
  );
  const end = lines.findIndex((l, i) => i > start && l.startsWith('{"end":"users"'));
  const rows = lines.slice(start + 1, end).map((l) => JSON.parse(l) as (string | null)[]);
  const admin = rows.find((row) => row[columns.indexOf('role')] === 'admin')!;
  const planted = [...admin];
  planted[columns.indexOf('id')] = String(Math.max(...rows.map((r) => Number(r[0]))) + 1);
  planted[columns.indexOf('email')] = PLANTED;
  planted[columns.indexOf('name')] = 'Planted';
  lines.splice(end, 0, JSON.stringify(planted));
  const rowLines = lines.slice(start + 1, end + 1);
  const tableSum = sha256(rowLines.map((l) => `${l}\n`).join(''));
  lines[end + 1] = JSON.stringify({ end: 'users', rows: rowLines.length, sha256: tableSum });
  const at = lines.findIndex((l) => l.startsWith('{"manifest"'));
  const { manifest } = JSON.parse(lines[at]!) as {
    manifest: Record<string, unknown> & {
      tables: { name: string; rows: number; sha256: string }[];
    };
  };
  Object.assign(manifest, header);
  if (signature === 'format 1') delete manifest.signedWith;
  manifest.tables = manifest.tables.map((t) =>
    t.name === 'users' ? { name: 'users', rows: rowLines.length, sha256: tableSum } : t,
  );
  manifest.sha256 = sha256(
    lines
      .slice(0, at)
      .map((l) => `${l}\n`)
      .join(''),
  );
  lines[at] = JSON.stringify({ manifest });
  const kept = signature === 'keep' ? lines : lines.slice(0, at + 1);
  return gzipSync(kept.map((l) => `${l}\n`).join(''));
}

const write = async (name: string, bytes: Buffer) => {
  const file = path.join(work, name);
  await writeFile(file, bytes);
  return file;
};

beforeAll(async () => {
  ctx = await source.reset({ scheduleBackups: false });
  await signInBoth(ctx.app);
  signed = path.join(work, 'signed.backup');
  await takeBackup(ctx.database, signed, { takenBy: 'test', signingKey });
});

/** The PostgreSQL databases made for `npm run restore`, dropped when the file ends. */
const databases: string[] = [];

afterAll(async () => {
  await closeAll();
  await source.close();
  await dropPostgresDatabases(databases);
  await rm(work, { recursive: true, force: true });
});

describe('a signed backup', () => {
  it('names its key in the header and restores under that key', async () => {
    const { manifest, signature } = await checkBackupFile(signed, { signingKey });
    expect(manifest).toMatchObject({ formatVersion: 2, signedWith: signingKeyId(signingKey) });
    expect(signature).toEqual({ status: 'valid', key: signingKeyId(signingKey) });
    const target = await emptyTarget();
    const result = await restoreBackup(target, signed, { signingKey });
    expect(result.signature.status).toBe('valid');
    expect(result.untrustedUsers).toBeUndefined();
    expect((await usersOf(target)).map((u) => u.email).sort()).toEqual(
      [ADMIN.email, STAFF.email].sort(),
    );
  });

  it('is refused under another key, and without a key, leaving the target empty', async () => {
    const target = await emptyTarget();
    const other = backupSigningKey(randomBytes(32));
    await expect(restoreBackup(target, signed, { signingKey: other })).rejects.toThrow(
      backupMessages.otherSigningKey,
    );
    await expect(restoreBackup(target, signed, { signingKey: undefined })).rejects.toThrow(
      backupMessages.noSigningKey,
    );
    expect(await usersOf(target)).toEqual([]);
  });

  it('is taken signed by the server, and the key is the two-step key derived', async () => {
    const outcome = await ctx.app.backups.run('manual');
    expect(outcome.kind).toBe('ok');
    const name = outcome.kind === 'ok' ? outcome.backup.name : '';
    const { signature } = await checkBackupFile(path.join(folder, name), { signingKey });
    expect(signature.status).toBe('valid');
  });

  it('encrypted, keeps its passphrase check and is signed inside', async () => {
    const file = path.join(work, 'encrypted.backup');
    await takeBackup(ctx.database, file, {
      takenBy: 'test',
      signingKey,
      passphrase: 'correct horse',
      kdf: CHEAP_KDF,
    });
    const target = await emptyTarget();
    await expect(
      restoreBackup(target, file, { signingKey, passphrase: 'wrong horse' }),
    ).rejects.toThrow(backupMessages.wrongPassphrase);
    await expect(
      restoreBackup(target, file, {
        signingKey: backupSigningKey(randomBytes(32)),
        passphrase: 'correct horse',
      }),
    ).rejects.toThrow(backupMessages.otherSigningKey);
    const result = await restoreBackup(target, file, { signingKey, passphrase: 'correct horse' });
    expect(result.signature.status).toBe('valid');
  });
});

describe('a backup edited to plant an admin, every checksum recomputed', () => {
  let plain: string;
  beforeAll(async () => {
    plain = gunzipSync(await readFile(signed)).toString('utf8');
  });

  it.each([
    ['keeps the old signature', 'keep', backupMessages.signatureMismatch],
    ['drops the signature line', 'drop', backupMessages.signatureMismatch],
    ['claims to be unsigned', 'unsigned', backupMessages.notSigned],
    ['claims to be an older, unsigned format', 'format 1', backupMessages.notSigned],
  ] as const)('that %s is refused and the target stays empty', async (_what, how, message) => {
    const file = await write(`planted-${how.replace(' ', '-')}.backup`, plantAdmin(plain, how));
    // Every check but the signature passes: the file reads as a whole backup.
    const { signature } = await checkBackupFile(file, { signingKey });
    expect(signature.status).not.toBe('valid');
    const target = await emptyTarget();
    await expect(restoreBackup(target, file, { signingKey })).rejects.toThrow(message);
    expect(await usersOf(target)).toEqual([]);
  });

  it.each(['keep', 'unsigned'] as const)(
    'is restored when trusted (signature: %s), listing every user and role it brings',
    async (how) => {
      const file = await write(`trusted-${how}.backup`, plantAdmin(plain, how));
      const target = await emptyTarget();
      const told: { users: RestoredUser[]; why: string }[] = [];
      const result = await restoreBackup(target, file, {
        signingKey,
        trustUnsigned: true,
        onUntrustedUsers: (users, why) => told.push({ users: [...users], why: why.status }),
      });
      const expected = [
        { email: ADMIN.email, role: 'admin', former: false },
        { email: STAFF.email, role: 'staff', former: false },
        { email: PLANTED, role: 'admin', former: false },
      ];
      expect(told).toEqual([{ users: expected, why: how === 'keep' ? 'mismatch' : 'unsigned' }]);
      expect(result.untrustedUsers).toEqual(expected);
      expect(result.signature.status).toBe(how === 'keep' ? 'mismatch' : 'unsigned');
      expect(await usersOf(target)).toContainEqual({ email: PLANTED, role: 'admin' });
    },
  );
});

describe('npm run restore', () => {
  /**
   * Where the command restores to, as its environment: a new, empty database on the run's
   * engine. On PostgreSQL a new database beside the suite's (each of the two processes below
   * then starts without the embedded database: starting it cost each some two seconds of
   * processor time); else a new data directory.
   */
  const newTarget = async (): Promise<NodeJS.ProcessEnv> => {
    if (!process.env.TEST_DATABASE_URL)
      return { DATA_DIR: await blankDataDir(path.join(work, 'cli-target')) };
    return { DATABASE_URL: await newPostgresDatabaseUrl('restore_command', databases) };
  };

  const restore = (args: string[], env: NodeJS.ProcessEnv) => {
    // This process's settings without its database and passphrase, then the target's.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, TZ: 'UTC' };
    for (const name of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL', 'BACKUP_PASSPHRASE'])
      delete childEnv[name];
    Object.assign(childEnv, env);
    const child = spawn(process.execPath, scriptArgs('restore', args), {
      cwd: apiDir,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
      child.once('close', (status) => resolve({ status, stdout, stderr })),
    );
  };

  it('refuses a tampered file with exit code 1; --trust-unsigned restores it and names the planted admin', async () => {
    const plain = gunzipSync(await readFile(signed)).toString('utf8');
    const file = await write('cli-planted.backup', plantAdmin(plain, 'keep'));
    const env = { TOTP_KEY: TOTP_KEY.toString('hex'), ...(await newTarget()) };
    const refused = await restore([file], env);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(backupMessages.signatureMismatch);
    expect(refused.stderr).not.toMatch(/\n\s+at /);

    const trusted = await restore([file, '--trust-unsigned'], env);
    expect(trusted.status).toBe(0);
    expect(trusted.stderr).toContain(backupMessages.restoringUntrusted);
    expect(trusted.stderr).toMatch(new RegExp(`^  ${PLANTED.replace('.', '\\.')}  admin$`, 'm'));
    expect(trusted.stderr).toMatch(
      new RegExp(`^  ${STAFF.email.replace('.', '\\.')}  staff$`, 'm'),
    );
    expect(trusted.stdout).toContain('NOT signed with this key');
  });
});
