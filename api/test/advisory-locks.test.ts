// Two features that take the same advisory lock key wait for each other without a reason.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADVISORY_LOCK_KEYS } from '../src/db/advisory-locks.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('advisory lock keys', () => {
  it('are one per purpose', () => {
    const keys = Object.values(ADVISORY_LOCK_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('are the only ones the migrations take', async () => {
    const dir = path.join(here, '..', 'src', 'db', 'migrations');
    const taken = new Set<number>();
    for (const file of await readdir(dir)) {
      const text = await readFile(path.join(dir, file), 'utf8');
      for (const [, key] of text.matchAll(/advisory_\w*lock\w*\((\d+)/g)) taken.add(Number(key));
    }
    expect([...taken]).toEqual([ADVISORY_LOCK_KEYS.rollupFold]);
  });

  it('come from the table wherever the server takes one', async () => {
    const dir = path.join(here, '..', 'src');
    const unlisted: string[] = [];
    for (const file of await readdir(dir, { recursive: true })) {
      if (!file.endsWith('.ts')) continue;
      const text = await readFile(path.join(dir, file), 'utf8');
      // Each call and what follows it up to the end of its statement (its template's backtick).
      for (const [call] of text.matchAll(/pg_\w*advisory_\w*lock\w*\([^`]{0,200}/g))
        if (!call.includes('ADVISORY_LOCK_KEYS.')) unlisted.push(`${file}: ${call}`);
    }
    expect(unlisted).toEqual([]);
  });
});
