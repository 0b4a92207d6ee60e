// npm run backup -- --out <file>: writes a backup of the database the server would use
// (DATABASE_URL, else the embedded one in DATA_DIR), encrypted when BACKUP_PASSPHRASE is set,
// signed under the key derived from the two-step key (TOTP_KEY, else DATA_DIR/totp.key, as the
// server finds or makes it; on PostgreSQL without TOTP_KEY unsigned, with a warning), then reads
// it back to check it. On PostgreSQL it runs while the server serves; the embedded
// database must not be open in a running server. Format: docs/decisions/012-backup-format.md.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { backupMessages } from 'contract';
import {
  BackupRefused,
  backupSigningKey,
  checkBackupFile,
  takeBackup,
} from '../src/backup/index.js';
import { resolveTotpKey } from '../src/lib/two-step-key.js';
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
  // The key the server signs with: on the embedded database made in DATA_DIR if it is not there.
  const twoStepKey = await resolveTotpKey(settings);
  const signingKey = twoStepKey ? backupSigningKey(twoStepKey) : undefined;
  if (!signingKey) console.warn(`Warning: ${backupMessages.unsigned}`);
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
    const { bytes, manifest } = await takeBackup(database, file, {
      takenBy,
      passphrase,
      signingKey,
    });
    for (const table of manifest.tables) console.log(`  ${table.name}: ${table.rows} rows`);
    const { signature } = await checkBackupFile(file, { passphrase, signingKey });
    if (signature.status !== (signingKey ? 'valid' : 'unsigned')) {
      throw new BackupRefused(backupMessages.verifyFailed);
    }
    console.log(
      `Wrote ${file}: ${bytes} bytes, schema version ${manifest.schema}, taken at ${manifest.takenAt}` +
        `${signingKey ? `, signed with key ${signature.status === 'valid' ? signature.key : ''}` : ', unsigned'}; ` +
        'read back and checked.',
    );
  } finally {
    await database.close();
  }
});
