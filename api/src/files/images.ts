// Every image the product keeps (receipts, the company logo) is checked and written again here,
// by libvips (sharp): typed by its bytes elsewhere, then its size in pixels read from its header
// (cheap, nothing decoded), refused past IMAGE_MAX_PIXELS, and only then decoded and encoded
// again, which drops the sender's metadata (EXIF GPS, camera) and anything appended to the file.
//
// Decoding costs memory by the pixel, not by the byte (a 530 KB progressive JPEG of 60
// megapixels took ~0.7 s and ~460 MB), so it is bounded three ways:
// - the pixel budget (contract's IMAGE_MAX_PIXELS), and for the kinds a decoder must hold whole
//   (progressive JPEG, interlaced PNG, WebP) a memory budget estimated from the header
//   (IMAGE_DECODE_MAX_BYTES, decodeBytes below);
// - a process-wide queue: at most `imageConcurrency` images are decoded at once, whichever
//   request sent them (default 1: each decode of a 25-megapixel image peaks near 230 MB, and
//   two at once were measured at +645 MB against +441 MB for the same ten images one by one);
// - libvips itself: one thread per image (sharp.concurrency) and no operation cache
//   (sharp.cache(false)), so nothing decoded is kept once the image is written.
// The work runs in libuv's and libvips' threads (sharp is asynchronous); the JS thread only
// waits. libvips' threads are given the lowest CPU priority (Linux: their nice value is raised
// to 19): on a busy machine they took the cores from the thread that answers requests, and a
// dashboard call waited up to 900 ms while receipts were decoded. They still use every core
// nothing else wants. The price: on a machine whose cores are all busy, images wait for as long
// as the cores stay busy (FILE_WORK_NICE sets the value, 0 to leave them at normal priority).
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import type SharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { apiMessages, IMAGE_DECODE_MAX_BYTES, IMAGE_MAX_PIXELS } from 'contract';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * Why an image was refused: too many pixels, too much memory to decode (its kind holds the whole
 * image; the message says how large one may be), or it does not decode. `message` is the user's
 * for the first two.
 */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'pixels' | 'memory' | 'unreadable',
    message = reason === 'pixels' ? apiMessages.imageTooManyPixels : 'image does not decode',
  ) {
    super(message);
  }

  /** Refused for its size (413 for a receipt, 400 for the logo), not for its content. */
  get tooLarge(): boolean {
    return this.reason !== 'unreadable';
  }
}

/** What sharp's metadata() reads of an image's header, as far as the estimate needs it. */
export interface ImageHeader {
  format?: string;
  width?: number;
  height?: number;
  channels?: number;
  depth?: string;
  isProgressive?: boolean;
  chromaSubsampling?: string;
}

/**
 * The bytes a decoder holds whole while it reads this image, from its header: a baseline JPEG or
 * a PNG that is not interlaced is read a strip at a time (0 here); a progressive JPEG keeps 2
 * bytes for every sample of every component (chroma at its subsampled size: "4:2:0" has a
 * quarter of the luma's samples in each of two chroma planes); an interlaced PNG keeps every
 * pixel at its depth; libwebp decodes the whole picture, 4 bytes a pixel, and with the encoder
 * measured +101 MB at 12.5 megapixels and +147 MB at 25 (its alpha flattened, below). A
 * hand-written estimate: no library states it, and the factors were measured (contract's
 * IMAGE_DECODE_MAX_BYTES).
 */
export function decodeBytes(header: ImageHeader): number {
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  const channels = header.channels ?? 3;
  if (header.format === 'webp') return pixels * 5;
  if (!header.isProgressive) return 0;
  if (header.format === 'png') return pixels * channels * (header.depth === 'ushort' ? 2 : 1);
  const [, horizontal, vertical] = (header.chromaSubsampling ?? '4:4:4').split(':').map(Number);
  // J:a:b notation: each chroma plane has a/4 of the luma's samples a row, and b = 0 means
  // every other row (4:2:0, 4:4:0); CMYK and grayscale have no subsampled planes that count.
  const chroma =
    channels === 3 && horizontal !== undefined && vertical !== undefined
      ? (horizontal / 4) * (vertical === 0 ? 0.5 : 1)
      : 1;
  const samples = channels === 3 ? 1 + 2 * chroma : channels;
  return pixels * samples * 2;
}

/** The refusal of an image whose decode would need more than IMAGE_DECODE_MAX_BYTES. */
function tooCostly(header: ImageHeader, needs: number): ImageRefused {
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  const megapixels = (value: number) =>
    (Math.floor(value / 100_000) / 10).toLocaleString('en', { maximumFractionDigits: 1 });
  const most = Math.min(IMAGE_MAX_PIXELS, (IMAGE_DECODE_MAX_BYTES / needs) * pixels);
  return new ImageRefused(
    'memory',
    `${apiMessages.imageTooCostly} ${megapixels(most)} megapixels (this one has ${megapixels(pixels)})`,
  );
}

const queue: LimitFunction = pLimit(1);

/** The nice value libvips' threads are given (FILE_WORK_NICE); 0 leaves them as they are. */
let threadNice = 19;

/**
 * Sets how many images this process decodes at once and the priority of their threads (buildApp,
 * from IMAGE_CONCURRENCY and FILE_WORK_NICE).
 */
export function configureImages(concurrency: number, nice = 19): void {
  queue.concurrency = Math.max(1, concurrency);
  threadNice = Math.min(19, Math.max(0, Math.trunc(nice)));
}

/** libvips' worker threads already given the lowest priority, by thread id. */
const lowered = new Set<number>();

/**
 * Gives libvips' worker threads (named so in /proc) the lowest CPU priority, those started since
 * the last call. Linux only; anywhere else, or should /proc not answer, nothing changes.
 */
function lowerImageThreads(): void {
  if (process.platform !== 'linux' || threadNice === 0) return;
  try {
    for (const task of readdirSync('/proc/self/task')) {
      const tid = Number(task);
      if (lowered.has(tid)) continue;
      if (!readFileSync(`/proc/self/task/${task}/comm`, 'utf8').startsWith('libvips')) continue;
      setPriority(tid, threadNice);
      lowered.add(tid);
    }
  } catch {
    // A thread that ended meanwhile, or no /proc: the priorities stay as they are.
  }
}

/** sharp, loaded on the first image rather than when the server starts, and set up once. */
let loading: Promise<typeof SharpModule> | undefined;
const loadSharp = () =>
  (loading ??= import('sharp').then(
    ({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/**
 * Loads sharp now (server.ts, before listening): loading its native library holds the JS thread
 * some 300 ms, which the first image's request would otherwise wait through, and every other
 * request with it. Tests and tools load it on the first image instead.
 */
export const preloadImages = async (): Promise<void> => void (await loadSharp());

export interface ReencodeOptions {
  /** Resized to fit inside this box (never enlarged), as the logo is. */
  fit?: { width: number; height: number };
  /** The type to write: the image's own by default. */
  as?: ImageType;
}

/**
 * The image decoded and written again in its own type (EXIF orientation applied to the pixels,
 * metadata dropped). Throws ImageRefused when it has more than IMAGE_MAX_PIXELS pixels or does
 * not decode.
 */
export async function reencodeImage(
  input: Buffer,
  type: ImageType,
  options: ReencodeOptions = {},
): Promise<Buffer> {
  const sharp = await loadSharp();
  // The header only: a refusal costs nothing and never waits in the queue.
  let header: ImageHeader;
  try {
    header = await sharp(input).metadata();
  } catch {
    throw new ImageRefused('unreadable');
  }
  const { width, height } = header;
  if (!width || !height) throw new ImageRefused('unreadable');
  if (width * height > IMAGE_MAX_PIXELS) throw new ImageRefused('pixels');
  const needs = decodeBytes(header);
  if (needs > IMAGE_DECODE_MAX_BYTES) throw tooCostly(header, needs);
  return queue(async () => {
    try {
      // limitInputPixels again: the decoder's own word, should the header have lied.
      // sequentialRead: decoded top to bottom, a strip at a time, nothing kept whole that the
      // pipeline does not need.
      let image: Sharp = sharp(input, {
        limitInputPixels: IMAGE_MAX_PIXELS,
        failOn: 'error',
        sequentialRead: true,
      })
        // rotate(): the EXIF orientation is applied to the pixels, since the EXIF goes.
        .rotate();
      if (options.fit)
        image = image.resize({ ...options.fit, fit: 'inside', withoutEnlargement: true });
      const as = options.as ?? type;
      // A WebP image's transparency is laid on white (as the receipt is shown on a page):
      // libwebp's encoder with an alpha channel measured three times the memory, +208 MB for a
      // 6-megapixel image against +74 MB.
      if (as === 'image/webp') image = image.flatten({ background: '#ffffff' });
      const encoded =
        as === 'image/jpeg'
          ? image.jpeg({ quality: 90 })
          : as === 'image/png'
            ? image.png()
            : image.webp({ quality: 90 });
      // The threads libvips starts for this image are lowered as soon as they are there (the
      // first image's start at normal priority for a moment), and again once it is written.
      const lowering = setInterval(lowerImageThreads, 50);
      try {
        return await encoded.toBuffer();
      } finally {
        clearInterval(lowering);
        lowerImageThreads();
      }
    } catch {
      throw new ImageRefused('unreadable');
    }
  });
}
