// Reads the output of `COPY (SELECT <one text column>) TO STDOUT (FORMAT binary)` into lines: each
// row's bytes followed by a newline, many rows to a Buffer, as the chunks arrive. The binary
// format frames every value with its length, so nothing is escaped or decoded on the way
// (https://www.postgresql.org/docs/current/sql-copy.html, "Binary Format").

/** Whole lines, each with its newline, and how many. */
export interface RowLines {
  bytes: Buffer;
  count: number;
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (int32), header extension length (int32). */
const HEADER = SIGNATURE.length + 4 + 4;
const NEWLINE = 0x0a;

class CopyFormatError extends Error {
  constructor(detail: string) {
    super(`unexpected COPY output: ${detail}`);
  }
}

/**
 * The rows of a binary COPY of one non-null column, as lines. A row split across chunks waits for
 * the rest; the chunks of a row larger than one are joined once, when all of it has come. The
 * chunks are the caller's no longer: the lines are written over them.
 */
export async function* copyLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<RowLines> {
  let parts: Buffer[] = [];
  let partsBytes = 0;
  /** Bytes needed before the next step can be parsed. */
  let need = HEADER;
  let headerRead = false;
  let ended = false;
  for await (const chunk of chunks) {
    if (ended) {
      if (chunk.length) throw new CopyFormatError('data after the end');
      continue;
    }
    parts.push(chunk);
    partsBytes += chunk.length;
    if (partsBytes < need) continue;
    const data = parts.length === 1 ? parts[0]! : Buffer.concat(parts, partsBytes);
    let at = 0;
    if (!headerRead) {
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
        throw new CopyFormatError('no binary COPY signature');
      }
      const extension = data.readUInt32BE(SIGNATURE.length + 4);
      need = HEADER + extension;
      if (data.length < need) {
        parts = [data];
        continue;
      }
      headerRead = true;
      at = need;
    }
    // The lines are written over the bytes already read, in place: every row drops 6 bytes of
    // framing and gains 1 newline, so the writing never overtakes the reading, and no Buffer is
    // allocated per chunk (Buffers are freed only when V8 collects, and a backup moves gigabytes).
    const out = data;
    let written = 0;
    let count = 0;
    need = 0;
    for (;;) {
      const left = data.length - at;
      if (left < 2) {
        need = 2;
        break;
      }
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        ended = true;
        at += 2;
        break;
      }
      if (fields !== 1) throw new CopyFormatError(`${fields} columns in a row`);
      if (left < 6) {
        need = 6;
        break;
      }
      const length = data.readInt32BE(at + 2);
      if (length < 0) throw new CopyFormatError('a null row');
      if (left < 6 + length) {
        need = 6 + length;
        break;
      }
      written += data.copy(out, written, at + 6, at + 6 + length);
      out[written++] = NEWLINE;
      count += 1;
      at += 6 + length;
    }
    // The unread rest, past everything written over.
    const rest = data.subarray(at);
    if (ended && rest.length) throw new CopyFormatError('data after the end');
    parts = rest.length ? [rest] : [];
    partsBytes = rest.length;
    if (count) yield { bytes: out.subarray(0, written), count };
  }
  if (!ended) throw new CopyFormatError('cut short');
}
