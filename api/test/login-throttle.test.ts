import { LoginThrottle } from '../src/lib/login-throttle.js';

describe('LoginThrottle', () => {
  it('blocks an e-mail after the allowed failures within the window, in any case', () => {
    const throttle = new LoginThrottle(3, 60_000);
    for (let i = 0; i < 3; i += 1) throttle.recordFailure('Ali@Example.com', 1_000 + i);
    expect(throttle.isBlocked('ali@example.com', 2_000)).toBe(true);
    expect(throttle.isBlocked('other@example.com', 2_000)).toBe(false);
  });

  it('lets the e-mail in again once the window has passed, and after a reset', () => {
    const throttle = new LoginThrottle(2, 60_000);
    throttle.recordFailure('a@example.com', 0);
    throttle.recordFailure('a@example.com', 1);
    expect(throttle.isBlocked('a@example.com', 60_001)).toBe(false);
    throttle.recordFailure('b@example.com', 0);
    throttle.recordFailure('b@example.com', 1);
    throttle.reset('b@example.com');
    expect(throttle.isBlocked('b@example.com', 2)).toBe(false);
  });

  it('forgets stale addresses instead of keeping every invented one', () => {
    const throttle = new LoginThrottle(5, 1_000);
    for (let i = 0; i < 10_000; i += 1) throttle.recordFailure(`guess${i}@example.com`, 0);
    expect(throttle.tracked).toBe(10_000);
    throttle.recordFailure('late@example.com', 5_000);
    expect(throttle.tracked).toBe(1);
  });
});
