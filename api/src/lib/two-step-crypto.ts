// The cryptography of two-step sign-in: TOTP codes (RFC 6238 through otplib: SHA-1, 6 digits,
// 30-second steps, as every authenticator app takes them), the secret sealed with AES-256-GCM
// under the server's key (TOTP_KEY), and recovery codes with their digests.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Office Finance';

const totp = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });

/** A new random secret, Base32 (160 bits, RFC 4226's recommendation). */
export const newTotpSecret = (): string => totp.generateSecret();

export const otpauthUri = (secret: string, email: string): string =>
  totp.toURI({ secret, label: email, issuer: TOTP_ISSUER });

/**
 * The QR code of an otpauth URI as an SVG image data URL (shown by the Account screen). Its
 * encoder (56 CommonJS modules with its PNG writer) is loaded when a user first sets two-step
 * sign-in up, not with the server.
 */
export async function qrDataUrl(uri: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A code of the app looks like six digits; anything else may be a recovery code. */
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * The time step whose code `code` is, within one step either side of now (a phone's clock a
 * little off, a code typed as it changed), or undefined when it is none of them.
 */
export async function totpStep(secret: string, code: string): Promise<number | undefined> {
  const result = await totp.verify(code.replace(/\s/g, ''), { secret, epochTolerance: 30 });
  return result.valid ? result.timeStep : undefined;
}

// --- the secret at rest ---------------------------------------------------------------------

const SEALED_VERSION = 'v1';
const aad = (userId: number) => Buffer.from(`two-step secret of user ${userId}`);

/**
 * The secret encrypted with AES-256-GCM. The user's id is authenticated with it, so a sealed
 * secret copied onto another user's row does not open.
 */
export function sealSecret(key: Buffer, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(userId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when it does not open with this key (another key, a changed row). */
export function openSecret(key: Buffer, userId: number, sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== SEALED_VERSION || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return undefined;
  }
}

// --- recovery codes ---------------------------------------------------------------------------

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied from paper is read back without doubt.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet, about 50 bits each. */
export function newRecoveryCodes(): string[] {
  const one = () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
      .join('')
      .replace(/^(.{5})/, '$1-');
  return Array.from({ length: RECOVERY_CODE_COUNT }, one);
}

/**
 * The stored digest of a recovery code, as typed in any case, with or without the dash or
 * spaces. The codes are random enough that a plain SHA-256 is not worth guessing backwards.
 */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
