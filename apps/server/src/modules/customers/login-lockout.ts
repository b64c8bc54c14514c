import type { RateLimiter } from '../../plugins/rate-limiter.ts';

/**
 * The per-account login limit, beside the per-address ones: 10 failed logins of one e-mail
 * within 15 minutes lock that e-mail for 15 minutes, whatever addresses the attempts came from.
 * Unknown e-mails are counted and locked the same way, so the lock tells nobody whether an
 * account exists. The counters live where the other rate limits live (in memory, or in Redis
 * with REDIS_URL, shared by every instance); a client can neither see nor reset them.
 */
export const LOGIN_LOCKOUT = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
} as const;

const failuresKey = (email: string) => `login-failures:email:${email}`;
const lockKey = (email: string) => `login-lock:email:${email}`;

export async function isLoginLocked(limiter: RateLimiter, email: string): Promise<boolean> {
  return (await limiter.peek(lockKey(email))) > 0;
}

/** Counts a failed login of `email`; the failure that reaches the maximum starts the lock. */
export async function recordLoginFailure(limiter: RateLimiter, email: string): Promise<void> {
  const failures = await limiter.increment(failuresKey(email), LOGIN_LOCKOUT.windowMs);
  if (failures >= LOGIN_LOCKOUT.maxFailures) await limiter.increment(lockKey(email), LOGIN_LOCKOUT.lockMs);
}
