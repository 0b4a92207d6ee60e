// Counts failed logins per e-mail in a sliding window; the per-IP limit is @fastify/rate-limit's.
// In memory on purpose: one process serves the product, and a restart forgets only attempts.
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

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
    const kept = this.recent(email, now);
    kept.push(now);
    this.failures.set(email.toLowerCase(), kept);
  }

  reset(email: string): void {
    this.failures.delete(email.toLowerCase());
  }
}
