// A @fastify/rate-limit store on the PostgreSQL counters, so that a per-address limit holds
// across every server process on the database instead of per process.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateCounters } from '../repositories/rate-counters.js';

export function sharedRateLimitStore(counters: RateCounters): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly scope = 'rate limit',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(`${this.scope}\n${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    /** Each route with its own limit counts apart from the others. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore(
        undefined,
        `rate limit ${String(route?.method)} ${String(route?.url)}`,
      );
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
