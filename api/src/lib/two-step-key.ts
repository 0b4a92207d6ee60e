// The server's key for two-step secrets (AES-256-GCM, 32 bytes). From TOTP_KEY when configured;
// on the embedded database without it, generated once into the data directory (`totp.key`,
// readable by the server's user only), so a backup of that directory carries it. On PostgreSQL
// without TOTP_KEY there is no key: several servers would each make their own, so two-step
// sign-in cannot be set up (a clear 409) until it is configured; sign-ins are not affected.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';

export const KEY_FILE = 'totp.key';

/**
 * TOTP_KEY as 32 bytes: 64 hexadecimal digits, or base64 / base64url of 32 bytes. Anything else
 * stops the start with a message (a key that silently differs would lock every user out).
 */
export function parseTotpKey(value: string | undefined): Buffer | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  if (key?.length !== 32) {
    throw new Error(
      'TOTP_KEY must be 32 bytes written as 64 hexadecimal digits or in base64 (openssl rand -hex 32)',
    );
  }
  return key;
}

export async function resolveTotpKey(
  config: Pick<AppConfig, 'totpKey' | 'databaseUrl' | 'dataDir'>,
): Promise<Buffer | undefined> {
  if (config.totpKey) return config.totpKey;
  if (config.databaseUrl) return undefined;
  // An in-memory database lives and dies with this process: so may its key.
  if (config.dataDir.includes('://')) return randomBytes(32);
  const file = path.join(config.dataDir, KEY_FILE);
  const stored = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stored !== undefined) return parseTotpKey(stored);
  const key = randomBytes(32);
  // `wx`: never overwrite a key another start wrote meanwhile; read that one instead.
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseTotpKey(await readFile(file, 'utf8'));
  }
}
