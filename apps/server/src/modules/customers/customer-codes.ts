/**
 * The one-time codes of customer accounts, shared by sign-up (verification codes) and password
 * reset (reset codes): issuing one under the resend cool-down and the daily cap, and checking a
 * typed one with its try budget. Also the account endpoints' rate limits.
 */
import { createHmac } from 'node:crypto';
import { customerMessages, OTP_RESEND_SECONDS } from '@shop/contract/customers';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { queueMail } from '../mail/mail.service.ts';
import { codeMail } from './customer-mails.ts';
import {
  type CustomerRow,
  codesIssuedWithin,
  consumePendingCodes,
  insertCode,
  type PendingCode,
  recordWrongAttempt,
  secondsSinceLatestCode,
} from './customers.repository.ts';
import {
  CODES_PER_DAY,
  codeMatches,
  generateCode,
  hashCode,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  type OtpPurpose,
} from './one-time-code.ts';

/** Rate limits per minute (product rules §10): generous per IP (shared networks), tight per e-mail. */
export const RATE_LIMITS = {
  loginPerIp: 60,
  /** Failed logins of one e-mail from one address (a right password is never counted). */
  loginPerIpAndEmail: 10,
  signupPerIp: 30,
  codeRequestPerIp: 30,
  codeRequestPerEmail: 10,
  codeCheckPerIp: 60,
} as const;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * 60 * MINUTE;

/** The HMAC key for one-time codes, derived from the server secret with its own label. */
export function otpSecret(ctx: AppContext): string {
  return createHmac('sha256', ctx.config.captchaHmacKey).update('customer-one-time-codes').digest('hex');
}

/** Delivers queued mail after the commit without holding up (or timing) the answer. */
export function deliverMail(ctx: AppContext) {
  ctx.mail.flush().catch((error: unknown) => ctx.log.warn({ err: error }, 'mail delivery run failed'));
}

export type IssueResult =
  | { sent: true }
  | { sent: false; reason: 'cool-down'; waitSeconds: number }
  | { sent: false; reason: 'daily-cap' | 'nothing-pending' };

/**
 * Issues a new code and queues its mail, unless the previous code of the purpose is younger
 * than the resend cool-down or the account has had CODES_PER_DAY codes of the purpose within
 * 24 hours (counted in the database, so neither a restart nor another instance resets it).
 * A verification code belongs to one sign-up (`registrationId`) and replaces only that
 * sign-up's earlier codes; a reset code replaces every earlier reset code. Call with the
 * customer row locked.
 *
 * A verification code for an e-mail that already has an account (a sign-up a stranger may have
 * made, see signUp) is kept like any other, so that its cool-down, daily cap and wrong tries
 * answer as for a new e-mail, but it is never sent and never verifies.
 */
export async function issueCode(
  ctx: AppContext,
  tx: DbOrTx,
  customer: CustomerRow,
  purpose: OtpPurpose,
  registrationId?: number,
): Promise<IssueResult> {
  const elapsed = await secondsSinceLatestCode(tx, customer.id, purpose);
  if (elapsed !== null && elapsed < OTP_RESEND_SECONDS) {
    const waitSeconds = Math.max(1, Math.ceil(OTP_RESEND_SECONDS - elapsed));
    return { sent: false, reason: 'cool-down', waitSeconds };
  }
  if ((await codesIssuedWithin(tx, customer.id, purpose, 24)) >= CODES_PER_DAY)
    return { sent: false, reason: 'daily-cap' };
  const code = generateCode();
  await consumePendingCodes(tx, customer.id, purpose, registrationId);
  await insertCode(
    tx,
    customer.id,
    purpose,
    hashCode(otpSecret(ctx), customer.id, purpose, code),
    OTP_TTL_MINUTES,
    registrationId,
  );
  // A taken e-mail's sign-up code is never sent (signUp mails its owner a notice instead).
  if (!(purpose === 'verify_email' && customer.emailVerifiedAt))
    await queueMail(ctx, tx, codeMail(purpose, customer.email, code));
  return { sent: true };
}

export type CheckResult<C extends Omit<PendingCode, 'verifiedAt'>> =
  | { ok: true; code: C }
  | { ok: false; field?: string; message: string };

/**
 * Checks a typed code against the candidate codes (locked): the customer's newest reset code,
 * or the pending verification codes of their sign-ups. A wrong code counts as an attempt on
 * every candidate it was tried against; the fifth wrong attempt invalidates a code. The
 * transaction must commit even when the check fails, so that attempts are remembered: callers
 * throw after the commit.
 */
export async function checkCode<C extends Omit<PendingCode, 'verifiedAt'>>(
  ctx: AppContext,
  tx: DbOrTx,
  customerId: number,
  purpose: OtpPurpose,
  code: string,
  candidates: C[],
): Promise<CheckResult<C>> {
  const invalid = { ok: false as const, message: customerMessages.otpInvalid };
  const usedUp = { ok: false as const, message: customerMessages.otpTooManyAttempts };
  if (candidates.length === 0) return invalid;
  const usable = candidates.filter((c) => c.attempts < OTP_MAX_ATTEMPTS && !c.expired);
  if (usable.length === 0) return candidates.some((c) => c.attempts >= OTP_MAX_ATTEMPTS) ? usedUp : invalid;
  // A code shared with a sign-up made inside the cool-down (signUp) fits each of them; without a
  // registration token it activates the sign-up it was mailed for, the earliest row.
  const match = usable
    .filter((c) => codeMatches(otpSecret(ctx), customerId, purpose, code, c.codeHash))
    .sort((a, b) => a.id - b.id)[0];
  if (match) return { ok: true, code: match };
  let exhausted = true;
  for (const codeHash of new Set(usable.map((c) => c.codeHash))) {
    if ((await recordWrongAttempt(tx, { customerId, purpose, codeHash })) < OTP_MAX_ATTEMPTS)
      exhausted = false;
  }
  return exhausted ? usedUp : invalid;
}

export const tooMany = (message: string = customerMessages.tooManyRequests) =>
  new AppError('too-many-requests', message);
