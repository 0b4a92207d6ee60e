// Optional encryption of a backup file (BACKUP_PASSPHRASE): AES-256-GCM over chunks of the
// compressed stream, each chunk with its own nonce and tag and bound to its position and to
// whether it is the last, so a reordered, altered or cut-short file fails to decrypt. The key
// comes from the passphrase through scrypt (memory-hard) with a random salt kept in the file's
// header. Layout: docs/decisions/012-backup-format.md.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupRefused } from './errors.js';
import { backupMessages } from 'contract';

export const ENCRYPTED_MAGIC = Buffer.from('OFBKENC1');
const CHUNK = 64 * 1024;
const NONCE = 12;
const TAG = 16;
const FRAME_HEAD = 1 + 4; // final flag, ciphertext length

export interface KdfParams {
  N: number;
  r: number;
  p: number;
}
/** scrypt at 128 MiB (OWASP's N=2^17, r=8, p=1): about a third of a second per backup. */
export const DEFAULT_KDF: KdfParams = { N: 2 ** 17, r: 8, p: 1 };

interface Header extends KdfParams {
  cipher: 'aes-256-gcm';
  kdf: 'scrypt';
  salt: string;
  chunk: number;
  /** Tells a wrong passphrase from a damaged file before any chunk is tried. */
  check: string;
}

interface Keys {
  encryption: Buffer;
  check: Buffer;
}

function deriveKeys(passphrase: string, salt: Buffer, params: KdfParams): Promise<Keys> {
  return new Promise((resolve, reject) =>
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      64,
      { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) =>
        error
          ? reject(error)
          : resolve({ encryption: key.subarray(0, 32), check: key.subarray(32) }),
    ),
  );
}

const checkValue = (keys: Keys) =>
  createHmac('sha256', keys.check)
    .update('office-finance backup passphrase')
    .digest()
    .subarray(0, 16);

function aad(headerHash: Buffer, index: number, final: boolean): Buffer {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index));
  tail[8] = final ? 1 : 0;
  return Buffer.concat([headerHash, tail]);
}

/** A stream that encrypts what is written to it into the encrypted file layout. */
export async function encryptStream(
  passphrase: string,
  kdf: KdfParams = DEFAULT_KDF,
): Promise<Transform> {
  const salt = randomBytes(16);
  const keys = await deriveKeys(passphrase, salt, kdf);
  const header: Header = {
    cipher: 'aes-256-gcm',
    kdf: 'scrypt',
    ...kdf,
    salt: salt.toString('base64'),
    chunk: CHUNK,
    check: checkValue(keys).toString('base64'),
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const headerHash = createHash('sha256').update(headerBytes).digest();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  const frame = (plain: Buffer, final: boolean): Buffer => {
    const nonce = randomBytes(NONCE);
    const cipher = createCipheriv('aes-256-gcm', keys.encryption, nonce);
    cipher.setAAD(aad(headerHash, index, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    index += 1;
    const head = Buffer.alloc(FRAME_HEAD);
    head[0] = final ? 1 : 0;
    head.writeUInt32BE(body.length, 1);
    return Buffer.concat([head, nonce, body, cipher.getAuthTag()]);
  };
  let started = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        started = true;
        this.push(Buffer.concat([ENCRYPTED_MAGIC, length, headerBytes]));
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= CHUNK) {
        let all = Buffer.concat(pending);
        while (all.length >= CHUNK) {
          this.push(frame(all.subarray(0, CHUNK), false));
          all = all.subarray(CHUNK);
        }
        pending = [all];
        pendingBytes = all.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(Buffer.concat([ENCRYPTED_MAGIC, length, headerBytes]));
      this.push(frame(Buffer.concat(pending), true));
      done();
    },
  });
}

const altered = () => new BackupRefused(backupMessages.altered);
const truncated = () => new BackupRefused(backupMessages.truncated);

function parseHeader(bytes: Buffer): Header {
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8')) as Header;
  } catch {
    throw altered();
  }
  const { N, r, p, chunk } = header;
  const sane =
    header.cipher === 'aes-256-gcm' &&
    header.kdf === 'scrypt' &&
    Number.isInteger(N) &&
    N >= 2 ** 10 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    chunk === CHUNK &&
    typeof header.salt === 'string' &&
    typeof header.check === 'string';
  if (!sane) throw altered();
  return header;
}

/**
 * A stream that decrypts the encrypted layout (magic included). It fails with a clear refusal
 * on a wrong passphrase, an altered frame, a missing last frame, or bytes after it.
 */
export function decryptStream(passphrase: string | undefined): Transform {
  let buffer: Buffer = Buffer.alloc(0);
  let keys: Keys | undefined;
  let headerHash: Buffer | undefined;
  let index = 0;
  let ended = false;
  const step = async (push: (b: Buffer) => void): Promise<void> => {
    if (!keys) {
      const start = ENCRYPTED_MAGIC.length + 4;
      if (buffer.length < start) return;
      const size = buffer.readUInt32BE(ENCRYPTED_MAGIC.length);
      if (size > 4096) throw altered();
      if (buffer.length < start + size) return;
      const headerBytes = buffer.subarray(start, start + size);
      const header = parseHeader(headerBytes);
      if (passphrase === undefined || passphrase === '') {
        throw new BackupRefused(backupMessages.encryptedNeedsPassphrase);
      }
      const derived = await deriveKeys(passphrase, Buffer.from(header.salt, 'base64'), header);
      const expected = Buffer.from(header.check, 'base64');
      const actual = checkValue(derived);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        throw new BackupRefused(backupMessages.wrongPassphrase);
      }
      keys = derived;
      headerHash = createHash('sha256').update(headerBytes).digest();
      buffer = buffer.subarray(start + size);
    }
    for (;;) {
      if (buffer.length === 0) return;
      if (ended) throw altered();
      if (buffer.length < FRAME_HEAD) return;
      const flag = buffer[0];
      const size = buffer.readUInt32BE(1);
      if ((flag !== 0 && flag !== 1) || size > CHUNK) throw altered();
      const total = FRAME_HEAD + NONCE + size + TAG;
      if (buffer.length < total) return;
      const nonce = buffer.subarray(FRAME_HEAD, FRAME_HEAD + NONCE);
      const body = buffer.subarray(FRAME_HEAD + NONCE, FRAME_HEAD + NONCE + size);
      const tag = buffer.subarray(total - TAG, total);
      const decipher = createDecipheriv('aes-256-gcm', keys.encryption, nonce);
      decipher.setAAD(aad(headerHash!, index, flag === 1));
      decipher.setAuthTag(tag);
      let plain: Buffer;
      try {
        plain = Buffer.concat([decipher.update(body), decipher.final()]);
      } catch {
        throw altered();
      }
      index += 1;
      ended = flag === 1;
      buffer = buffer.subarray(total);
      if (plain.length) push(plain);
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      step((b) => this.push(b)).then(() => done(), done);
    },
    flush(done: TransformCallback) {
      if (!keys) return done(truncated());
      if (buffer.length) return done(ended ? altered() : truncated());
      done(ended ? undefined : truncated());
    },
  });
}
