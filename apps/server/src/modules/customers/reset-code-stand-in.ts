import { OTP_RESEND_SECONDS } from '@shop/contract/customers';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from './one-time-code.ts';

/**
 * How long a stand-in's counters are kept. A real used-up code keeps saying "Too many wrong
 * attempts" until a new one is asked for, with no end: a day's window let a guess after it tell
 * the two apart. Thirty days bounds the limiter's memory; without Redis a restart forgets them,
 * while real codes are in the database (README, Security).
 */
const KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * The password-reset code an e-mail without an account "has" (DESIGN §5: no answer tells a
 * stranger which e-mails have accounts). A real account's code answers its fifth wrong guess
 * with "Too many wrong attempts", which an e-mail without a code never did: asking for a reset
 * and guessing five times told the two apart. So a reset asked for an e-mail without an account
 * starts a stand-in code that lives as a real one does — a new one at most once per resend
 * cool-down, alive for the code's ten minutes, used up by the fifth wrong guess — kept only as
 * counters in the rate limiter (shared by every instance when REDIS_URL is set). Nothing can
 * match it.
 */
export function resetCodeStandIn(limiter: RateLimiter) {
  const generationKey = (email: string) => `reset-stand-in:${email}`;
  return {
    /** A reset was asked for `email`, which has no account: a new stand-in unless one is in its cool-down. */
    async requested(email: string): Promise<void> {
      if ((await limiter.increment(`reset-stand-in-issued:${email}`, OTP_RESEND_SECONDS * 1000)) !== 1)
        return;
      const generation = await limiter.increment(generationKey(email), KEEP_MS);
      await limiter.increment(`reset-stand-in-live:${email}:${generation}`, OTP_TTL_MINUTES * 60_000);
    },

    /** A guess at `email`'s code (always wrong): whether a real code would now be used up. */
    async guessed(email: string): Promise<'invalid' | 'used-up'> {
      const generation = await limiter.peek(generationKey(email));
      // Never asked for: like an account without a code, every guess is merely invalid.
      if (generation === 0) return 'invalid';
      const attemptsKey = `reset-stand-in-attempts:${email}:${generation}`;
      const attempts = await limiter.peek(attemptsKey);
      if (attempts >= OTP_MAX_ATTEMPTS) return 'used-up';
      // An expired code counts no more guesses.
      if ((await limiter.peek(`reset-stand-in-live:${email}:${generation}`)) === 0) return 'invalid';
      return (await limiter.increment(attemptsKey, KEEP_MS)) >= OTP_MAX_ATTEMPTS ? 'used-up' : 'invalid';
    },
  };
}
