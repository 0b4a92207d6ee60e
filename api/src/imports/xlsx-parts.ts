// The parts of an .xlsx workbook (a zip) as text, and that text through a streaming XML parser:
// the zip bomb and XML checks read-xlsx.ts relies on (why by hand: read-xlsx.ts).
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { IMPORT_LIMITS, importMessages } from 'contract';
import { badRequest, HttpError } from '../lib/errors.js';
import { pacer } from './pace.js';

/** Parts a workbook may hold: a real one has a few dozen. */
export const MAX_PARTS = 10_000;
/** The workbook part and its relationships: names of sheets and where they are. */
export const MAX_INDEX_BYTES = 5 * 1024 * 1024;
/** Sheets a workbook may list (their names are in the preview). */
export const MAX_SHEETS = 1000;
/** Text, a tag or an attribute longer than this between two tags is no cell of an import. */
export const MAX_RUN_CHARS = 1024 * 1024;
/** A part unpacking to more than this may be checked against its packed size. */
export const RATIO_FLOOR = 1024 * 1024;

/** Unpacked bytes left for the whole workbook; shared by every part read. */
export interface Budget {
  left: number;
}

export const refusal = (error: unknown, otherwise: string): Error =>
  error instanceof HttpError ? error : badRequest(otherwise);

export const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    );
  });

/**
 * The zip's parts by name. Refuses a zip bomb on what the directory claims (more than
 * IMPORT_LIMITS allows in all, or a part over 1 MB unpacking to more than `zipRatio` times its
 * packed size); what is actually unpacked is counted again as it is read.
 */
export async function listParts(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > MAX_PARTS) throw badRequest(importMessages.unreadableXlsx);
  const parts = new Map<string, yauzl.Entry>();
  let claimed = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      claimed += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        claimed > IMPORT_LIMITS.unzippedBytes ||
        (entry.uncompressedSize > RATIO_FLOOR && ratio > IMPORT_LIMITS.zipRatio)
      ) {
        reject(badRequest(importMessages.zipBomb));
        return;
      }
      parts.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return parts;
}

export const openStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    );
  });

/**
 * A part's text, piece by piece as it is inflated. The bytes are counted as they come out of
 * the inflater: past the workbook's budget, past `max` for this part, or more than `zipRatio`
 * times the part's packed size, and the part is a zip bomb. yauzl also stops a part that
 * inflates past the size the directory claims for it.
 */
export async function* partText(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  max = Infinity,
): AsyncGenerator<string> {
  let stream: Readable;
  try {
    stream = await openStream(zip, entry);
  } catch {
    throw badRequest(importMessages.unreadableXlsx);
  }
  const decoder = new StringDecoder('utf8');
  let size = 0;
  let first = true;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (
        budget.left < 0 ||
        size > max ||
        (size > RATIO_FLOOR && size > IMPORT_LIMITS.zipRatio * Math.max(entry.compressedSize, 1))
      )
        throw badRequest(importMessages.zipBomb);
      let text = decoder.write(chunk);
      if (first && text) {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // yauzl: "too many bytes in the stream" when a part inflates past its claimed size.
    const message = error instanceof Error ? error.message : '';
    throw badRequest(
      /too many bytes/.test(message) ? importMessages.zipBomb : importMessages.unreadableXlsx,
    );
  } finally {
    stream.destroy();
  }
}

/** A tag's name without its namespace prefix (`x:row` in some writers). */
export const local = (name: string) => name.slice(name.indexOf(':') + 1);

export interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/**
 * Feeds a part's text to a streaming XML parser. A document type declaration is refused (no
 * entity of its own can be declared, none from outside fetched); an entity XML does not define
 * is an error of the parser. Gives the event loop a turn while it reads.
 */
export async function parseXml(
  pieces: AsyncIterable<string>,
  handlers: XmlHandlers,
  overlong: () => Error,
): Promise<void> {
  const parser = new SaxesParser();
  let sinceTag = 0;
  parser.on('doctype', () => {
    throw badRequest(importMessages.unreadableXlsx);
  });
  parser.on('opentag', (tag) => {
    sinceTag = 0;
    handlers.open?.(local(tag.name), tag.attributes as Record<string, string>);
  });
  parser.on('closetag', (tag) => {
    sinceTag = 0;
    handlers.close?.(local(tag.name));
  });
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const pace = pacer();
  try {
    for await (const piece of pieces) {
      parser.write(piece);
      // The parser holds a text, a tag or an attribute whole until it ends: bound it.
      sinceTag += piece.length;
      if (sinceTag > MAX_RUN_CHARS) throw overlong();
      await pace();
    }
    parser.close();
  } catch (error) {
    throw refusal(error, importMessages.unreadableXlsx);
  }
}
