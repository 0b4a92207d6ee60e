// npm run bench:hostile: what the worst files and requests a signed-in user can send cost the
// server (issue 30): its memory, and how long everyone else waits meanwhile.
//
// Starts the built server (api/dist/server.js; the npm script builds it) the way `npm start`
// does, as a process of its own on the embedded database in a new data directory, on a spare
// loopback port, with its own empty TMPDIR. Before it starts, the database is given a client for
// the imports, a client with BENCH_LEDGER_ROWS (10,000) entries in one month for the statement,
// and expenses to attach receipts to. A staff user and a viewer are made through the API. Then,
// case by case (all files generated in code, api/test/hostile-files.ts):
//
//   wide-40k       .xlsx preview: 40,000 rows, each one number in column XFD
//   wide-5k        the same, 5,000 rows
//   libreoffice    .xlsx preview: the sheet part before sharedStrings.xml, as LibreOffice writes
//   bomb-sheet     .xlsx preview: the sheet part claims 100,000 bytes and inflates to 1 GiB
//   bomb-strings   .xlsx preview: the same through sharedStrings.xml (short strings, 1 GiB)
//   blank-20k      .xlsx preview: 20,000 blank rows, each an empty cell in XFD
//   commas-5m      .csv preview: a header of 5,000,000 commas
//   commas-19.9m   .csv preview: a header of 19,900,000 commas (under the 20 MB upload limit)
//   mixed-breaks   .csv preview: lines ended by \r\n, \n and \r
//   jpeg           receipts: 5 requests at once, each of ten 7,745 x 7,745 progressive JPEGs
//   jpeg-24mp      the same of 4,899 x 4,899 (24 megapixels: under a pixel budget of 25, over
//                  the memory budget of a decode, IMAGE_DECODE_MAX_BYTES)
//   jpeg-phone     the same of 4,000 x 3,000 baseline JPEGs, as a phone writes them (for
//                  comparison: what an ordinary upload of as many photos costs)
//   jpeg-16mp      the same of 4,000 x 4,000 (16 megapixels: at the memory budget)
//   jpeg-444       the same of 2,828 x 2,828 progressive JPEGs with chroma at full size (8
//                  megapixels: at the memory budget)
//   webp           the same of 3,098 x 3,098 WebP images with alpha (9.6 megapixels: just
//                  under it)
//   png-interlaced the same of 2,449 x 2,449 interlaced 16-bit RGBA PNGs (6 megapixels: just
//                  under it)
//   pdf            receipts: 3 requests at once, each of ten 10 MB PDFs
//   ledger-pdf     a viewer's Client Ledger PDF of 10,000 rows
//   ledger-pdf-4   four of them at once
//   big-amounts    preview and import of 101 rows at 999,999,999,999.99
//
// Once started (and again whenever it is restarted), the server attaches one ordinary receipt
// photo (warmUp). While a case's requests run, the server's RSS is read from /proc/<pid>/status every 50 ms and a
// staff user's dashboard call (GET /api/dashboard/totals) is repeated one after another, its
// longest wait kept. Each case prints its answers (status and message), RSS before, at its peak
// and the growth, the dashboard's longest wait, and any file the server left in its TMPDIR.
//
// Budgets per case (exit code 1 beyond one): RSS growth <= BENCH_HOSTILE_MEMORY_MB (200 MB), the
// dashboard's longest wait <= BENCH_HOSTILE_WAIT_MS (500 ms); four import files made to cost far
// more than their size answered within seconds (bomb-sheet and bomb-strings 2 s, blank-20k 3 s,
// commas-5m 1 s: the reader skips empty cells and stops at a limit); and never a 5xx, a 408 (the
// server's own timeout cutting its own work), a request left without an answer, a file left in
// the temp folder, or the server process dying (it is started again for the next case). A
// summary table ends the run. BENCH_HOSTILE_CASES=wide-5k,jpeg runs some of the cases only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { configFromEnv } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { todayIn } from '../src/lib/dates.js';
import {
  bigAmountsCsv,
  bigPdf,
  blankRowsXlsx,
  commaCsv,
  costlyImage,
  hugeProgressiveJpeg,
  importForm,
  libreOfficeOrderXlsx,
  lyingZipXlsx,
  mixedLineBreakCsv,
  receiptForm,
  sampleIncomeRows,
  wideXlsx,
} from '../test/hostile-files.js';
import { freePort, HttpClient, stopServer } from './http.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const MEMORY_BUDGET_MB = int(process.env.BENCH_HOSTILE_MEMORY_MB, 200);
const WAIT_BUDGET_MS = int(process.env.BENCH_HOSTILE_WAIT_MS, 500);
const LEDGER_ROWS = int(process.env.BENCH_LEDGER_ROWS, 10_000);
/** How long the bench waits for one hostile request's answer before calling it unanswered. */
const ANSWER_TIMEOUT_MS = int(process.env.BENCH_HOSTILE_TIMEOUT_S, 300) * 1000;

const HOST = '127.0.0.1';
const ADMIN = { email: 'bench-admin@bench.example', password: 'bench-admin-password-1' };
const STAFF = { email: 'bench-staff@bench.example', password: 'bench-staff-password-1' };
const VIEWER = { email: 'bench-viewer@bench.example', password: 'bench-viewer-password-1' };
const IMPORT_CLIENT = 'Acme Buyer';
const LEDGER_CLIENT = 'Ledger Client';
const RECEIPT_ENTRIES = 48;
const DASHBOARD = '/api/dashboard/totals';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (text: string) => console.error(`[bench:hostile] ${text}`);
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
const today = todayIn('UTC');

// --- the server -------------------------------------------------------------------------------

interface Running {
  child: ChildProcess;
  port: number;
  staff: string;
  viewer: string;
  /** What the process printed last (its end, when it died). */
  output: () => string;
}

/** The process's resident memory, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Seeds the parties and entries the cases need, before the server opens the directory. */
async function seed(dataDir: string): Promise<{ ledgerClientId: number; expenses: number[] }> {
  const database = await openDatabase({
    ...configFromEnv({ TZ: 'UTC' }),
    dataDir,
    timeZone: 'UTC',
  });
  const db = database.db;
  try {
    await sql`INSERT INTO clients (name, email, company_name) VALUES
              (${IMPORT_CLIENT}, 'acme@bench.example', 'Acme'),
              (${LEDGER_CLIENT}, 'ledger@bench.example', 'Ledger Ltd')`.execute(db);
    await sql`INSERT INTO expense_types (expancetype, name_key) VALUES ('Paper', 'paper')`.execute(
      db,
    );
    await sql`ALTER TABLE entries DISABLE TRIGGER entries_rollup_trg`.execute(db);
    await sql`
      INSERT INTO entries (kind, client_id, party_name, amount, credit_debit, description,
                           entry_date, created_at)
      SELECT 'income', (SELECT id FROM clients WHERE name = ${LEDGER_CLIENT}), ${LEDGER_CLIENT},
             round((1 + random() * 999)::numeric, 2),
             CASE WHEN g % 3 = 0 THEN 'Credit' ELSE 'Debit' END,
             'Statement line ' || g || ' with a description long enough to wrap onto a second line',
             DATE '2020-01-01' + (g % 31), TIMESTAMPTZ '2020-01-01 09:00:00+00'
      FROM generate_series(1, ${LEDGER_ROWS}::int) g`.execute(db);
    await sql`
      INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, description,
                           entry_date, created_at)
      SELECT 'expense', (SELECT min(id) FROM expense_types), 'Paper', 10, 'Credit',
             'Receipt target ' || g, current_date, now()
      FROM generate_series(1, ${RECEIPT_ENTRIES}::int) g`.execute(db);
    await sql`SELECT rebuild_entry_rollups()`.execute(db);
    await sql`ALTER TABLE entries ENABLE TRIGGER entries_rollup_trg`.execute(db);
    // A server started now would back up at once: the last good backup is "now".
    await sql`INSERT INTO backup_runs (started_at, status, trigger, taken_by)
              VALUES (now(), 'ok', 'schedule', 'bench')`.execute(db);
    await sql`ANALYZE`.execute(db);
    const client = await sql<{ id: number }>`
      SELECT id FROM clients WHERE name = ${LEDGER_CLIENT}`.execute(db);
    const expenses = await sql<{ id: number }>`
      SELECT id FROM entries WHERE kind = 'expense' ORDER BY id`.execute(db);
    return {
      ledgerClientId: Number(client.rows[0]?.id),
      expenses: expenses.rows.map((row) => Number(row.id)),
    };
  } finally {
    await database.close();
  }
}

async function start(dataDir: string, tempDir: string): Promise<Running> {
  const port = await freePort(HOST);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    TZ: 'UTC',
    DATA_DIR: dataDir,
    TMPDIR: tempDir,
    WORKERS: '1',
    WEB_ROOT: '',
    LOG_LEVEL: 'warn',
    BACKUP_EVERY_HOURS: '24',
    BACKUP_PASSPHRASE: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // As `npm start` starts the server (scripts/start.mjs).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '1',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ || '131072',
  };
  for (const name of ['DATABASE_URL', 'NODE_OPTIONS']) delete env[name];
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const client = new HttpClient({ host: HOST, port, timeoutMs: 10_000 });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (!alive(child)) throw new Error(`the server exited before listening:\n${output}`);
      if ((await client.call('GET', DASHBOARD)).status === 401) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('the server did not start within 120 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const signIn = async (who: { email: string; password: string }) => {
      const answer = await client.call('POST', '/api/users/login', who);
      const token = (answer.body as { token?: string } | null)?.token;
      if (!token) throw new Error(`${who.email} could not sign in: HTTP ${answer.status}`);
      return token;
    };
    const admin = await signIn(ADMIN);
    for (const [who, role, name] of [
      [STAFF, 'staff', 'Bench Staff'],
      [VIEWER, 'viewer', 'Bench Viewer'],
    ] as const) {
      // Made once; on a restart they are there already (409).
      await client.call('POST', '/api/users/register', { name, ...who, role }, admin);
    }
    return {
      child,
      port,
      staff: await signIn(STAFF),
      viewer: await signIn(VIEWER),
      output: () => output,
    };
  } finally {
    client.close();
  }
}

// --- requests ---------------------------------------------------------------------------------

interface Reply {
  status: number;
  /** The answer's `message` (or `code`), its summary for a preview, else its size. */
  text: string;
  ms: number;
}

const hostileAgent = new http.Agent({ keepAlive: false, maxSockets: 64 });

/** One request with a body given whole; resolves whatever happens (status 0: no answer). */
function send(
  port: number,
  method: string,
  url: string,
  token: string,
  body?: { body: Buffer; contentType: string },
): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${token}` };
    if (body) {
      headers['content-type'] = body.contentType;
      headers['content-length'] = body.body.length;
    }
    let settled = false;
    const done = (reply: Omit<Reply, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...reply, ms: performance.now() - started });
    };
    const request = http.request(
      { host: HOST, port, method, path: url, headers, agent: hostileAgent },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const json = /json/.test(String(response.headers['content-type']));
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (json && bytes < 4 * 1024 * 1024) chunks.push(chunk);
        });
        response.on('end', () => {
          let text = `${Math.round(bytes / 1024)} KB ${String(response.headers['content-type'] ?? '')}`;
          if (json) {
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<
                string,
                unknown
              >;
              const said = parsed.message ?? parsed.summary ?? parsed.code;
              text = `${said === undefined ? '' : String(said)}${parsed.code ? ` [${String(parsed.code)}]` : ''} (${Math.round(bytes / 1024)} KB)`;
            } catch {
              text = `${Math.round(bytes / 1024)} KB, not JSON`;
            }
          }
          done({ status: response.statusCode ?? 0, text });
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          done({ status: 0, text: `broken off: ${error.code ?? error.message}` }),
        );
      },
    );
    request.setTimeout(ANSWER_TIMEOUT_MS, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })),
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({ status: 0, text: `no answer: ${error.code ?? error.message}` }),
    );
    request.end(body?.body);
  });
}

// --- the cases --------------------------------------------------------------------------------

interface Context {
  server: Running;
  /** Expense ids that have no receipt yet; a case takes what it uses. */
  receiptEntries: number[];
  ledgerClientId: number;
}

interface Case {
  name: string;
  title: string;
  /** Builds what is sent (before the measuring starts). */
  prepare: () => Promise<unknown> | unknown;
  /** The most seconds the answer may take, for a file whose reading a limit bounds. */
  secondsBudget?: number;
  run: (context: Context, prepared: never) => Promise<Reply[]>;
}

const preview = (file: Buffer, fileName: string) => (context: Context) =>
  send(
    context.server.port,
    'POST',
    '/api/imports/preview',
    context.server.staff,
    importForm(fileName, file),
  ).then((reply) => [reply]);

/** A file case of the import preview; the file is built before the measuring starts. */
const previewCase = (
  name: string,
  title: string,
  fileName: string,
  build: () => Buffer,
  secondsBudget?: number,
): Case => ({
  name,
  title,
  prepare: build,
  run: (context, file: Buffer) => preview(file, fileName)(context),
  secondsBudget,
});

/** A staff user's receipt upload to the next expense without receipts. */
const attach = (context: Context, form: ReturnType<typeof receiptForm>) =>
  send(
    context.server.port,
    'POST',
    `/api/journal/${context.receiptEntries.shift()}/receipts`,
    context.server.staff,
    form,
  );

/** Each form an upload of its own, all at once. */
const attachAll = (context: Context, forms: Array<ReturnType<typeof receiptForm>>) =>
  Promise.all(forms.map((form) => attach(context, form)));

/**
 * Five staff uploads at once, each of ten copies of one image (each copy distinct: bytes after
 * the image's end, as ten photos would be).
 */
const imageCase = (
  name: string,
  title: string,
  extension: string,
  type: string,
  make: () => Promise<Buffer>,
): Case => ({
  name,
  title,
  prepare: async () => {
    const image = await make();
    return Array.from({ length: 5 }, (_, r) =>
      receiptForm(
        Array.from({ length: 10 }, (_, i) => ({
          fileName: `photo-${r}-${i}.${extension}`,
          type,
          bytes: Buffer.concat([image, Buffer.from(`${r}-${i}`)]),
        })),
      ),
    );
  },
  run: attachAll,
});

const CASES: Case[] = [
  previewCase('wide-40k', 'xlsx, 40,000 rows of one cell in XFD', 'wide.xlsx', () =>
    wideXlsx(40_000),
  ),
  previewCase('wide-5k', 'xlsx, 5,000 rows of one cell in XFD', 'wide.xlsx', () => wideXlsx(5_000)),
  previewCase('libreoffice', 'xlsx, sheet before sharedStrings', 'calc.xlsx', () =>
    libreOfficeOrderXlsx(sampleIncomeRows(50, today, IMPORT_CLIENT)),
  ),
  previewCase(
    'bomb-sheet',
    'xlsx, sheet claims 100 KB, inflates to 1 GiB',
    'bomb.xlsx',
    () => lyingZipXlsx({ via: 'sheet' }),
    2,
  ),
  previewCase(
    'bomb-strings',
    'xlsx, sharedStrings claim 100 KB, 1 GiB',
    'bomb.xlsx',
    () => lyingZipXlsx({ via: 'sharedStrings' }),
    2,
  ),
  previewCase(
    'blank-20k',
    'xlsx, 20,000 blank rows in XFD',
    'blank.xlsx',
    () => blankRowsXlsx(20_000),
    3,
  ),
  previewCase(
    'commas-5m',
    'csv, header of 5,000,000 commas',
    'commas.csv',
    () => commaCsv(5_000_000),
    1,
  ),
  previewCase('commas-19.9m', 'csv, header of 19,900,000 commas', 'commas.csv', () =>
    commaCsv(19_900_000),
  ),
  previewCase('mixed-breaks', 'csv, lines ended by \\r\\n, \\n and \\r', 'mixed.csv', () =>
    mixedLineBreakCsv(today, IMPORT_CLIENT),
  ),
  imageCase('jpeg', 'receipts, 5 x ten 7,745^2 progressive JPEGs', 'jpg', 'image/jpeg', () =>
    hugeProgressiveJpeg(7745),
  ),
  imageCase('jpeg-24mp', 'receipts, 5 x ten 4,899^2 progressive JPEGs', 'jpg', 'image/jpeg', () =>
    hugeProgressiveJpeg(4899),
  ),
  imageCase(
    'jpeg-phone',
    'receipts, 5 x ten 4,000 x 3,000 baseline JPEGs',
    'jpg',
    'image/jpeg',
    () => costlyImage('jpeg-baseline', 4000, 3000),
  ),
  imageCase('jpeg-16mp', 'receipts, 5 x ten 4,000^2 progressive JPEGs', 'jpg', 'image/jpeg', () =>
    hugeProgressiveJpeg(4000),
  ),
  imageCase(
    'jpeg-444',
    'receipts, 5 x ten 2,828^2 progressive 4:4:4 JPEGs',
    'jpg',
    'image/jpeg',
    () => costlyImage('jpeg-444', 2828),
  ),
  imageCase('webp', 'receipts, 5 x ten 3,098^2 WebP images with alpha', 'webp', 'image/webp', () =>
    costlyImage('webp', 3098),
  ),
  imageCase(
    'png-interlaced',
    'receipts, 5 x ten 2,449^2 interlaced 16-bit RGBA PNGs',
    'png',
    'image/png',
    () => costlyImage('png16-interlaced', 2449),
  ),
  {
    name: 'pdf',
    title: 'receipts, 3 x ten 10 MB PDFs',
    prepare: () =>
      Array.from({ length: 3 }, (_, r) =>
        receiptForm(
          Array.from({ length: 10 }, (_, i) => ({
            fileName: `scan-${r}-${i}.pdf`,
            type: 'application/pdf',
            bytes: bigPdf(10 * 1024 * 1024 - 1024, `${r}-${i}`),
          })),
        ),
      ),
    run: attachAll,
  },
  ...[1, 4].map((count): Case => ({
    name: count === 1 ? 'ledger-pdf' : `ledger-pdf-${count}`,
    title: `${count === 1 ? 'a' : count} viewer's ${LEDGER_ROWS.toLocaleString('en')}-row Client Ledger PDF${count === 1 ? '' : 's at once'}`,
    prepare: () => undefined,
    run: (context) =>
      Promise.all(
        Array.from({ length: count }, () =>
          send(
            context.server.port,
            'GET',
            `/api/dashboard/getClientLedger/pdf?clientId=${context.ledgerClientId}` +
              '&startDate=2020-01-01&endDate=2020-01-31',
            context.server.viewer,
          ),
        ),
      ),
  })),
  {
    name: 'big-amounts',
    title: 'import, 101 rows at 999,999,999,999.99',
    prepare: () => bigAmountsCsv(101, '999999999999.99', today, IMPORT_CLIENT),
    run: async (context, file: Buffer) => [
      await send(
        context.server.port,
        'POST',
        '/api/imports/preview',
        context.server.staff,
        importForm('large.csv', file),
      ),
      await send(
        context.server.port,
        'POST',
        '/api/imports',
        context.server.staff,
        importForm('large.csv', file),
      ),
    ],
  },
];

// --- measuring --------------------------------------------------------------------------------

interface Result {
  name: string;
  title: string;
  replies: Reply[];
  rssBeforeMb: number;
  rssPeakMb: number;
  growthMb: number;
  waitMs: number;
  dashboardCalls: number;
  dashboardFailures: number;
  seconds: number;
  secondsBudget: number | undefined;
  tempFiles: string[];
  died: string | undefined;
  problems: string[];
}

/** Every file under `dir`, with its size. */
function listTemp(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(`${path.relative(dir, full)} (${mb(statSync(full).size)} MB)`);
    }
  };
  walk(dir);
  return found;
}

/**
 * The server used once as an office would have used it before anyone sends a hostile file: one
 * ordinary receipt photo (1,200 x 900, baseline JPEG) attached, so that a case does not measure
 * what the first image of a process costs once (libvips' threads and the first stored file).
 */
async function warmUp(context: Context): Promise<void> {
  const { default: sharp } = await import('sharp');
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#f4f1ea' },
  })
    .jpeg()
    .toBuffer();
  const reply = await attach(
    context,
    receiptForm([{ fileName: 'ordinary.jpg', type: 'image/jpeg', bytes: photo }]),
  );
  if (reply.status !== 201) throw new Error(`the warm-up receipt answered ${reply.status}`);
}

async function measure(testCase: Case, context: Context, tempDir: string): Promise<Result> {
  const prepared = await testCase.prepare();
  const { child, port, staff } = context.server;
  const tempBefore = new Set(listTemp(tempDir));
  const rssBefore = rssOf(child.pid!);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(child.pid!));
    } catch {
      // exited
    }
  }, 50);
  const dashboard = new HttpClient({ host: HOST, port, maxSockets: 1, timeoutMs: 120_000 });
  let running = true;
  let waitMs = 0;
  let calls = 0;
  let failures = 0;
  const loop = (async () => {
    while (running && alive(child)) {
      const answer = await dashboard.call('GET', DASHBOARD, undefined, staff);
      calls += 1;
      if (answer.status !== 200) failures += 1;
      waitMs = Math.max(waitMs, answer.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const replies = await testCase.run(context, prepared as never);
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await loop;
  dashboard.close();
  clearInterval(sampler);
  try {
    peak = Math.max(peak, rssOf(child.pid!));
  } catch {
    // exited
  }
  // The process may be on its way down: give it a moment to say so.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const died = alive(child)
    ? undefined
    : `exited (code ${child.exitCode}, signal ${child.signalCode}): ${
        context.server
          .output()
          .split('\n')
          .filter((line) => /heap|memory|fatal|error/i.test(line))
          .slice(-2)
          .join(' / ')
          .slice(0, 300) || 'no message'
      }`;
  const tempFiles = listTemp(tempDir).filter((file) => !tempBefore.has(file));
  const result: Result = {
    name: testCase.name,
    title: testCase.title,
    replies,
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(peak),
    growthMb: mb(peak - rssBefore),
    waitMs: Math.round(waitMs),
    dashboardCalls: calls,
    dashboardFailures: failures,
    seconds: Math.round(seconds * 10) / 10,
    secondsBudget: testCase.secondsBudget,
    tempFiles,
    died,
    problems: [],
  };
  const { problems } = result;
  if (result.growthMb > MEMORY_BUDGET_MB)
    problems.push(`RSS +${result.growthMb} MB > ${MEMORY_BUDGET_MB} MB`);
  if (result.waitMs > WAIT_BUDGET_MS)
    problems.push(`dashboard waited ${result.waitMs} ms > ${WAIT_BUDGET_MS} ms`);
  if (result.secondsBudget && seconds > result.secondsBudget)
    problems.push(`answered in ${result.seconds} s > ${result.secondsBudget} s`);
  const count = (test: (reply: Reply) => boolean) => replies.filter(test).length;
  const times = (n: number) => (n > 1 ? `${n} x ` : '');
  const failed = count((reply) => reply.status >= 500);
  if (failed) problems.push(`${times(failed)}answered 5xx`);
  const cut = count((reply) => reply.status === 408);
  if (cut) problems.push(`${times(cut)}answered 408 (cut off by the server)`);
  const unanswered = count((reply) => reply.status === 0);
  if (unanswered) problems.push(`${times(unanswered)}no answer`);
  if (failures) problems.push(`${failures} dashboard calls failed`);
  if (tempFiles.length) problems.push(`${tempFiles.length} files left in the temp folder`);
  if (died) problems.push(`the server ${died}`);
  return result;
}

function printCase(result: Result): void {
  const statuses = result.replies.map((reply) => reply.status).join(', ');
  console.log(`\n${result.name}: ${result.title}`);
  const budget = result.secondsBudget;
  console.log(
    `  answered ${statuses} in ${result.seconds} s${budget ? ` (budget ${budget} s)` : ''}`,
  );
  const messages = new Map<string, number>();
  for (const reply of result.replies) {
    const key = `${reply.status} ${reply.text}`.slice(0, 240);
    messages.set(key, (messages.get(key) ?? 0) + 1);
  }
  for (const [text, times] of messages) console.log(`    ${times > 1 ? `${times} x ` : ''}${text}`);
  console.log(
    `  RSS ${result.rssBeforeMb} -> ${result.rssPeakMb} MB (+${result.growthMb} MB, budget ${MEMORY_BUDGET_MB})`,
  );
  console.log(
    `  dashboard: longest wait ${result.waitMs} ms (budget ${WAIT_BUDGET_MS}) over ${result.dashboardCalls} calls`,
  );
  if (result.tempFiles.length)
    console.log(`  left in the temp folder: ${result.tempFiles.slice(0, 5).join(', ')}`);
  if (result.died) console.log(`  the server ${result.died}`);
  console.log(
    `  ${result.problems.length ? `OVER: ${result.problems.join('; ')}` : 'within budget'}`,
  );
}

function printSummary(results: Result[]): void {
  console.log('\ncase           statuses          RSS before  peak     growth   wait ms  verdict');
  for (const r of results) {
    const statuses = [...new Set(r.replies.map((reply) => reply.status))].join('/');
    console.log(
      `${r.name.padEnd(14)} ${statuses.padEnd(17)} ${String(r.rssBeforeMb).padEnd(11)} ` +
        `${String(r.rssPeakMb).padEnd(8)} ${`+${r.growthMb}`.padEnd(8)} ${String(r.waitMs).padEnd(8)} ` +
        `${r.problems.length ? `OVER${r.died ? ' (died)' : ''}` : 'ok'}`,
    );
  }
}

async function main(): Promise<number> {
  const wanted = (process.env.BENCH_HOSTILE_CASES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !CASES.some((c) => c.name === name));
  if (unknown.length) {
    console.error(
      `unknown case ${unknown.join(', ')}; the cases: ${CASES.map((c) => c.name).join(', ')}`,
    );
    return 2;
  }
  const cases = wanted.length ? CASES.filter((c) => wanted.includes(c.name)) : CASES;
  const work = mkdtempSync(path.join(tmpdir(), 'bench-hostile-'));
  const dataDir = path.join(work, 'data');
  const tempDir = mkdtempSync(path.join(work, 'tmp-'));
  let server: Running | undefined;
  try {
    log(`seeding (a client with ${LEDGER_ROWS.toLocaleString('en')} entries)`);
    const seeded = await seed(dataDir);
    server = await start(dataDir, tempDir);
    const context: Context = {
      server,
      ledgerClientId: seeded.ledgerClientId,
      receiptEntries: seeded.expenses,
    };
    await warmUp(context);
    const results: Result[] = [];
    for (const testCase of cases) {
      log(`${testCase.name}: ${testCase.title}`);
      const result = await measure(testCase, context, tempDir);
      printCase(result);
      results.push(result);
      if (!alive(context.server.child)) {
        log('the server died: starting it again for the next case');
        context.server = await start(dataDir, tempDir);
        server = context.server;
        await warmUp(context);
      }
      global.gc?.();
    }
    printSummary(results);
    const over = results.filter((r) => r.problems.length);
    console.log(
      over.length
        ? `\n${over.length} of ${results.length} cases over budget: ${over.map((r) => r.name).join(', ')}`
        : `\nall ${results.length} cases within budget`,
    );
    return over.length ? 1 : 0;
  } finally {
    if (server) await stopServer(server.child);
    hostileAgent.destroy();
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
