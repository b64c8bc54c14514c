/**
 * Passwords: a reset by e-mailed code (request, verify; the login with the verified code is in
 * customers-login.service.ts) and the change of a signed-in customer's password.
 */
import {
  type ChangePasswordInput,
  customerMessages,
  type EmailOnlyInput,
  type MessageResponse,
  type VerifyOtpInput,
} from '@shop/contract/customers';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestCustomer } from '../../http/authenticate.ts';
import { hashPassword } from '../../http/password-hash.ts';
import { queueMail } from '../mail/mail.service.ts';
import {
  type CheckResult,
  checkCode,
  DAY,
  deliverMail,
  type IssueResult,
  issueCode,
  MINUTE,
  RATE_LIMITS,
} from './customer-codes.ts';
import { passwordChangedMail } from './customer-mails.ts';
import { revokeOtherTokens, upgradeToFullScope } from './customer-token.ts';
import {
  consumePendingCodes,
  findCustomerById,
  lockCustomerByEmail,
  lockPendingCode,
  markCodeVerified,
  type PendingCode,
  updatePasswordHash,
} from './customers.repository.ts';
import { CODES_PER_DAY, RESET_AUTHORISATION_MINUTES } from './one-time-code.ts';
import { resetCodeStandIn } from './reset-code-stand-in.ts';

const otpError = (message: string) => AppError.invalid('email_verification_otp', message);

/** Starts a password reset. The answer is the same whether or not the e-mail has an account. */
export async function requestPasswordReset(
  ctx: AppContext,
  input: EmailOnlyInput,
  ip: string,
): Promise<MessageResponse> {
  await ctx.limiter.hitIp('code-request', ip, RATE_LIMITS.codeRequestPerIp, MINUTE);
  // At most CODES_PER_DAY requests per e-mail and day, counted for every e-mail alike (known or
  // not), so that this 429 reveals nothing; the database cap in issueCode is the silent backstop.
  await ctx.limiter.hit(
    `reset-request-day:email:${input.email}`,
    CODES_PER_DAY,
    DAY,
    customerMessages.tooManyCodesToday,
  );
  await ctx.limiter.hit(`reset-request:email:${input.email}`, RATE_LIMITS.codeRequestPerEmail, MINUTE);
  const result = await ctx.db.transaction(async (tx): Promise<IssueResult> => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer?.emailVerifiedAt) return { sent: false, reason: 'nothing-pending' };
    // Inside the cool-down or over the daily cap nothing is sent and nothing is said: a 429
    // here would reveal the account.
    return issueCode(ctx, tx, customer, 'reset_password');
  });
  if (result.sent) deliverMail(ctx);
  else if (result.reason === 'nothing-pending') await resetCodeStandIn(ctx.limiter).requested(input.email);
  return { message: customerMessages.resetOtpSent };
}

/** Verifies a reset code; it then authorises one login-with-code and password change for 15 minutes. */
export async function verifyPasswordResetCode(
  ctx: AppContext,
  input: VerifyOtpInput,
  ip: string,
): Promise<MessageResponse> {
  await ctx.limiter.hitIp('code-check', ip, RATE_LIMITS.codeCheckPerIp, MINUTE);
  const outcome = await ctx.db.transaction(async (tx): Promise<CheckResult<PendingCode>> => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer?.emailVerifiedAt) {
      const guess = await resetCodeStandIn(ctx.limiter).guessed(input.email);
      return {
        ok: false,
        message: guess === 'used-up' ? customerMessages.otpTooManyAttempts : customerMessages.otpInvalid,
      };
    }
    const pending = await lockPendingCode(tx, customer.id, 'reset_password');
    const check = await checkCode(
      ctx,
      tx,
      customer.id,
      'reset_password',
      input.email_verification_otp,
      pending ? [pending] : [],
    );
    if (check.ok && !check.code.verifiedAt)
      await markCodeVerified(tx, check.code.id, RESET_AUTHORISATION_MINUTES);
    return check;
  });
  if (!outcome.ok) throw otpError(outcome.message);
  return { message: customerMessages.resetOtpVerified };
}

/**
 * Changes the password. Every other session of the customer ends; a password-reset token
 * becomes a normal login so that the customer stays signed in. The customer is told by e-mail,
 * so that a change they did not make does not go unnoticed.
 */
export async function changePassword(
  ctx: AppContext,
  who: RequestCustomer,
  input: ChangePasswordInput,
): Promise<MessageResponse> {
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction(async (tx) => {
    await updatePasswordHash(tx, who.id, passwordHash);
    await revokeOtherTokens(tx, who.id, who.tokenId);
    await consumePendingCodes(tx, who.id, 'reset_password');
    if (who.scope === 'password_reset') await upgradeToFullScope(tx, who.tokenId);
    const customer = await findCustomerById(tx, who.id);
    if (customer) await queueMail(ctx, tx, passwordChangedMail(customer.email, ctx.config.publicUrl));
  });
  deliverMail(ctx);
  return { message: customerMessages.passwordChanged };
}
