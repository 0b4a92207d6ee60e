// npm run restore -- <file> [--replace] [--trust-unsigned]: restores a backup into the database
// that DATABASE_URL (else DATA_DIR) names, in one transaction; refuses a target that holds data
// unless --replace. BACKUP_PASSPHRASE must be the backup's passphrase when it is encrypted. The
// file must be signed with the key derived from the two-step key (TOTP_KEY, else DATA_DIR/totp.key;
// src/backup/signature.ts): any other file is refused unless --trust-unsigned, and then every
// user it holds is printed with their role before anything is committed. Stop the server first.
import { parseArgs } from 'node:util';
import { backupMessages } from 'contract';
import { restoreBackup, restoreSigningKey, type RestoredUser } from '../src/backup/index.js';
import {
  config,
  describeTarget,
  fromCommandLine,
  openForBackup,
  run,
  usage,
} from './backup-cli.js';

const USAGE = 'usage: npm run restore -- <file> [--replace] [--trust-unsigned]';

/** The users of an untrusted file, one a line: e-mail and role. */
const userLines = (users: RestoredUser[]) =>
  users.length
    ? users.map(
        (user) =>
          `  ${user.email}  ${user.role}${user.former ? ' (former user: cannot sign in)' : ''}`,
      )
    : ['  (none)'];

run(async () => {
  let file: string | undefined;
  let replace = false;
  let trustUnsigned = false;
  try {
    const parsed = parseArgs({
      options: { replace: { type: 'boolean' }, 'trust-unsigned': { type: 'boolean' } },
      allowPositionals: true,
    });
    if (parsed.positionals.length !== 1) usage(USAGE);
    file = fromCommandLine(parsed.positionals[0]!);
    replace = parsed.values.replace ?? false;
    trustUnsigned = parsed.values['trust-unsigned'] ?? false;
  } catch {
    usage(USAGE);
  }
  const settings = config();
  const signing = await restoreSigningKey(settings);
  const database = await openForBackup(settings, { mustExist: false, restore: true });
  try {
    console.log(
      `Restoring ${file} into ${describeTarget(settings)}${replace ? ' (replacing its contents)' : ''}`,
    );
    console.log(
      signing
        ? `Checking its signature with the key from ${signing.from}`
        : 'There is no key here to check its signature (TOTP_KEY, or totp.key in DATA_DIR)',
    );
    const result = await restoreBackup(database, file!, {
      replace,
      passphrase: process.env.BACKUP_PASSPHRASE || undefined,
      signingKey: signing?.key,
      trustUnsigned,
      onTable: (table) => console.log(`  ${table.name}: ${table.rows} rows`),
      onUntrustedUsers: (users, why) => {
        console.warn(`Warning: ${untrustedReason(why.status)}.`);
        console.warn(backupMessages.restoringUntrusted);
        for (const line of userLines(users)) console.warn(line);
      },
    });
    const { header } = result;
    console.log(
      `Restored the backup taken at ${header.takenAt} by ${header.takenBy} ` +
        `(product ${header.product}, schema version ${header.schema}, from ${header.database}` +
        `${result.signature.status === 'valid' ? ', signature checked' : ', NOT signed with this key'}).`,
    );
    if (result.migrated.length) {
      console.log(`Then migrated the database: ${result.migrated.join(', ')}.`);
    }
  } finally {
    await database.close();
  }
});

function untrustedReason(status: string): string {
  switch (status) {
    case 'unsigned':
      return 'the backup is not signed';
    case 'no key':
      return 'the backup is signed, but there is no key here to check it';
    case 'other key':
      return 'the backup is signed with another key';
    default:
      return 'the backup was changed after it was signed';
  }
}
