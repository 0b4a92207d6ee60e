// The files of a build: their hash (a version's name), their release record, and the
// precompressed copies that no longer match them.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** Every file below `dir`, as a relative `/`-separated path, each folder's entries by name. */
function* filesUnder(dir: string, relative = ''): Generator<string> {
  const entries = readdirSync(path.join(dir, relative), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(dir, child);
    else if (entry.isFile()) yield child;
  }
}

/** The first 12 hex digits of a SHA-256 over every file's relative path and bytes. */
export function hashFolder(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** `sha384-<base64>` of some bytes: the form of an `integrity` attribute. */
export const sri = (data: Buffer | string): string =>
  `sha384-${createHash('sha384').update(data).digest('base64')}`;

/** What the browser checks: every JavaScript file and the manifest. */
const RECORDED_FILE = /(\.js|\.css|^mf-manifest\.json)$/;

/**
 * The release record of a build's files: the SHA-384 of every JavaScript file (entry, chunks,
 * the federation runtime), of every stylesheet and of its manifest, by relative path.
 */
export function recordFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of filesUnder(dir)) {
    if (RECORDED_FILE.test(path.posix.basename(file))) {
      files[file] = sri(readFileSync(path.join(dir, file)));
    }
  }
  return files;
}

const DECOMPRESS: Record<string, (data: Buffer) => Buffer> = {
  '.br': brotliDecompressSync,
  '.gz': gunzipSync,
};

/**
 * Removes every precompressed copy (`X.br`, `X.gz`) in `dir` that does not decompress to exactly
 * its file `X`, or whose file is missing. The server sends such copies as they are
 * (`preCompressed` in web/static.ts): a build whose files were changed after it wrote its copies
 * would otherwise serve the old bytes. Without a copy, the file is compressed on the fly.
 * Answers the removed copies' paths, relative to `dir`.
 */
export function dropStaleCompressedCopies(dir: string): string[] {
  const dropped: string[] = [];
  for (const file of [...filesUnder(dir)]) {
    const extension = path.extname(file);
    const decompress = DECOMPRESS[extension];
    if (!decompress) continue;
    const copy = path.join(dir, file);
    let matches = false;
    try {
      matches = decompress(readFileSync(copy)).equals(
        readFileSync(copy.slice(0, -extension.length)),
      );
    } catch {
      matches = false;
    }
    if (!matches) {
      rmSync(copy);
      dropped.push(file);
    }
  }
  return dropped.sort();
}
