// Password guessing is throttled without handing a stranger the power to lock the owner out:
// - attempts at one e-mail from one address: after `maxFailures` without a success in the
//   window that address gets 429 for this e-mail until the window ends (the owner, elsewhere,
//   is not affected);
// - failures for one e-mail from every address together only slow it down: past `maxFailures`
//   each attempt waits before the password is checked, doubling up to `maxDelayMs`, and the
//   right password still signs in;
// - every address is limited in attempts per minute by the route's rate limit.
// The codes of two-step sign-in are throttled by the same rule in a scope of their own, counted
// per user instead of per e-mail (see routes/users/two-step.ts).
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

const normalised = (email: string) => email.trim().toLowerCase();

export class LoginThrottle {
  /** `scope` names what is guessed at: `login` (passwords, per e-mail) or another kind. */
  constructor(
    private readonly counters: RateCounters,
    private readonly policy: LoginThrottlePolicy,
    private readonly scope = 'login',
  ) {}

  private pairKey(email: string, address: string): string {
    return `${this.scope} attempts\n${normalised(email)}\n${address}`;
  }

  private emailKey(email: string): string {
    return `${this.scope} failures\n${normalised(email)}`;
  }

  /**
   * Before the password is checked: counts the attempt against this address and e-mail
   * (at once, so that guesses sent in parallel cannot slip past), answers 429 once the pair
   * is spent, and otherwise waits the e-mail's delay.
   */
  async admit(email: string, address: string): Promise<void> {
    const pair = await this.counters.hit(this.pairKey(email, address), this.policy.windowMs);
    if (pair.hits > this.policy.maxFailures) {
      throw new HttpError(429, apiMessages.tooManyAttempts);
    }
    const [all] = await this.counters.read([this.emailKey(email)]);
    const delay = emailDelayMs(all?.hits ?? 0, this.policy);
    if (delay > 0) await sleep(delay);
  }

  async failed(email: string): Promise<void> {
    await this.counters.hit(this.emailKey(email), this.policy.windowMs);
  }

  /** The right password forgives this address its attempts at the e-mail. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.counters.clear(this.pairKey(email, address));
  }
}
