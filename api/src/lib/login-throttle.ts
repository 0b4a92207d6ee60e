// Password guessing is throttled without handing a stranger the power to lock the owner out:
// - failures for one e-mail from one address: after `maxFailures` in the window that address
//   gets 429 for this e-mail until the window ends (the owner, elsewhere, is not affected);
// - failures for one e-mail from every address together only slow it down: past `maxFailures`
//   each attempt waits before the password is checked, doubling up to `maxDelayMs`, and the
//   right password still signs in;
// - every address is limited in attempts per minute by the route's rate limit.
// The counts live in PostgreSQL (RateCounters), so every server process sees the same ones.
import { setTimeout as sleep } from 'node:timers/promises';
import { apiMessages } from 'contract';
import type { RateCounters } from '../repositories/rate-counters.js';
import { HttpError } from './errors.js';

export interface LoginThrottlePolicy {
  maxFailures: number;
  windowMs: number;
  maxDelayMs: number;
}

/** The first delay once an e-mail has `maxFailures` failures; each further failure doubles it. */
export const FIRST_DELAY_MS = 250;

/** How long an attempt for an e-mail with this many recent failures waits. */
export function emailDelayMs(failures: number, policy: LoginThrottlePolicy): number {
  if (failures < policy.maxFailures) return 0;
  const exponent = Math.min(failures - policy.maxFailures, 30);
  return Math.min(policy.maxDelayMs, FIRST_DELAY_MS * 2 ** exponent);
}

export class LoginThrottle {
  constructor(
    private readonly counters: RateCounters,
    private readonly policy: LoginThrottlePolicy,
  ) {}

  private keys(email: string, address: string) {
    const normalised = email.trim().toLowerCase();
    return {
      pair: `login failures\n${normalised}\n${address}`,
      email: `login failures\n${normalised}`,
    };
  }

  /** Before the password is checked: 429 for a spent pair, else the e-mail's delay. */
  async admit(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    const [pair, all] = await this.counters.read([keys.pair, keys.email]);
    if (pair && pair.hits >= this.policy.maxFailures) {
      throw new HttpError(429, apiMessages.tooManyAttempts);
    }
    const delay = emailDelayMs(all?.hits ?? 0, this.policy);
    if (delay > 0) await sleep(delay);
  }

  async failed(email: string, address: string): Promise<void> {
    const keys = this.keys(email, address);
    await Promise.all([
      this.counters.hit(keys.pair, this.policy.windowMs),
      this.counters.hit(keys.email, this.policy.windowMs),
    ]);
  }

  /** The right password forgives this address its failures for the e-mail. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.counters.clear(this.keys(email, address).pair);
  }
}
