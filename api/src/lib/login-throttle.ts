// Counts failed logins per e-mail in a sliding window; the per-IP limit is @fastify/rate-limit's.
// In memory on purpose: one process serves the product, and a restart forgets only attempts.
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  /** Past this many e-mails, stale ones are swept so that invented addresses cannot pile up. */
  private static readonly SWEEP_AT = 10_000;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  private recent(email: string, now: number): number[] {
    const key = email.toLowerCase();
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  isBlocked(email: string, now = Date.now()): boolean {
    return this.recent(email, now).length >= this.maxFailures;
  }

  recordFailure(email: string, now = Date.now()): void {
    if (this.failures.size >= LoginThrottle.SWEEP_AT) {
      for (const key of [...this.failures.keys()]) this.recent(key, now);
    }
    const kept = this.recent(email, now);
    kept.push(now);
    this.failures.set(email.toLowerCase(), kept);
  }

  /** How many e-mails have failures on record (for tests and metrics). */
  get tracked(): number {
    return this.failures.size;
  }

  reset(email: string): void {
    this.failures.delete(email.toLowerCase());
  }
}
