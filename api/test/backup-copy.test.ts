// The reader of PostgreSQL's binary COPY output that a backup on PostgreSQL takes its rows from
// (src/backup/copy-binary.ts): whatever way the bytes are cut into chunks, the same lines come
// out; output that is not a whole COPY of one non-null column is refused.
import { copyLines } from '../src/backup/copy-binary.js';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Binary COPY output of one text column holding `rows`, as PostgreSQL writes it. */
function copyOutput(rows: string[], extension = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(0, 0);
  head.writeUInt32BE(extension.length, 4);
  const tuples = rows.map((row) => {
    const value = Buffer.from(row, 'utf8');
    const frame = Buffer.alloc(6);
    frame.writeInt16BE(1, 0);
    frame.writeInt32BE(value.length, 2);
    return Buffer.concat([frame, value]);
  });
  return Buffer.concat([SIGNATURE, head, extension, ...tuples, Buffer.from([0xff, 0xff])]);
}

/** The bytes in chunks of `size` (each a copy, as the socket would hand them over). */
function* chunked(bytes: Buffer, size: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) {
    yield Buffer.from(bytes.subarray(at, at + size));
  }
}

async function read(chunks: Iterable<Buffer>): Promise<{ text: string; count: number }> {
  const out: Buffer[] = [];
  let count = 0;
  for await (const lines of copyLines(
    (async function* () {
      yield* chunks;
    })(),
  )) {
    out.push(Buffer.from(lines.bytes));
    count += lines.count;
  }
  return { text: Buffer.concat(out).toString('utf8'), count };
}

const ROWS = [
  '["1","Ada","ada@example.com",null]',
  '["2","Zoë \\"Z\\" Ångström","z@example.com","a\\\\b"]',
  '["3","' + 'x'.repeat(70_000) + '"]',
  '[]',
  '["4","€ and 日本"]',
];
const EXPECTED = ROWS.map((row) => row + '\n').join('');

test('gives every row as a line, however the output is cut into chunks', async () => {
  const bytes = copyOutput(ROWS);
  for (const size of [1, 2, 5, 7, 19, 64, 1000, 65_536, bytes.length]) {
    expect(await read(chunked(bytes, size))).toEqual({ text: EXPECTED, count: ROWS.length });
  }
});

test('skips a header extension and reads a table without rows', async () => {
  expect(await read([copyOutput(ROWS.slice(0, 2), Buffer.from('ext'))])).toEqual({
    text: ROWS.slice(0, 2).join('\n') + '\n',
    count: 2,
  });
  expect(await read(chunked(copyOutput([]), 3))).toEqual({ text: '', count: 0 });
});

test('refuses output that is cut short, foreign, or not one non-null column', async () => {
  // Each call gets its own copy: the reader writes its lines over the chunks it is given.
  const bytes = () => copyOutput(ROWS);
  await expect(read([bytes().subarray(0, bytes().length - 2)])).rejects.toThrow('cut short');
  await expect(read([bytes().subarray(0, 40)])).rejects.toThrow('cut short');
  await expect(read([Buffer.from('1\tAda\tada@example.com\n\\.\n')])).rejects.toThrow('signature');
  await expect(read([Buffer.concat([bytes(), Buffer.from([0])])])).rejects.toThrow('after the end');

  const twoColumns = Buffer.from(copyOutput(['["1"]']));
  twoColumns.writeInt16BE(2, SIGNATURE.length + 8);
  await expect(read([twoColumns])).rejects.toThrow('2 columns');
  const nullRow = Buffer.from(copyOutput(['["1"]']));
  nullRow.writeInt32BE(-1, SIGNATURE.length + 10);
  await expect(read([nullRow])).rejects.toThrow('a null row');
});
