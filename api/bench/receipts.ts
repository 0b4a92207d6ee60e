// npm run bench:receipts: the receipt budgets of issue 21 (docs/decisions/015-receipts.md).
// Prints one 10 MB upload's time, 20 simultaneous 10 MB uploads (the server's RSS rise and the
// errors), and the Journal's first page with and without the Receipt filters (p95) over
// BENCH_ENTRIES entries of which BENCH_RECEIPTS have a receipt; then the database's growth per
// thousand receipts. On the embedded PGlite by default; DATABASE_URL runs it on PostgreSQL.
// The server runs in this process on 127.0.0.1; the uploads stream one shared 10 MB body (each
// made distinct by its first line), so the RSS rise is the server's.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { configFromEnv } from '../src/config.js';

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt((value ?? '').replace(/[_,]/g, ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};
const ENTRIES = int(process.env.BENCH_ENTRIES, 1_000_000);
const RECEIPTS = int(process.env.BENCH_RECEIPTS, 100_000);
const PARALLEL = int(process.env.BENCH_UPLOADS, 20);
const CALLS = int(process.env.BENCH_CALLS, 50);
const FILE_MB = int(process.env.BENCH_FILE_MB, 10);

const password = 'bench-password-1';
const config = {
  ...configFromEnv({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: process.env.DATABASE_URL ? undefined : 'memory://',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'error',
  }),
  webRoot: undefined,
};
const app = await buildApp(config, { scheduleBackups: false, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const db = app.db;

const login = await app.inject({
  method: 'POST',
  url: '/api/users/login',
  payload: { email: 'bench@example.com', password },
});
const token = login.json().token as string;

// Seed: one expense type, ENTRIES expenses over two years, RECEIPTS of them with one small PDF.
await sql`INSERT INTO expense_types (expancetype, status, name_key) VALUES ('Bench', 'Active', 'bench')
          ON CONFLICT DO NOTHING`.execute(db);
const seedStart = performance.now();
await sql`INSERT INTO entries (kind, expense_type_id, party_name, amount, credit_debit, description, entry_date)
          SELECT 'expense', (SELECT min(id) FROM expense_types), 'Bench', 10 + (i % 500), 'Credit',
                 'bench ' || i, current_date - (i % 730)
          FROM generate_series(1, ${ENTRIES}) AS i`.execute(db);
const blob = await sql<{ id: number }>`
  INSERT INTO receipt_blobs (sha256, media_type, bytes)
  VALUES (sha256('bench'::bytea), 'application/pdf', 100) RETURNING id`.execute(db);
const blobId = (blob.rows[0] as { id: number }).id;
await sql`INSERT INTO receipt_chunks (blob_id, seq, data) VALUES (${blobId}, 0, '\\x00'::bytea)`.execute(
  db,
);
await sql`INSERT INTO receipts (entry_id, blob_id, file_name)
          SELECT id, ${blobId}, 'bench.pdf' FROM entries ORDER BY random() LIMIT ${RECEIPTS}`.execute(
  db,
);
await sql`ANALYZE`.execute(db);
console.log(
  `seeded ${ENTRIES} entries, ${RECEIPTS} receipts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const BOUNDARY = '----bench-receipts';
// Random bytes: a PDF's streams are compressed already, so the database cannot shrink them.
const shared = randomBytes(FILE_MB * 1024 * 1024 - 200);
/** A distinct PDF of FILE_MB MB, sent as three pieces around the one shared buffer. */
function upload(entryId: number, n: number): Promise<{ status: number; ms: number }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="receipt"; filename="r${n}.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n% ${n} ${Math.random()}\n`,
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${BOUNDARY}--\r\n`);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/journal/${entryId}/receipts`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + shared.length + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.write(head);
    request.write(shared);
    request.end(tail);
  });
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const without = await sql<{ id: number }>`
  SELECT e.id FROM entries e WHERE NOT EXISTS (SELECT 1 FROM receipts r WHERE r.entry_id = e.id)
  ORDER BY e.id LIMIT ${PARALLEL + 1}`.execute(db);
const targets = without.rows.map((row) => row.id);

const one = await upload(targets[0] as number, 0);
console.log(
  `one ${FILE_MB} MB upload: ${one.ms.toFixed(0)} ms (status ${one.status}; budget 1000 ms)`,
);

global.gc?.();
const before = rssMb();
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
const parallelStart = performance.now();
const results = await Promise.all(targets.slice(1).map((id, i) => upload(id, i + 1)));
clearInterval(sampler);
const errors = results.filter((result) => result.status !== 201).length;
console.log(
  `${PARALLEL} simultaneous ${FILE_MB} MB uploads: ${((performance.now() - parallelStart) / 1000).toFixed(1)} s, ` +
    `RSS ${before.toFixed(0)} -> ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB; budget +150), ` +
    `${errors} errors`,
);

const p95 = async (url: string) => {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95) - 1] ?? times[times.length - 1] ?? 0;
};
for (const url of [
  '/api/journal',
  '/api/journal?receipt=with',
  '/api/journal?receipt=without',
  '/api/journal/totals?receipt=without',
])
  console.log(`${url}: p95 ${(await p95(url)).toFixed(1)} ms (budget 50 ms)`);

// Growth: the stored bytes of the uploads above against their count.
const size = await sql<{ bytes: string }>`
  SELECT (pg_total_relation_size('receipt_chunks') + pg_total_relation_size('receipt_blobs')
          + pg_total_relation_size('receipts'))::text AS bytes`.execute(db);
const stored = await sql<{ n: number; bytes: string }>`
  SELECT count(*)::int AS n, coalesce(sum(bytes), 0)::text AS bytes FROM receipt_blobs`.execute(db);
const row = stored.rows[0] as { n: number; bytes: string };
console.log(
  `receipt tables: ${(Number(size.rows[0]?.bytes) / 1024 / 1024).toFixed(1)} MB for ${row.n} stored files ` +
    `of ${(Number(row.bytes) / 1024 / 1024).toFixed(1)} MB`,
);
await app.close();
process.exit(0);
