// npm run restore -- <file> [--replace]: restores a backup into the database that DATABASE_URL
// (else DATA_DIR) names, in one transaction; refuses a target that holds data unless --replace.
// BACKUP_PASSPHRASE must be the backup's passphrase when it is encrypted. Stop the server first.
import { parseArgs } from 'node:util';
import { restoreBackup } from '../src/backup/index.js';
import {
  config,
  describeTarget,
  fromCommandLine,
  openForBackup,
  run,
  usage,
} from './backup-cli.js';

const USAGE = 'usage: npm run restore -- <file> [--replace]';

run(async () => {
  let file: string | undefined;
  let replace = false;
  try {
    const parsed = parseArgs({
      options: { replace: { type: 'boolean' } },
      allowPositionals: true,
    });
    if (parsed.positionals.length !== 1) usage(USAGE);
    file = fromCommandLine(parsed.positionals[0]!);
    replace = parsed.values.replace ?? false;
  } catch {
    usage(USAGE);
  }
  const settings = config();
  const database = await openForBackup(settings, { mustExist: false, restore: true });
  try {
    console.log(
      `Restoring ${file} into ${describeTarget(settings)}${replace ? ' (replacing its contents)' : ''}`,
    );
    const result = await restoreBackup(database, file!, {
      replace,
      passphrase: process.env.BACKUP_PASSPHRASE || undefined,
      onTable: (table) => console.log(`  ${table.name}: ${table.rows} rows`),
    });
    const { header } = result;
    console.log(
      `Restored the backup taken at ${header.takenAt} by ${header.takenBy} ` +
        `(product ${header.product}, schema version ${header.schema}, from ${header.database}).`,
    );
    if (result.migrated.length) {
      console.log(`Then migrated the database: ${result.migrated.join(', ')}.`);
    }
  } finally {
    await database.close();
  }
});
