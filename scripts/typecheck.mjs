// `npm run typecheck` in a package: its TypeScript checked once, by TypeScript 7 (the native
// compiler, `typescript-native` in the root package.json), without writing anything.
//
// The libraries it imports (its tsconfig's project references: contract, shared-ui) are read
// from the declarations of their builds, so they are not checked again here. Those TypeScript 5.9
// builds first (`tsc -b`, nothing when they are up to date): npm run deploy's gate and a type
// check run on its own need them current, and `npm run version:libraries` records the exports of
// the declarations 5.9 writes (TypeScript 7 orders some members otherwise). Both packages offer a
// `tsc` command, so each is named here by its path.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.resolve('tsconfig.json');

/** Runs one compiler's command line (a package of the root's node_modules); exits when it fails. */
function run(compiler, args) {
  const command = path.join(root, 'node_modules', compiler, 'bin', 'tsc');
  const result = spawnSync(process.execPath, [command, ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The references as TypeScript reads them (tsconfig.json may hold comments).
const { config: read, error } = ts.readConfigFile(config, (file) => readFileSync(file, 'utf8'));
if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
const references = (read.references ?? []).map((reference) => reference.path);
if (references.length > 0) run('typescript', ['-b', ...references]);
// On one thread: the native compiler's parallel checkers each resolve the types the files they
// check share, so four of them spend more processor time for the same answer (the api: 10.5 to
// 14 s against 6.7 to 8.5 s on one thread, in about the same clock time on two cores that the
// test run keeps busy anyway).
run('typescript-native', ['-p', config, '--noEmit', '--singleThreaded']);
