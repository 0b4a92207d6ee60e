// One Idempotency-Key per submission: a retry of the same content (after a failure or a lost
// response) reuses the key, so the server records the entry at most once; changed content or a
// success starts a new key, so a second, deliberate entry is never mistaken for a repeat.
import { useCallback, useRef } from 'react';

function newKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); an office server reached over
  // plain http by its LAN address is not one, while getRandomValues works everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKey {
  /** The key for this content: the previous one if the content is unchanged, else a new one. */
  keyFor: (content: string) => string;
  /** Forgets the key (after a success), so the next submission gets a new one. */
  renew: () => void;
}

export function useIdempotencyKey(): IdempotencyKey {
  const current = useRef<{ content: string; key: string } | null>(null);
  const keyFor = useCallback((content: string) => {
    if (current.current?.content !== content) current.current = { content, key: newKey() };
    return current.current.key;
  }, []);
  const renew = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, renew };
}
