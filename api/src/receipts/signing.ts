// Signed, short-lived addresses of receipt files. An <img> or <iframe> cannot send the bearer
// token, so the address itself proves the session: an HMAC keyed by the session's stored token
// hash over the receipt, the session and the expiry. It stops working when the session ends (a
// sign-out, an idle timeout), when it expires, and for any other receipt.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { queryString, type ReceiptFileQuery } from 'contract';

/** How long an address is valid. */
export const LINK_SECONDS = 15 * 60;

export interface Signer {
  sessionId: number;
  tokenHash: string;
}

const mac = (
  key: string,
  receiptId: number,
  sessionId: number,
  expires: number,
  download: boolean,
) =>
  createHmac('sha256', key)
    .update(`receipt:${receiptId}:${sessionId}:${expires}:${download ? 1 : 0}`)
    .digest('hex');

/** The address (below the site root) of a receipt's file, inline or as a download. */
export function signedUrl(
  signer: Signer,
  receiptId: number,
  download: boolean,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + LINK_SECONDS;
  const query: ReceiptFileQuery = {
    session: signer.sessionId,
    expires,
    sig: mac(signer.tokenHash, receiptId, signer.sessionId, expires, download),
    ...(download ? { download: '1' as const } : {}),
  };
  return `/api/receipts/${receiptId}/file${queryString(query)}`;
}

/** Whether the query was signed for this receipt with this session's key and is still valid. */
export function validSignature(
  tokenHash: string,
  receiptId: number,
  query: ReceiptFileQuery,
  now = Date.now(),
): boolean {
  if (query.expires * 1000 <= now) return false;
  const expected = Buffer.from(
    mac(tokenHash, receiptId, query.session, query.expires, query.download === '1'),
    'hex',
  );
  const given = Buffer.from(query.sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
