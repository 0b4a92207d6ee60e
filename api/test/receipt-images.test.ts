// Receipt images against the server's limits (issue 30, finding 6): an image over the pixel
// budget is refused by its header, before it is decoded; several uploads of large images at once,
// against the real listening server with a short request timeout, all complete (the body is
// received whole before the images are decoded, so the server's own work never makes the body
// late); an upload that does not fit in the upload memory is refused at once with 429; and the
// company logo has the same budget.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { apiMessages, IMAGE_MAX_PIXELS, LOGO_MAX_BYTES, messages } from 'contract';
import { bearer, rows, setupDatabase, signInBoth, type TestContext } from './helpers.js';
import { insertEntries, seedParties } from './fixtures.js';
import { todayIn } from '../src/lib/dates.js';
import { MAX_UPLOAD_BYTES } from '../src/config.js';

const LIMITS = {
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2500,
  keepAliveTimeoutMs: 1000,
  maxConnections: 100,
};
const db = await setupDatabase({
  http: LIMITS,
  // The decoding threads at normal priority: on a machine whose cores are all taken by other
  // work, threads at the lowest priority wait minutes for a turn, and this file is about request
  // timeouts, not priorities.
  files: {
    uploadMemoryBytes: MAX_UPLOAD_BYTES,
    imageConcurrency: 1,
    workNice: 0,
    exportsPerUser: 2,
  },
});
afterAll(() => db.close());
let ctx: TestContext;
let staff: string;
let admin: string;

const BOUNDARY = '----receipt-images-boundary';
function form(files: { filename: string; data: Buffer }[]) {
  const pieces: Buffer[] = [];
  for (const part of files)
    pieces.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="receipt"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}
const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

const blobs = async () =>
  Number((await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM receipt_blobs'))[0]?.n);

/**
 * A progressive JPEG of 4000 x 4000 of one colour: 16 megapixels to decode, 0.1 MB. Made once
 * (encoding it cost half a second of processor time) and sent as every photo of the uploads.
 */
let plain: Promise<Buffer> | undefined;
const plainPhoto = () =>
  (plain ??= sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#f4f1ea' } })
    .jpeg({ progressive: true, quality: 60 })
    .toBuffer());

beforeEach(async () => {
  ctx = await db.reset();
  await seedParties(ctx);
  const today = todayIn('UTC');
  await insertEntries(
    ctx,
    [1, 2, 3, 4].map((party) => ({
      kind: 'expense' as const,
      party: (party % 2) + 1,
      amount: '10.00',
      day: today,
      description: `Entry ${party}`,
    })),
  );
  ({ staff, admin } = await signInBoth(ctx.app));
});

describe('the pixel budget', () => {
  it('should refuse an image over the budget with 413 naming it, and attach nothing', async () => {
    expect(apiMessages.imageTooManyPixels).toContain(`${IMAGE_MAX_PIXELS / 1_000_000} megapixels`);
    // 60 megapixels in a few hundred kilobytes: the finding's file.
    const huge = await sharp({
      create: { width: 7745, height: 7745, channels: 3, background: 'white' },
    })
      .jpeg({ progressive: true })
      .toBuffer();
    // Just over the budget, in PNG.
    const over = await sharp({
      create: {
        width: 10_000,
        height: IMAGE_MAX_PIXELS / 10_000 + 1,
        channels: 3,
        background: 'red',
      },
    })
      .png()
      .toBuffer();
    for (const data of [huge, over]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/journal/1/receipts',
        payload: form([
          { filename: 'ok.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
          { filename: 'big.jpg', data },
        ]),
        headers: { ...bearer(staff), ...multipart },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: 'image_too_many_pixels',
        message: apiMessages.imageTooManyPixels,
      });
    }
    expect(await blobs()).toBe(0);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/journal/1/receipts',
      headers: bearer(staff),
    });
    expect(listed.json().receipts).toEqual([]);
  });

  it('should refuse an image its decoder holds whole past the memory budget, with 413 naming the most pixels of its kind, and take an ordinary JPEG of as many', async () => {
    const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
      sharp({ create: { width, height, channels, background: '#f4f1ea' } });
    const refused = [
      {
        // 20 megapixels, progressive, chroma at full size: 120 MB of coefficients.
        name: 'scan.jpg',
        data: await canvas(5000, 4000)
          .jpeg({ progressive: true, chromaSubsampling: '4:4:4' })
          .toBuffer(),
        most: '8',
        has: '20',
      },
      {
        name: 'photo.webp',
        // The encoder's least effort: the same pixels, a fraction of the time to make.
        data: await canvas(4500, 4000).webp({ quality: 50, effort: 0 }).toBuffer(),
        most: '9.6',
        has: '18',
      },
      {
        // Interlaced, 16 bits a sample, with alpha: 128 MB of pixels held whole.
        name: 'drawing.png',
        data: await canvas(4000, 4000, 4)
          .toColourspace('rgb16')
          .png({ progressive: true, compressionLevel: 1 })
          .toBuffer(),
        most: '6',
        has: '16',
      },
    ];
    for (const { name, data, most, has } of refused) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/journal/2/receipts',
        payload: form([{ filename: name, data }]),
        headers: { ...bearer(staff), ...multipart },
      });
      expect({ name, status: response.statusCode, body: response.json() }).toEqual({
        name,
        status: 413,
        body: {
          code: 'image_too_costly',
          message: `${apiMessages.imageTooCostly} ${most} megapixels (this one has ${has})`,
        },
      });
    }
    expect(await blobs()).toBe(0);
    // The same 20 megapixels as an ordinary (baseline) JPEG are read a strip at a time: kept.
    // Its standard Huffman tables (not optimised: a second pass over every pixel to make).
    const ordinary = await canvas(5000, 4000)
      .jpeg({ chromaSubsampling: '4:4:4', optimiseCoding: false })
      .toBuffer();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/journal/2/receipts',
      payload: form([{ filename: 'scan.jpg', data: ordinary }]),
      headers: { ...bearer(staff), ...multipart },
    });
    expect(response.statusCode).toBe(201);
    expect(await blobs()).toBe(1);
  });

  it('should refuse a logo over the budget with 400 naming it, and keep the one there was', async () => {
    // Some 30 kilobytes of one-colour greyscale PNG, 26 megapixels (a two-colour palette made it
    // smaller still, but finding that palette among 26 million pixels cost a second to make).
    const logo = await sharp({
      create: { width: 6500, height: 4000, channels: 3, background: 'white' },
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(logo.length).toBeLessThan(LOGO_MAX_BYTES);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/company/logo',
      payload: { logo: logo.toString('base64') },
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(apiMessages.imageTooManyPixels);
    const company = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/company',
      headers: bearer(admin),
    });
    expect(company.json().logo).toBeNull();
  });
});

describe('uploads of large images at once, against a short request timeout', () => {
  it('should answer every one with 201 (never 408), each file attached', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // Each 16 megapixels: allowed, and some 0.15 s of decoding each, one at a time, so the
    // uploads' work together outlasts the request timeout; plain, so that each is 0.1 MB and the
    // bodies arrive within it however busy the machine (noise made them 3 MB each, and four
    // bodies of 10 MB each could not always be read within 2.5 s while other tests ran).
    const photo = await plainPhoto();
    const images = [0, 1, 2, 3, 4].map(() => photo);
    const uploads = [1, 2, 3, 4].map(async (entryId, index) => {
      const files = images.map((data, i) => ({ filename: `scan-${index}-${i}.jpg`, data }));
      const response = await fetch(`http://127.0.0.1:${port}/api/journal/${entryId}/receipts`, {
        method: 'POST',
        body: form(files),
        headers: { ...bearer(staff), ...multipart },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    });
    const started = performance.now();
    const answers = await Promise.all(uploads);
    const took = performance.now() - started;
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body.message).toBe(messages.receiptsAttached);
    }
    // The work did outlast the request timeout: the test would have seen 408s before.
    expect(took).toBeGreaterThan(LIMITS.requestTimeoutMs);
    for (const answer of answers) expect(answer.body.receipts).toHaveLength(5);
    const attached = await rows<{ n: number }>(ctx, 'SELECT count(*)::int AS n FROM receipts');
    expect(attached[0]?.n).toBe(20);
  });

  it('should refuse at once with 429 an upload that does not fit in the upload memory', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    // Plain photos (0.1 MB each): any upload is more than the room left, and a small body is
    // received within the short request timeout however busy the machine (two noisy photos, some
    // 6 MB, were answered 408 once the room was free again, on a machine with every core taken).
    const photo = await plainPhoto();
    const images = [photo, photo];
    const body = form(images.map((data, i) => ({ filename: `p${i}.jpg`, data })));
    // A client that declares the largest upload and sends its bytes slowly holds the whole
    // budget (UPLOAD_MEMORY_MB at its least) while it sends.
    const held = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/journal/1/receipts',
      headers: {
        ...bearer(staff),
        ...multipart,
        'content-length': String(MAX_UPLOAD_BYTES - 1024),
      },
    });
    const heldEnded = new Promise<void>((resolve) => held.on('close', () => resolve()));
    held.on('error', () => undefined);
    held.write(`--${BOUNDARY}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await fetch(`http://127.0.0.1:${port}/api/journal/2/receipts`, {
      method: 'POST',
      body,
      headers: { ...bearer(staff), ...multipart },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: 'uploads_busy',
      message: apiMessages.uploadsBusy,
    });
    held.destroy();
    await heldEnded;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Once the first upload has ended, its room is free again.
    const accepted = await fetch(`http://127.0.0.1:${port}/api/journal/2/receipts`, {
      method: 'POST',
      body,
      headers: { ...bearer(staff), ...multipart },
    });
    expect(accepted.status).toBe(201);
  });
});
