// The signature of a backup file (docs/decisions/012-backup-format.md, format version 2): an
// HMAC-SHA256 of the manifest line under a server key, in a last line of its own. The manifest
// holds the SHA-256 of every line before it and each table's checksum, and the reader checks
// those against the bytes it read, so a signature over the manifest line covers the whole file:
// anyone can recompute checksums, only the key's holder can sign them.
//
// The key is derived (HKDF-SHA256) from the two-step key, TOTP_KEY or DATA_DIR/totp.key
// (lib/two-step-key.ts): a restored server needs that key anyway for its users' two-step
// secrets, so one key travels, and HKDF with its own label makes a key that tells nothing about
// the two-step one (nor the reverse).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { KEY_FILE, parseTotpKey } from '../lib/two-step-key.js';

export const SIGNATURE_ALGORITHM = 'hmac-sha256';
const SIGNING_LABEL = 'office-finance backup signature';
const KEY_ID_LABEL = 'office-finance backup key id';

/** The signature line that follows the manifest. */
export interface SignatureLine {
  algorithm: typeof SIGNATURE_ALGORITHM;
  /** The signing key's id (as the header's `signedWith`). */
  key: string;
  /** HMAC-SHA256 of the manifest line's bytes (its newline included), hexadecimal. */
  mac: string;
}

/**
 * What the reader found: `valid` only when the file was signed with this key and not changed
 * since. The others name why not, for a message.
 */
export type SignatureCheck =
  | { status: 'valid'; key: string }
  /** Taken without a key, or by a version before signatures (format 1). */
  | { status: 'unsigned' }
  /** Signed, but no key was given to check it. */
  | { status: 'no key'; key: string }
  /** Signed with another key than the one given. */
  | { status: 'other key'; key: string; expected: string }
  /** The signature is missing or does not match: changed after it was signed. */
  | { status: 'mismatch'; key: string };

/** The backup signing key from the two-step key. */
export function backupSigningKey(twoStepKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', twoStepKey, Buffer.alloc(0), SIGNING_LABEL, 32));
}

/** A short public name of a signing key: tells keys apart, reveals nothing of them. */
export function signingKeyId(key: Uint8Array): string {
  return createHmac('sha256', key).update(KEY_ID_LABEL).digest('hex').slice(0, 16);
}

export function signManifestLine(key: Uint8Array, manifestLine: Buffer): SignatureLine {
  return {
    algorithm: SIGNATURE_ALGORITHM,
    key: signingKeyId(key),
    mac: createHmac('sha256', key).update(manifestLine).digest('hex'),
  };
}

/** Checks the signature line (if any) of a file whose header names `signedWith`. */
export function checkSignature(
  signedWith: string | null,
  key: Uint8Array | undefined,
  manifestLine: Buffer,
  signature: unknown,
): SignatureCheck {
  if (signedWith === null) return { status: 'unsigned' };
  if (!key) return { status: 'no key', key: signedWith };
  const expected = signingKeyId(key);
  if (signedWith !== expected) return { status: 'other key', key: signedWith, expected };
  const line = signature as Partial<SignatureLine> | undefined;
  if (
    line?.algorithm !== SIGNATURE_ALGORITHM ||
    line.key !== signedWith ||
    typeof line.mac !== 'string' ||
    !/^[0-9a-f]{64}$/.test(line.mac)
  ) {
    return { status: 'mismatch', key: signedWith };
  }
  const mac = createHmac('sha256', key).update(manifestLine).digest();
  return timingSafeEqual(mac, Buffer.from(line.mac, 'hex'))
    ? { status: 'valid', key: signedWith }
    : { status: 'mismatch', key: signedWith };
}

/**
 * The key `npm run restore` checks signatures with, without ever making one: TOTP_KEY, else the
 * `totp.key` of DATA_DIR when there is one (also with DATABASE_URL set: moving from the embedded
 * database to PostgreSQL, the old data directory holds it). Undefined: no key here.
 */
export async function restoreSigningKey(
  config: Pick<AppConfig, 'totpKey' | 'dataDir'>,
): Promise<{ key: Buffer; from: string } | undefined> {
  if (config.totpKey) return { key: backupSigningKey(config.totpKey), from: 'TOTP_KEY' };
  if (!config.dataDir || config.dataDir.includes('://')) return undefined;
  const file = path.resolve(config.dataDir, KEY_FILE);
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const twoStepKey = parseTotpKey(stored);
  return twoStepKey ? { key: backupSigningKey(twoStepKey), from: file } : undefined;
}
