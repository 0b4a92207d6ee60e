import { renderHook } from '@testing-library/react';
import { useIdempotencyKey } from './useIdempotencyKey';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('useIdempotencyKey', () => {
  afterEach(() => jest.restoreAllMocks());

  it('should keep the key for the same content and renew it for new content or after renew()', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor('a');
    expect(first).toMatch(UUID_V4);
    expect(result.current.keyFor('a')).toBe(first);

    const second = result.current.keyFor('b');
    expect(second).not.toBe(first);

    result.current.renew();
    expect(result.current.keyFor('b')).not.toBe(second);
  });

  it('should still make a version-4 UUID where randomUUID is missing (plain http)', () => {
    // Outside a secure context the browser has no crypto.randomUUID.
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const { result } = renderHook(() => useIdempotencyKey());
      const key = result.current.keyFor('a');
      expect(key).toMatch(UUID_V4);
      result.current.renew();
      expect(result.current.keyFor('a')).not.toBe(key);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
