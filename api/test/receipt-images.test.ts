// Receipt images against the server's limits (issue 30, finding 6): an image over the pixel
// budget is refused by its header, before it is decoded; several uploads of large images at once,
// against the real listening server with a short request timeout, all complete (the body is
// received whole before the images are decoded, so the server's own work never makes the body
// late); an upload that does not fit in the upload memory is refused at once with 429; and the
// company logo has the same budget.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
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
 * `image` (a JPEG, a PNG or a lossy WebP) with its header saying it is `width` x `height`. The
 * refusals below are made from the header alone (src/files/images.ts reads it before anything is
 * decoded), so a picture of 16 x 16 that claims its size proves them as the full picture did, at
 * none of the seconds of processor time that encoding 16 to 60 megapixels cost. A server that
 * decoded before refusing would not find those pixels, and would answer otherwise.
 */
function claiming(image: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(image);
  if (bytes.readUInt16BE(0) === 0xffd8) {
    // JPEG: the start-of-frame marker (baseline, extended or progressive) holds the size.
    for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
      const marker = bytes[at + 1]!;
      if (marker < 0xc0 || marker > 0xc2) continue;
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
  } else if (bytes.toString('latin1', 12, 16) === 'IHDR') {
    // PNG: the first chunk, and its checksum written again.
    bytes.writeUInt32BE(width, 16);
    bytes.writeUInt32BE(height, 20);
    bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
    return bytes;
  } else if (bytes.toString('latin1', 12, 16) === 'VP8 ') {
    // Lossy WebP: the key frame's header, after its tag and start code.
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
    return bytes;
  }
  throw new Error('not an image whose size this can set');
}

/** A canvas of one colour, as sharp makes it. */
const canvas = (width: number, height: number, channels: 3 | 4 = 3, background = '#f4f1ea') =>
  sharp({ create: { width, height, channels, background } });

/** What sharp reads of an image's header: to see that a claimed size is read as the real one. */
const header = async (image: Buffer) => {
  const { format, width, height, channels, depth, isProgressive, chromaSubsampling } =
    await sharp(image).metadata();
  return { format, width, height, channels, depth, isProgressive, chromaSubsampling };
};

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
    // The finding's file: a progressive JPEG of 60 megapixels (a few hundred kilobytes).
    const huge = claiming(
      await canvas(16, 16, 3, 'white').jpeg({ progressive: true }).toBuffer(),
      7745,
      7745,
    );
    // Just over the budget, in PNG.
    const over = claiming(
      await canvas(16, 16, 3, 'red').png().toBuffer(),
      10_000,
      IMAGE_MAX_PIXELS / 10_000 + 1,
    );
    expect(await header(huge)).toMatchObject({ format: 'jpeg', width: 7745, height: 7745 });
    expect(await header(over)).toMatchObject({ format: 'png', width: 10_000, height: 2501 });
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
    const refused = [
      {
        // 20 megapixels, progressive, chroma at full size: 120 MB of coefficients.
        name: 'scan.jpg',
        data: claiming(
          await canvas(16, 16).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
          5000,
          4000,
        ),
        kind: { format: 'jpeg', width: 5000, isProgressive: true, chromaSubsampling: '4:4:4' },
        most: '8',
        has: '20',
      },
      {
        name: 'photo.webp',
        data: claiming(await canvas(16, 16).webp({ quality: 50 }).toBuffer(), 4500, 4000),
        kind: { format: 'webp', width: 4500, channels: 3 },
        most: '9.6',
        has: '18',
      },
      {
        // Interlaced, 16 bits a sample, with alpha: 128 MB of pixels held whole.
        name: 'drawing.png',
        data: claiming(
          await canvas(16, 16, 4).toColourspace('rgb16').png({ progressive: true }).toBuffer(),
          4000,
          4000,
        ),
        kind: { format: 'png', width: 4000, channels: 4, depth: 'ushort', isProgressive: true },
        most: '6',
        has: '16',
      },
    ];
    for (const { name, data, kind, most, has } of refused) {
      // The header says what the full picture's did: its kind, and the size claimed.
      expect(await header(data)).toMatchObject({ ...kind, height: 4000 });
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
    // A greyscale PNG of 26 megapixels, well within the logo's bytes.
    const logo = claiming(
      await canvas(16, 16, 3, 'white').toColourspace('b-w').png().toBuffer(),
      6500,
      4000,
    );
    expect(await header(logo)).toMatchObject({ format: 'png', width: 6500, height: 4000 });
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
    // One progressive JPEG of 4000 x 4000 of one colour, made once (encoding it cost half a
    // second of processor time) and sent as every photo.
    const photo = await canvas(4000, 4000).jpeg({ progressive: true, quality: 60 }).toBuffer();
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
    // Two small photos: the held upload below leaves 1 KB of room, so any body larger than that
    // is more than the room left, and a small body is received within the short request timeout
    // however busy the machine (two noisy photos, some 6 MB, were answered 408 once the room was
    // free again, on a machine with every core taken).
    const photo = await canvas(640, 480).jpeg().toBuffer();
    const body = form([photo, photo].map((data, i) => ({ filename: `p${i}.jpg`, data })));
    expect(body.length).toBeGreaterThan(1024);
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
