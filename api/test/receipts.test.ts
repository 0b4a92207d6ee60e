// Receipts (issue 21): files attached to entries, typed by their bytes, limited in size and
// number, stored once per content, served only at signed addresses with sandboxing headers,
// removable with a reason outside a closed period, and recorded in the activity.
import sharp from 'sharp';
import { apiMessages, messages, RECEIPT_LIMITS } from 'contract';
import { buildApp } from '../src/app.js';
import { bearer, login, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';

const db = await setupDatabase();
afterAll(() => db.close());
let ctx: TestContext;
let admin: string;
let staff: string;
const today = todayIn('UTC');

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer };

/** A multipart/form-data body of the parts, in order. */
function form(parts: Part[]) {
  const boundary = '----receipt-test-boundary';
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    pieces.push(
      Buffer.from(head),
      'value' in part ? Buffer.from(part.value) : part.data,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (filename: string, data: Buffer): Part => ({ name: 'receipt', filename, data });

async function attach(entryId: number, files: Part[], token = staff) {
  const body = form(files);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/journal/${entryId}/receipts`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
  return { status: response.statusCode, body: response.json() };
}

async function list(entryId: number, token = staff) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/journal/${entryId}/receipts`,
    headers: bearer(token),
  });
  return response.json().receipts as {
    id: number;
    url: string;
    downloadUrl: string;
    fileName: string;
    mediaType: string;
    bytes: number;
  }[];
}

const blobs = async () =>
  Number((await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM receipt_blobs'))[0]?.n);

beforeEach(async () => {
  ctx = await db.resetKeepingApp();
  await seedParties(ctx);
  await insertEntries(ctx, [
    { kind: 'expense', party: 1, amount: '40.00', day: today, description: 'Paper' },
    { kind: 'expense', party: 2, amount: '15.00', day: today, description: 'Fuel' },
  ]);
  ({ admin, staff } = await signInBoth(ctx.app));
});

describe('attaching receipts', () => {
  it('should accept a PDF, PNG, JPEG and WebP by their bytes and serve them back', async () => {
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    const added = await attach(1, [
      file('bill.pdf', PDF),
      file('a.png', png),
      file('b.jpg', jpeg),
      file('c.webp', webp),
    ]);
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(messages.receiptsAttached);
    expect(added.body.receipts.map((r: { mediaType: string }) => r.mediaType)).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
      'image/webp',
    ]);
    const [pdf] = await list(1);
    const served = await ctx.app.inject({ method: 'GET', url: pdf!.downloadUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      'attachment; filename="bill.pdf"; filename*=UTF-8\'\'bill.pdf',
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toMatch(/(^|; )sandbox(;|$)/);
    const inline = await ctx.app.inject({ method: 'GET', url: pdf!.url });
    expect(String(inline.headers['content-disposition'])).toMatch(/^inline; /);
    const journal = await ctx.app.inject({
      method: 'GET',
      url: '/api/journal',
      headers: bearer(staff),
    });
    expect(journal.json().entries.find((e: { id: number }) => e.id === 1).receipts).toBe(4);
  });

  it('should refuse anything else with 415 naming the accepted types, and HEIC with its own message', async () => {
    const refused = {
      'setup.pdf': Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]),
      'logo.svg': Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      'page.html': Buffer.from('<!doctype html><script>alert(1)</script>'),
      'fake.pdf': Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>'),
      'broken.png': Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('not an image at all'),
      ]),
      'empty.pdf': Buffer.alloc(0),
    };
    for (const [name, data] of Object.entries(refused)) {
      const answer = await attach(1, [file(name, data)]);
      expect([name, answer.status, answer.body.message]).toEqual([
        name,
        415,
        apiMessages.receiptTypeRefused,
      ]);
    }
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic'),
      Buffer.alloc(32),
    ]);
    const answer = await attach(1, [file('IMG_0001.HEIC', heic)]);
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe(apiMessages.receiptHeic);
    expect(await list(1)).toEqual([]);
    expect(await blobs()).toBe(0);
  });

  it('should refuse a file over 10 MB and an eleventh file with 413, keeping nothing', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(RECEIPT_LIMITS.maxFileBytes)]);
    const tooBig = await attach(1, [file('ok.pdf', PDF), file('big.pdf', big)]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(apiMessages.receiptTooLarge);
    expect(await list(1)).toEqual([]);
    expect(await blobs()).toBe(0);

    const pdfs = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) =>
        file(`r${from + i}.pdf`, Buffer.concat([PDF, Buffer.from(`% ${from + i}\n%%EOF\n`)])),
      );
    const eleven = await attach(1, pdfs(11));
    expect(eleven.status).toBe(413);
    expect(eleven.body.message).toBe(apiMessages.tooManyReceipts);
    expect(await attach(1, pdfs(9)).then((a) => a.status)).toBe(201);
    const twoMore = await attach(1, pdfs(2, 20));
    expect(twoMore.status).toBe(413);
    expect(twoMore.body.message).toBe(apiMessages.tooManyReceipts);
    expect(await list(1)).toHaveLength(9);
  });

  it('should refuse a declared body larger than every file at its limit before reading it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/journal/1/receipts',
      payload: form([file('a.pdf', PDF)]).payload,
      headers: {
        ...bearer(staff),
        'content-type': 'multipart/form-data; boundary=----receipt-test-boundary',
        'content-length': String(120 * 1024 * 1024),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(apiMessages.receiptTooLarge);
  });

  it('should store the same bytes once however many entries they prove', async () => {
    expect((await attach(1, [file('bill.pdf', PDF)])).status).toBe(201);
    expect((await attach(2, [file('copy.pdf', PDF)])).status).toBe(201);
    expect(await blobs()).toBe(1);
    const [{ n }] = (await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM receipts')) as [
      { n: number },
    ];
    expect(n).toBe(2);
  });

  it('should re-encode images so that EXIF GPS is gone', async () => {
    const withGps = await sharp({
      create: { width: 8, height: 8, channels: 3, background: 'blue' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Spy 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect((await attach(1, [file('photo.jpg', withGps)])).status).toBe(201);
    const [photo] = await list(1);
    const served = await ctx.app.inject({ method: 'GET', url: photo!.downloadUrl });
    expect(served.statusCode).toBe(200);
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });
});

describe('recording an entry with its receipts', () => {
  const entry = {
    expanceTypeId: 1,
    expanceTypeName: 'Rent',
    amount: '99.50',
    Creditdebit: 'Credit',
    description: 'Rent with bill',
  };

  it('should save the entry and its files together', async () => {
    const body = form([
      { name: 'kind', value: 'expense' },
      { name: 'entry', value: JSON.stringify(entry) },
      file('rent.pdf', PDF),
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/receipts/entries',
      payload: body.payload,
      headers: { ...bearer(staff), ...body.headers },
    });
    expect([response.statusCode, response.json().message]).toEqual([
      201,
      messages.expenseEntryAdded,
    ]);
    expect(response.json().receipts).toHaveLength(1);
    const id = response.json().entry.id as number;
    expect((await list(id))[0]?.fileName).toBe('rent.pdf');
  });

  it('should save nothing when a file is refused or the entry is invalid', async () => {
    const count = async () =>
      Number((await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM entries'))[0]?.n);
    const before = await count();
    const refused = form([
      { name: 'kind', value: 'expense' },
      { name: 'entry', value: JSON.stringify(entry) },
      file('ok.pdf', PDF),
      file('x.pdf', Buffer.from('MZ not a pdf at all')),
    ]);
    const r1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/receipts/entries',
      payload: refused.payload,
      headers: { ...bearer(staff), ...refused.headers },
    });
    expect(r1.statusCode).toBe(415);
    const invalid = form([
      { name: 'kind', value: 'expense' },
      { name: 'entry', value: JSON.stringify({ ...entry, amount: 'lots' }) },
      file('ok.pdf', PDF),
    ]);
    const r2 = await ctx.app.inject({
      method: 'POST',
      url: '/api/receipts/entries',
      payload: invalid.payload,
      headers: { ...bearer(staff), ...invalid.headers },
    });
    expect(r2.statusCode).toBe(400);
    expect(await count()).toBe(before);
    expect(await blobs()).toBe(0);
  });
});

describe('closed periods, removal and the activity', () => {
  it('should attach in a closed period but refuse removal there, and hide a removed receipt', async () => {
    await rows(ctx, `UPDATE books SET closed_through = '${today}'`);
    expect((await attach(1, [file('late.pdf', PDF)])).status).toBe(201);
    const [late] = await list(1);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/receipts/${late!.id}/remove`,
      payload: { reason: 'wrong file' },
      headers: bearer(staff),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${apiMessages.receiptRemoveClosed} ${today}`);

    await rows(ctx, 'UPDATE books SET closed_through = NULL');
    const removed = await ctx.app.inject({
      method: 'POST',
      url: `/api/receipts/${late!.id}/remove`,
      payload: { reason: 'wrong file' },
      headers: bearer(staff),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(messages.receiptRemoved);
    expect(await list(1)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: late!.downloadUrl })).statusCode).toBe(404);
    // Hidden, not erased.
    const [kept] = await rows<{ removed_reason: string }>(
      ctx,
      'SELECT removed_reason FROM receipts',
    );
    expect(kept?.removed_reason).toBe('wrong file');

    const activity = await ctx.app.inject({
      method: 'GET',
      url: '/api/activity',
      headers: bearer(admin),
    });
    const actions = activity.json().users.map((row: { action: string }) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['receipt_attached', 'receipt_removed']));
  });

  it('should refuse every receipt write to a viewer', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: bearer(admin),
      payload: {
        name: 'Auditor',
        email: 'v@test.local',
        password: 'viewer-password-1',
        role: 'viewer',
      },
    });
    const viewer = await login(ctx.app, { email: 'v@test.local', password: 'viewer-password-1' });
    const answer = await attach(1, [file('a.pdf', PDF)], viewer);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(apiMessages.readOnly);
    expect(await blobs()).toBe(0);
  });
});

describe('serving files', () => {
  it('should serve only at a signed address of a live session', async () => {
    await attach(1, [file('bill.pdf', PDF)]);
    const [bill] = await list(1);
    const bad = [
      bill!.url.replace(/sig=[0-9a-f]{4}/, 'sig=0000'),
      bill!.url.replace('/receipts/1/', '/receipts/2/'),
      bill!.url.replace(/expires=\d+/, 'expires=1'),
      '/api/receipts/1/file',
    ];
    for (const url of bad)
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(400);
    await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(staff) });
    const afterLogout = await ctx.app.inject({ method: 'GET', url: bill!.url });
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json().message).toBe(apiMessages.receiptLinkInvalid);
  });
});

describe('finding what is missing', () => {
  it('should filter the journal, its totals and CSV by receipt, and count this month on the dashboard', async () => {
    await attach(1, [file('bill.pdf', PDF)]);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(staff) });
    const ids = async (receipt: string) =>
      (await get(`/api/journal?receipt=${receipt}`))
        .json()
        .entries.map((e: { id: number }) => e.id);
    expect(await ids('with')).toEqual([1]);
    expect(await ids('without')).toEqual([2]);
    expect((await get('/api/journal/totals?receipt=without')).json()).toMatchObject({
      count: 1,
      credit: 15,
    });
    // The totals without a receipt (all entries less those with one) agree with the rows the
    // list shows, under the other filters too.
    for (const more of ['', '&kind=expense', '&kind=expense&Creditdebit=Credit', '&kind=income']) {
      const rowsShown = (await get(`/api/journal?receipt=without&limit=500${more}`)).json()
        .entries as { amount: number; Creditdebit: string }[];
      const sum = (cd: string) =>
        Math.round(
          rowsShown.filter((e) => e.Creditdebit === cd).reduce((t, e) => t + e.amount * 100, 0),
        ) / 100;
      expect((await get(`/api/journal/totals?receipt=without${more}`)).json()).toEqual({
        count: rowsShown.length,
        credit: sum('Credit'),
        debit: sum('Debit'),
      });
    }
    const csv = (await get('/api/journal/csv?receipt=with')).body;
    expect(csv).toContain('Paper');
    expect(csv).not.toContain('Fuel');
    expect((await get('/api/journal?receipt=maybe')).statusCode).toBe(400);
    expect((await get('/api/dashboard/receipts-missing')).json()).toEqual({
      count: 1,
      from: `${today.slice(0, 7)}-01`,
      to: today,
    });
  });
});

describe("the totals' roll-up of entries with a receipt", () => {
  it('should follow attaching and removing, across whole months and partial ones', async () => {
    // More entries over the three months before this one, a Debit among them.
    const month = (back: number, day: string) => {
      const at = new Date(
        Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1),
      );
      return `${at.toISOString().slice(0, 7)}-${day}`;
    };
    await insertEntries(ctx, [
      { kind: 'expense', party: 1, amount: '10.10', day: month(3, '05'), description: 'a' },
      { kind: 'expense', party: 2, amount: '20.20', day: month(3, '20'), description: 'b' },
      {
        kind: 'income',
        party: 1,
        amount: '30.30',
        day: month(2, '10'),
        cd: 'Debit',
        description: 'c',
      },
      { kind: 'expense', party: 2, amount: '40.40', day: month(1, '15'), description: 'd' },
    ]);
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(staff) });
    const removeFirst = async (entryId: number) => {
      const [receipt] = await list(entryId);
      const removed = await ctx.app.inject({
        method: 'POST',
        url: `/api/receipts/${receipt!.id}/remove`,
        payload: { reason: 'wrong' },
        headers: bearer(staff),
      });
      expect(removed.statusCode).toBe(200);
    };
    const agree = async () => {
      for (const receipt of ['with', 'without'])
        for (const more of [
          '',
          `&from=${month(3, '10')}&to=${month(1, '20')}`,
          '&kind=expense&partyId=1',
          `&kind=expense&partyId=2&from=${month(3, '01')}`,
          '&Creditdebit=Debit',
        ]) {
          const shown = (await get(`/api/journal?receipt=${receipt}&limit=500${more}`)).json()
            .entries as { amount: number; Creditdebit: string }[];
          const sum = (cd: string) =>
            Math.round(
              shown.filter((e) => e.Creditdebit === cd).reduce((t, e) => t + e.amount * 100, 0),
            ) / 100;
          expect([
            receipt,
            more,
            (await get(`/api/journal/totals?receipt=${receipt}${more}`)).json(),
          ]).toEqual([
            receipt,
            more,
            { count: shown.length, credit: sum('Credit'), debit: sum('Debit') },
          ]);
        }
    };
    // Ids: 1 and 2 today, 3 to 6 the older ones. Two files on one entry in one call.
    await attach(3, [file('a.pdf', PDF), file('b.pdf', Buffer.concat([PDF, Buffer.from('%x')]))]);
    await attach(5, [file('c.pdf', PDF)]);
    await attach(6, [file('d.pdf', PDF)]);
    await attach(1, [file('e.pdf', PDF)]);
    await agree();
    await removeFirst(3); // one of two: entry 3 still has a receipt
    await removeFirst(6); // its only one: entry 6 has none now
    await agree();
    await attach(6, [file('f.pdf', PDF)]);
    await agree();
    const [rollup] = await rows<{ entries: string }>(
      ctx,
      'SELECT sum(entries) AS entries FROM receipted_monthly',
    );
    expect(Number(rollup?.entries)).toBe(4);
  });
});

describe('files a crashed upload left behind', () => {
  /** A blob written straight into the database, linked to nothing, `hoursOld` hours ago. */
  async function orphan(hoursOld: number, settled: boolean) {
    const [blob] = await rows<{ id: number }>(
      ctx,
      `INSERT INTO receipt_blobs (sha256, media_type, bytes, created_at)
       VALUES (${settled ? `sha256('orphan ${hoursOld}'::bytea)` : 'NULL'}, 'application/pdf', 3,
               now() - interval '${hoursOld} hours')
       RETURNING id`,
    );
    await rows(
      ctx,
      `INSERT INTO receipt_chunks (blob_id, seq, data) VALUES (${blob!.id}, 0, '\\x616263')`,
    );
    return blob!.id;
  }
  const blobIds = async () =>
    (await rows<{ id: number }>(ctx, 'SELECT id FROM receipt_blobs ORDER BY id')).map((b) =>
      Number(b.id),
    );
  const chunkBlobIds = async () =>
    (
      await rows<{ id: number }>(
        ctx,
        'SELECT DISTINCT blob_id AS id FROM receipt_chunks ORDER BY 1',
      )
    ).map((b) => Number(b.id));

  it('should delete at start the blobs an hour old that no receipt refers to, and keep the rest', async () => {
    await attach(1, [file('bill.pdf', PDF)]);
    // An old file that is linked stays, however old.
    await rows(ctx, "UPDATE receipt_blobs SET created_at = now() - interval '5 hours'");
    const [linked] = await blobIds();
    const halfWritten = await orphan(2, false);
    const neverLinked = await orphan(3, true);
    const underWay = await orphan(0, false);
    expect(await blobIds()).toEqual([linked, halfWritten, neverLinked, underWay]);

    // The server starts again on the same database.
    const restarted = await buildApp(ctx.config, { database: ctx.database, logger: false });
    await restarted.ready();
    await restarted.close();
    expect(await blobIds()).toEqual([linked, underWay]);
    expect(await chunkBlobIds()).toEqual([linked, underWay]);
    const [bill] = await list(1);
    const served = await ctx.app.inject({ method: 'GET', url: bill!.downloadUrl });
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it('should sweep them after a refused upload too, and reuse a left blob of the same bytes', async () => {
    await orphan(2, false);
    const refused = await attach(1, [file('setup.pdf', Buffer.from('MZ not a pdf'))]);
    expect(refused.status).toBe(415);
    expect(await blobIds()).toEqual([]);

    // A whole file left unlinked two hours ago, then uploaded again: the upload takes that blob
    // and makes it new, so that a sweep before the link cannot delete it from under the upload.
    await attach(2, [file('bill.pdf', PDF)]);
    await rows(ctx, 'DELETE FROM receipts');
    await rows(ctx, "UPDATE receipt_blobs SET created_at = now() - interval '2 hours'");
    const [kept] = await blobIds();
    expect((await attach(1, [file('again.pdf', PDF)])).status).toBe(201);
    const [fresh] = await rows<{ id: number; young: boolean }>(
      ctx,
      "SELECT id, created_at > now() - interval '1 minute' AS young FROM receipt_blobs",
    );
    expect({ id: Number(fresh?.id), young: fresh?.young }).toEqual({ id: kept, young: true });
  });
});
