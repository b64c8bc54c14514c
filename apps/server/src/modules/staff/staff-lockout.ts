import type { DbOrTx } from '@shop/db/client';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { lockStaff, recordFailedLogin, type StaffRow } from './staff.repository.ts';

/**
 * The per-account sign-in limit of the back office, the same rule as the customers' (10 failed
 * sign-ins of one e-mail within 15 minutes lock it for 15 minutes, whatever addresses they came
 * from). A wrong second-factor code counts as a failure too, so a stolen password does not buy
 * unlimited guesses at the code. An account's counters live on its row (every instance sees them,
 * and the owner's list shows the lock); an e-mail without an account is counted in the rate
 * limiter instead, and locked the same way, so the answer never tells whether an account exists.
 */
export const STAFF_LOCKOUT = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export function isAccountLocked(account: Pick<StaffRow, 'lockedUntil'>, now: Date): boolean {
  return account.lockedUntil !== null && account.lockedUntil > now;
}

/** A refused sign-in step of a known account, as the audit log records it. */
export interface FailedSignIn {
  /** Which step refused it: the password, or the second factor's code. */
  step: 'password' | 'code';
  ip: string;
  userAgent: string;
}

/**
 * Counts a failed sign-in of an account and records it in the audit log (in a transaction of its
 * own, so both survive the refusal): the owner sees who tried which account from where, and when
 * the account was locked. The row's staff is the account tried, not necessarily who tried it.
 */
export async function countAccountFailure(
  db: DbOrTx,
  staffId: number,
  now: Date,
  attempt: FailedSignIn,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockStaff(tx, staffId);
    if (!row) return;
    const windowOpen =
      row.failedLoginsSince !== null &&
      now.getTime() - row.failedLoginsSince.getTime() < STAFF_LOCKOUT.windowMs;
    const failures = windowOpen ? row.failedLogins + 1 : 1;
    const reached = failures >= STAFF_LOCKOUT.maxFailures;
    await recordFailedLogin(tx, staffId, {
      failedLogins: reached ? 0 : failures,
      failedLoginsSince: reached ? now : windowOpen && row.failedLoginsSince ? row.failedLoginsSince : now,
      lockedUntil: reached ? new Date(now.getTime() + STAFF_LOCKOUT.lockMs) : row.lockedUntil,
    });
    await recordAudit(tx, {
      staffId,
      action: 'session.sign_in_failed',
      entity: 'staff',
      entityId: staffId,
      after: { step: attempt.step, locked: reached, user_agent: attempt.userAgent.slice(0, 300) },
      ip: attempt.ip,
    });
  });
}

const failuresKey = (email: string) => `staff-login-failures:email:${email}`;
const lockKey = (email: string) => `staff-login-lock:email:${email}`;

export async function isUnknownEmailLocked(limiter: RateLimiter, email: string): Promise<boolean> {
  return (await limiter.peek(lockKey(email))) > 0;
}

export async function countUnknownEmailFailure(limiter: RateLimiter, email: string): Promise<void> {
  const failures = await limiter.increment(failuresKey(email), STAFF_LOCKOUT.windowMs);
  if (failures >= STAFF_LOCKOUT.maxFailures) await limiter.increment(lockKey(email), STAFF_LOCKOUT.lockMs);
}
