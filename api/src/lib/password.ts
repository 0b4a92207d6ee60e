// Password hashes. New hashes are argon2id (OWASP's parameters by default) in the standard PHC
// string `$argon2id$v=19$m=...,t=...,p=...$salt$hash`, which carries its own cost. Hashes of the
// first release, scrypt$N$r$p$salt$hash (base64url), still verify; `needsRehash` tells the
// sign-in to replace them (and argon2id hashes of another cost) once the password is known.
//
// A password is hashed and verified in Unicode normalisation form NFKC (NIST SP 800-63B), so that
// the same password typed on another keyboard or input method (a full-width letter, a ligature,
// a decomposed accent) signs in. Hashes made before were of the NFC form: when the NFKC form
// does not verify and the NFC form differs, that one is tried too, and a match asks for a new hash.
import { scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import type { Argon2Cost } from '../config.js';

// @node-rs/argon2's `Algorithm` is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;
const ARGON2_PREFIX = '$argon2id$';

/** The form of a password that is hashed and compared (NFKC). */
export const normalizePassword = (password: string): string => password.normalize('NFKC');

export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  return argon2Hash(normalizePassword(password), {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKib,
    timeCost: cost.iterations,
    parallelism: cost.parallelism,
  });
}

function verifyForm(text: string, stored: string): Promise<boolean> {
  if (stored.startsWith(ARGON2_PREFIX)) {
    // A malformed stored string is a failed sign-in, not an error.
    return argon2Verify(stored, text).catch(() => false);
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(text, stored);
  return Promise.resolve(false);
}

/**
 * How `password` matches `stored`: 'current' (its NFKC form), 'legacy' (the NFC form hashes were
 * made of before; the caller should store a new hash), or false. Whether the second form is tried
 * depends on the password alone, so an unknown account's decoy costs the same.
 */
export async function matchPassword(
  password: string,
  stored: string,
): Promise<'current' | 'legacy' | false> {
  if (await verifyForm(normalizePassword(password), stored)) return 'current';
  const legacy = password.normalize('NFC');
  if (legacy !== normalizePassword(password) && (await verifyForm(legacy, stored))) return 'legacy';
  return false;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await matchPassword(password, stored)) !== false;
}

/** True when `stored` is not argon2id at exactly `cost`: the next sign-in stores a new hash. */
export function needsRehash(stored: string, cost: Argon2Cost): boolean {
  const params = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  return (
    !params ||
    Number(params[1]) !== cost.memoryKib ||
    Number(params[2]) !== cost.iterations ||
    Number(params[3]) !== cost.parallelism
  );
}

// --- the first release's scrypt hashes (verify only) -------------------------------------------

function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, N, r, p, salt, hash] = stored.split('$');
  if (!salt || !hash) return Promise.resolve(false);
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return Promise.resolve(false);
  const options: ScryptOptions = { N: Number(N), r: Number(r), p: Number(p) };
  options.maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
  return new Promise((resolve) => {
    scryptCb(password, Buffer.from(salt, 'base64url'), expected.length, options, (error, key) =>
      resolve(!error && key.length === expected.length && timingSafeEqual(key, expected)),
    );
  });
}
