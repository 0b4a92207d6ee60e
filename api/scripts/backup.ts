// npm run backup -- --out <file>: writes a backup of the database the server would use
// (DATABASE_URL, else the embedded one in DATA_DIR), encrypted when BACKUP_PASSPHRASE is set,
// then reads it back to check it. On PostgreSQL it runs while the server serves; the embedded
// database must not be open in a running server. Format: docs/decisions/012-backup-format.md.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { takeBackup, verifyBackupFile } from '../src/backup/index.js';
import {
  config,
  describeTarget,
  fromCommandLine,
  openForBackup,
  run,
  usage,
} from './backup-cli.js';

const USAGE = 'usage: npm run backup -- --out <file>';

run(async () => {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
  } catch {
    usage(USAGE);
  }
  if (!out) usage(USAGE);
  const file = fromCommandLine(out);
  const settings = config();
  const passphrase = process.env.BACKUP_PASSPHRASE || undefined;
  const database = await openForBackup(settings, { mustExist: true });
  let takenBy = 'unknown';
  try {
    takenBy = os.userInfo().username;
  } catch {
    takenBy = process.env.USER || takenBy;
  }
  try {
    console.log(
      `Backing up ${describeTarget(settings)} to ${file}${passphrase ? ' (encrypted)' : ''}`,
    );
    const { bytes, manifest } = await takeBackup(database, file, { takenBy, passphrase });
    for (const table of manifest.tables) console.log(`  ${table.name}: ${table.rows} rows`);
    await verifyBackupFile(file, { passphrase });
    console.log(
      `Wrote ${file}: ${bytes} bytes, schema version ${manifest.schema}, taken at ${manifest.takenAt}; ` +
        'read back and checked.',
    );
  } finally {
    await database.close();
  }
});
