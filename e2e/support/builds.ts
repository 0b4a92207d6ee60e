// Copies of a remote's build changed as a new build would be: the standalone page's `main.js` (and
// a `remoteEntry.js` built with CHUNK_INTEGRITY_IN_ENTRY=1) carries the SHA-384 of each of its
// chunks (webpack/chunk-integrity-plugin.mjs), so after changing a chunk that table is written
// again. A deployed copy gets its chunk table from its release record, made by the deploy.
// (A chunk changed after its deploy is what the browser refuses.)
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const sha384 = (data: Buffer | string) =>
  `sha384-${createHash('sha384').update(data).digest('base64')}`;

/** Writes each chunk's current hash into the entry files' tables, and drops stale compressed copies. */
export function rehash(dir: string): void {
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  for (const carrier of ['remoteEntry.js', 'main.js']) {
    const file = path.join(dir, carrier);
    if (!existsSync(file)) continue;
    let source = readFileSync(file, 'utf8');
    for (const name of files) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      source = source.replace(
        new RegExp(`"${escaped}":"sha384-[A-Za-z0-9+/=]+"`),
        `"${name}":"${sha384(readFileSync(path.join(dir, name)))}"`,
      );
    }
    writeFileSync(file, source);
  }
  for (const name of readdirSync(dir)) {
    if (/\.(br|gz)$/.test(name)) rmSync(path.join(dir, name));
  }
}

/**
 * A copy of `dist` in `into` with `from` replaced by `to` in every JavaScript file (at least one
 * must hold it), rehashed as a build would be.
 */
export function changedBuild(dist: string, into: string, from: string, to: string): string {
  cpSync(dist, into, { recursive: true });
  let changed = 0;
  for (const file of readdirSync(into).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(path.join(into, file), 'utf8');
    if (!source.includes(from)) continue;
    writeFileSync(path.join(into, file), source.replaceAll(from, to));
    changed += 1;
  }
  if (changed === 0) throw new Error(`no file of ${dist} holds ${from}`);
  rehash(into);
  return into;
}
