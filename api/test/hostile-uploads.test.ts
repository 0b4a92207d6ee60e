// The hostile suite's upload and export part (run with `npm run test:hostile`, issue 30): spoilt
// multipart uploads to the import preview and import, and to both receipt uploads (wrong types,
// files that lie about their type, truncated zips, null characters, huge declared lengths,
// formulas, and the hostile files of hostile-files.ts in small variants), and spoilt queries of
// every Excel and PDF export. Never a 5xx; every refusal a `{ code, message }` with a code the
// contract lists; no stack, SQL or file path in a body; and no row changed by a refused request.
import { sql } from 'kysely';
import { errorCodes, exportEndpoints, type ErrorCode } from 'contract';
import { todayIn } from '../src/lib/dates.js';
import { insertEntries, seedParties } from './fixtures.js';
import {
  bigAmountsCsv,
  bigPdf,
  blankRowsXlsx,
  brokenPng,
  commaCsv,
  formulaCsv,
  htmlAsPdf,
  hugeProgressiveJpeg,
  importForm,
  importXlsx,
  libreOfficeOrderXlsx,
  lyingZipXlsx,
  mixedLineBreakCsv,
  multipartBody,
  nullByteCsv,
  receiptForm,
  sampleIncomeRows,
  truncatedXlsx,
  wideXlsx,
} from './hostile-files.js';
import { bearer, login, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';

const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };
const today = todayIn('UTC');
const CLIENT = 'Acme Buyer';

/** A stack frame, a file path, SQL or a driver's words: nothing a client should ever read. */
const LEAK =
  /\bat [\w.<>]+ \(|\.(ts|js|mjs|cjs):\d+|node_modules|\/(src|dist|home|usr|tmp|var|opt)\/|\b(select|insert into|update|delete from)\b.+\b(from|set|where|values)\b|syntax error|relation "|violates|duplicate key|invalid input syntax|numeric field overflow|pglite|kysely|postgres/i;

const db = await setupDatabase();
let ctx: TestContext;
const tokens = { staff: '', viewer: '' };
let expenses: number[] = [];
afterAll(() => db.close());

interface Spoilt {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  as: keyof typeof tokens;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

/** The statement that prints every table; the tables are read from the catalog once (on
 * PostgreSQL, information_schema costs more than the print itself). */
let printing: Promise<string> | undefined;
async function printStatement(): Promise<string> {
  const tables = await rows<{ table_name: string }>(
    ctx,
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const skipped = new Set(['migrations', 'schema_migrations', 'rate_counters', 'sessions']);
  const parts = tables
    .map(({ table_name: table }) => table)
    .filter((table) => !skipped.has(table))
    .map(
      (table) =>
        `(SELECT '${table}:' || count(*) || ':' || md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${table} t)`,
    );
  return `SELECT concat_ws('|', ${parts.join(', ')}) AS print`;
}

async function fingerprint(): Promise<string> {
  const result = await sql
    .raw<{ print: string }>(await (printing ??= printStatement()))
    .execute(ctx.database.db);
  return result.rows[0]?.print ?? '';
}

/**
 * The next transaction id: it moves whenever anything is written (even when rolled back), and
 * never on reads, so the full print is taken again only when it has moved (as hostile.test.ts).
 */
async function nextTransactionId(): Promise<string> {
  const result = await sql<{
    xid: string;
  }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`.execute(ctx.database.db);
  return result.rows[0]?.xid ?? '';
}

/** What is wrong with an answer, if anything. */
function problems(status: number, body: string, contentType: string): string[] {
  const found: string[] = [];
  if (status >= 500) found.push(`answered ${status}`);
  const readable = status >= 400 || /json|text|html/.test(contentType);
  if (readable && LEAK.test(body)) found.push(`leaks ${LEAK.exec(body)?.[0]}`);
  if (status >= 400) {
    let parsed: { code?: unknown; message?: unknown } = {};
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      // no JSON: found below
    }
    if (typeof parsed.message !== 'string' || !parsed.message)
      found.push('refusal without a { message }');
    else if (!errorCodes.includes(parsed.code as ErrorCode))
      found.push(`refusal with code ${String(parsed.code)}`);
  }
  return found;
}

const findings: string[] = [];
const statuses: Record<number, number> = {};

/** Sends each request, checking its answer and, when it is refused, that nothing changed. */
async function sendAll(requests: Spoilt[]): Promise<void> {
  let print = await fingerprint();
  let printedAt = await nextTransactionId();
  for (const request of requests) {
    const before = await nextTransactionId();
    if (before !== printedAt) {
      // An accepted change since the last print: it is the new starting point.
      print = await fingerprint();
      printedAt = before;
    }
    let status: number;
    let body: string;
    let contentType = '';
    try {
      const response = await ctx.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...bearer(tokens[request.as]), ...request.headers },
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      status = response.statusCode;
      body = response.body;
      contentType = String(response.headers['content-type'] ?? '');
    } catch (error) {
      status = 599;
      body = `broken off: ${(error as Error).message}`;
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    const found = problems(status, body, contentType);
    if (status >= 400 && (await nextTransactionId()) !== printedAt) {
      const now = await fingerprint();
      if (now !== print) found.push('refused but changed rows');
      print = now;
      printedAt = await nextTransactionId();
    }
    for (const problem of found)
      findings.push(`${request.label}: ${problem} -> ${status} ${body.slice(0, 160)}`);
  }
}

const form = (parts: { body: Buffer; contentType: string }) => ({
  body: parts.body,
  headers: { 'content-type': parts.contentType },
});

beforeAll(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  const both = await signInBoth(ctx.app);
  tokens.staff = both.staff;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/register',
    headers: bearer(both.admin),
    payload: { name: 'Auditor', ...VIEWER, role: 'viewer' },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  tokens.viewer = await login(ctx.app, VIEWER);
  await insertEntries(ctx, [
    ...Array.from({ length: 6 }, (_, i) => ({
      kind: 'expense' as const,
      party: 1,
      amount: '10.00',
      day: today,
      description: `Paper ${i}`,
    })),
    { kind: 'income', party: 1, amount: '25.00', day: today, description: 'Sale' },
  ]);
  expenses = (
    await rows<{ id: number }>(ctx, "SELECT id FROM entries WHERE kind = 'expense' ORDER BY id")
  ).map((row) => Number(row.id));
});

afterAll(() => {
  process.stdout.write(
    `hostile uploads: statuses ${JSON.stringify(statuses)}, ${findings.length} findings\n` +
      findings.slice(0, 60).join('\n') +
      (findings.length ? '\n' : ''),
  );
});

describe('hostile suite: uploads and exports', () => {
  it('answers spoilt import uploads with a clean 4xx and changes nothing it refuses', async () => {
    const csv = Buffer.from(
      sampleIncomeRows(3, today, CLIENT)
        .map((row) => row.join(','))
        .join('\n'),
    );
    const files: Array<[string, string, Buffer]> = [
      ['a text file named .docx', 'notes.docx', Buffer.from('plain words')],
      ['a workbook named .csv', 'bank.csv', importXlsx(sampleIncomeRows(2, today, CLIENT))],
      ['a CSV named .xlsx', 'bank.xlsx', csv],
      ['a PDF named .xlsx', 'bank.xlsx', bigPdf(4096)],
      ['a PDF named .csv', 'bank.csv', bigPdf(4096)],
      ['a truncated zip', 'bank.xlsx', truncatedXlsx()],
      ['a zip header and nothing else', 'bank.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
      ['a null character in a cell', 'bank.csv', nullByteCsv(today, CLIENT)],
      ['formulas in cells', 'bank.csv', formulaCsv(today, CLIENT)],
      ['a workbook of 200 rows in XFD', 'wide.xlsx', wideXlsx(200)],
      ['a workbook of 200 blank rows in XFD', 'blank.xlsx', blankRowsXlsx(200)],
      [
        'a LibreOffice-ordered workbook',
        'calc.xlsx',
        libreOfficeOrderXlsx(sampleIncomeRows(3, today, CLIENT)),
      ],
      [
        'a sheet that lies about its size (8 MB)',
        'bomb.xlsx',
        lyingZipXlsx({ via: 'sheet', inflatedBytes: 8 * 1024 * 1024 }),
      ],
      [
        'shared strings that lie about their size (8 MB)',
        'bomb.xlsx',
        lyingZipXlsx({ via: 'sharedStrings', inflatedBytes: 8 * 1024 * 1024 }),
      ],
      ['a header of 100,000 commas', 'commas.csv', commaCsv(100_000)],
      ['mixed line breaks', 'mixed.csv', mixedLineBreakCsv(today, CLIENT)],
      [
        '101 rows at the largest amount',
        'large.csv',
        bigAmountsCsv(101, '999999999999.99', today, CLIENT),
      ],
      [
        'amounts past the largest',
        'large.csv',
        bigAmountsCsv(3, '99999999999999999999.99', today, CLIENT),
      ],
      ['an empty file', 'empty.csv', Buffer.alloc(0)],
      ['only a byte order mark', 'bom.csv', Buffer.from([0xef, 0xbb, 0xbf])],
      ['UTF-16 without rows', 'u16.csv', Buffer.from('\ufeffDate,Client', 'utf16le')],
    ];
    const names = [
      'bank\u0000.csv',
      '../../etc/passwd.csv',
      'bank\u202Ecsv.xlsx',
      `${'a'.repeat(300)}.csv`,
      '.csv',
    ];
    const requests: Spoilt[] = [];
    for (const url of ['/api/imports/preview', '/api/imports']) {
      for (const [label, fileName, bytes] of files)
        requests.push({
          label: `${url} ${label}`,
          method: 'POST',
          url,
          as: 'staff',
          ...form(importForm(fileName, bytes)),
        });
      for (const name of names)
        requests.push({
          label: `${url} file name ${JSON.stringify(name.slice(0, 20))}`,
          method: 'POST',
          url,
          as: 'staff',
          ...form(importForm(name, csv)),
        });
      const odd: Array<[string, Partial<Spoilt>]> = [
        ['no options', form(multipartBody([{ name: 'file', fileName: 'a.csv', value: csv }]))],
        [
          'options that are not JSON',
          form(
            multipartBody([
              { name: 'options', value: '{kind:' },
              { name: 'file', fileName: 'a.csv', value: csv },
            ]),
          ),
        ],
        ['options of an unknown kind', form(importForm('a.csv', csv, { kind: 'loan' }))],
        [
          'a sheet that is not there',
          form(
            importForm('a.xlsx', importXlsx(sampleIncomeRows(2)), {
              kind: 'income',
              sheet: 'Nope',
            }),
          ),
        ],
        ['options with unknown fields', form(importForm('a.csv', csv, { kind: 'income', x: 1 }))],
        [
          'the file before the options',
          form(
            multipartBody([
              { name: 'file', fileName: 'a.csv', value: csv },
              { name: 'options', value: '{"kind":"income"}' },
            ]),
          ),
        ],
        [
          'two files',
          form(
            multipartBody([
              { name: 'options', value: '{"kind":"income"}' },
              { name: 'file', fileName: 'a.csv', value: csv },
              { name: 'file', fileName: 'b.csv', value: csv },
            ]),
          ),
        ],
        [
          'JSON instead of a form',
          { body: '{"kind":"income"}', headers: { 'content-type': 'application/json' } },
        ],
        [
          'a form without a boundary',
          { body: 'x', headers: { 'content-type': 'multipart/form-data' } },
        ],
        [
          'a form cut short',
          {
            body: importForm('a.csv', csv).body.subarray(0, 150),
            headers: { 'content-type': importForm('a.csv', csv).contentType },
          },
        ],
        [
          'garbage under a boundary',
          {
            body: Buffer.from('\u0000\u0001--x\r\n\r\n'),
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          },
        ],
        [
          'a declared length of 10 GB',
          {
            ...form(importForm('a.csv', csv)),
            headers: {
              'content-type': importForm('a.csv', csv).contentType,
              'content-length': String(10 * 1024 ** 3),
            },
          },
        ],
        ['a text body', { body: 'Date,Client\n', headers: { 'content-type': 'text/csv' } }],
      ];
      for (const [label, request] of odd)
        requests.push({ label: `${url} ${label}`, method: 'POST', url, as: 'staff', ...request });
      requests.push({
        label: `${url} by a viewer`,
        method: 'POST',
        url,
        as: 'viewer',
        ...form(importForm('a.csv', csv)),
      });
    }
    await sendAll(requests);
    expect(findings.filter((finding) => finding.startsWith('/api/imports'))).toEqual([]);
  });

  it('answers spoilt receipt uploads with a clean 4xx and changes nothing it refuses', async () => {
    const jpeg = await hugeProgressiveJpeg(1200, 10);
    const svg = Buffer.from('<svg onload="alert(1)"/>');
    const entry = () => expenses[0]!;
    const attach = `/api/journal/${entry()}/receipts`;
    const files: Array<[string, Array<{ fileName: string; bytes: Buffer; type?: string }>]> = [
      [
        'a text file named .pdf',
        [{ fileName: 'a.pdf', bytes: Buffer.from('not a pdf'), type: 'application/pdf' }],
      ],
      ['HTML behind a PDF header', [{ fileName: 'a.pdf', bytes: htmlAsPdf() }]],
      ['a PNG signature and noise', [{ fileName: 'a.png', bytes: brokenPng(), type: 'image/png' }]],
      [
        'a program named .jpg',
        [{ fileName: 'a.jpg', bytes: Buffer.from('MZ\u0090\u0000 program'), type: 'image/jpeg' }],
      ],
      [
        'a truncated JPEG',
        [{ fileName: 'a.jpg', bytes: jpeg.subarray(0, 2000), type: 'image/jpeg' }],
      ],
      ['an SVG', [{ fileName: 'a.svg', bytes: svg, type: 'image/svg+xml' }]],
      ['a zip named .pdf', [{ fileName: 'a.pdf', bytes: truncatedXlsx() }]],
      ['an empty file', [{ fileName: 'a.pdf', bytes: Buffer.alloc(0) }]],
      ['a file over 10 MB', [{ fileName: 'a.pdf', bytes: bigPdf(10 * 1024 * 1024 + 1) }]],
      [
        'eleven files',
        Array.from({ length: 11 }, (_, i) => ({ fileName: `r${i}.pdf`, bytes: bigPdf(2048, i) })),
      ],
      ['a null character in the file name', [{ fileName: 'a\u0000.pdf', bytes: bigPdf(2048) }]],
      ['a path as the file name', [{ fileName: '../../../etc/passwd', bytes: bigPdf(2048) }]],
      [
        'a huge progressive JPEG and a broken one',
        [
          { fileName: 'big.jpg', bytes: jpeg },
          { fileName: 'bad.jpg', bytes: jpeg.subarray(0, 500) },
        ],
      ],
    ];
    const requests: Spoilt[] = [];
    for (const [label, list] of files)
      requests.push({
        label: `attach ${label}`,
        method: 'POST',
        url: attach,
        as: 'staff',
        ...form(receiptForm(list)),
      });
    const pdf = [{ fileName: 'a.pdf', bytes: bigPdf(2048) }];
    const odd: Array<[string, string, Partial<Spoilt>, keyof typeof tokens]> = [
      [
        'an entry that does not exist',
        '/api/journal/999999/receipts',
        form(receiptForm(pdf)),
        'staff',
      ],
      ['an id that is not a number', '/api/journal/abc/receipts', form(receiptForm(pdf)), 'staff'],
      [
        'an id past the largest',
        '/api/journal/99999999999/receipts',
        form(receiptForm(pdf)),
        'staff',
      ],
      ['a viewer', attach, form(receiptForm(pdf)), 'viewer'],
      [
        'JSON instead of a form',
        attach,
        { body: '{}', headers: { 'content-type': 'application/json' } },
        'staff',
      ],
      [
        'a wrong field name',
        attach,
        form(multipartBody([{ name: 'file', fileName: 'a.pdf', value: bigPdf(2048) }])),
        'staff',
      ],
      [
        'a field after the file',
        attach,
        form(
          multipartBody([
            { name: 'receipt', fileName: 'a.pdf', value: bigPdf(2048) },
            { name: 'note', value: 'late' },
          ]),
        ),
        'staff',
      ],
      [
        'a form cut short',
        attach,
        {
          body: receiptForm(pdf).body.subarray(0, 120),
          headers: { 'content-type': receiptForm(pdf).contentType },
        },
        'staff',
      ],
      [
        'a declared length of 10 GB',
        attach,
        {
          body: receiptForm(pdf).body,
          headers: {
            'content-type': receiptForm(pdf).contentType,
            'content-length': String(10 * 1024 ** 3),
          },
        },
        'staff',
      ],
    ];
    for (const [kind, entryJson] of [
      ['loan', '{}'],
      ['expense', '{not json'],
      ['expense', JSON.stringify({ expanceTypeId: 1, amount: -5, Creditdebit: 'Credit' })],
      ['expense', '{"expanceTypeId":1,"amount":1e309,"Creditdebit":"Credit"}'],
      ['expense', JSON.stringify({ expanceTypeId: 999999, amount: 5, Creditdebit: 'Credit' })],
      [
        'expense',
        JSON.stringify({
          expanceTypeId: 1,
          amount: 5,
          Creditdebit: 'Credit',
          description: 'a\u202Eb',
        }),
      ],
      ['income', JSON.stringify({ clientId: 1, amount: 5, Creditdebit: 'Debit' })],
    ] as const)
      odd.push([
        `a new ${kind} entry ${entryJson.slice(0, 40)} with a spoilt file`,
        '/api/receipts/entries',
        form(
          multipartBody([
            { name: 'kind', value: kind },
            { name: 'entry', value: entryJson },
            { name: 'receipt', fileName: 'a.pdf', value: htmlAsPdf() },
          ]),
        ),
        'staff',
      ]);
    odd.push([
      'a new entry without files',
      '/api/receipts/entries',
      form(
        multipartBody([
          { name: 'kind', value: 'expense' },
          {
            name: 'entry',
            value: JSON.stringify({ expanceTypeId: 1, amount: 5, Creditdebit: 'Credit' }),
          },
        ]),
      ),
      'staff',
    ]);
    for (const [label, url, request, as] of odd)
      requests.push({ label: `receipts ${label}`, method: 'POST', url, as, ...request });
    await sendAll(requests);
    expect(
      findings.filter((finding) => finding.startsWith('attach') || finding.startsWith('receipts')),
    ).toEqual([]);
  });

  it('answers spoilt export queries with a clean 4xx', async () => {
    // Refused ones mostly: an accepted query draws its whole file, which costs time. A parameter a
    // download does not declare still arrives in its query, but its handler reads only the ones
    // its schema declares: such a set of names is sent once, not once per hostile value.
    const spoilt = [
      'clientId=abc',
      'clientId=0',
      'clientId=99999999999',
      'clientId=1e3',
      'clientId=999999',
      'clientId=1&startDate=2026-13-45',
      'employeeId=1&startDate=%00',
      'year=99999',
      'startDate=2026-01-01&endDate=2026-01-01%27%20OR%201=1--',
      `clientId=1&x=${'y'.repeat(3000)}`,
    ];
    const requests: Spoilt[] = [];
    for (const endpoint of Object.values(exportEndpoints)) {
      if (endpoint.method !== 'GET' || !/\/(excel|pdf)$/.test(endpoint.path)) continue;
      const declared = Object.keys(('query' in endpoint && endpoint.query?.properties) || {});
      const sent = new Set<string>();
      for (const query of spoilt) {
        const names = [...new URLSearchParams(query).keys()];
        if (!names.some((name) => declared.includes(name)) && sent.has(`${names}`)) continue;
        sent.add(`${names}`);
        requests.push({
          label: `GET ${endpoint.path}?${query.slice(0, 60)}`,
          method: 'GET',
          url: `/api${endpoint.path}?${query}`,
          as: 'viewer',
        });
      }
    }
    expect(requests.length).toBeGreaterThan(60);
    await sendAll(requests);
    expect(findings.filter((finding) => finding.startsWith('GET'))).toEqual([]);
  });
});
