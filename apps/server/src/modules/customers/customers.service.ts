import { createHmac } from 'node:crypto';
import {
  type ChangePasswordInput,
  type Customer,
  customerMessages,
  type EmailOnlyInput,
  type LoginInput,
  type MessageResponse,
  OTP_RESEND_SECONDS,
  type SessionResponse,
  type SignupInput,
  type SignupResponse,
  type VerifyOtpInput,
} from '@shop/contract/customers';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestCustomer } from '../../http/authenticate.ts';
import { queueMail } from '../mail/mail.service.ts';
import { codeMail } from './customer-mails.ts';
import { issueToken, revokeOtherTokens, revokeToken, upgradeToFullScope } from './customer-token.ts';
import {
  type CustomerRow,
  consumeCode,
  consumePendingCodes,
  defaultAddressId,
  findCustomerByEmail,
  findCustomerById,
  insertCode,
  insertCustomer,
  lockCustomerByEmail,
  lockPendingCode,
  markCodeVerified,
  markEmailVerified,
  type PendingCode,
  recordWrongAttempt,
  secondsSinceLatestCode,
  updatePasswordHash,
} from './customers.repository.ts';
import {
  codeMatches,
  generateCode,
  hashCode,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  type OtpPurpose,
  RESET_AUTHORISATION_MINUTES,
} from './one-time-code.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash.ts';

/** Rate limits per minute (DESIGN §5): generous per IP (shared networks), tight per e-mail. */
export const RATE_LIMITS = {
  loginPerIp: 60,
  loginPerIpAndEmail: 10,
  signupPerIp: 30,
  codeRequestPerIp: 30,
  codeRequestPerEmail: 10,
  codeCheckPerIp: 60,
} as const;
const MINUTE = 60_000;

/** The HMAC key for one-time codes, derived from the server secret with its own label. */
function otpSecret(ctx: AppContext): string {
  return createHmac('sha256', ctx.config.captchaHmacKey).update('customer-one-time-codes').digest('hex');
}

/** Delivers queued mail after the commit without holding up (or timing) the answer. */
function deliverMail(ctx: AppContext) {
  ctx.mail.flush().catch((error: unknown) => ctx.log.warn({ err: error }, 'mail delivery run failed'));
}

async function customerView(db: DbOrTx, row: CustomerRow): Promise<Customer> {
  return {
    id: row.id,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    address_id: await defaultAddressId(db, row.id),
    created_at: row.createdAt.toISOString(),
  };
}

type IssueResult = { sent: true } | { sent: false; waitSeconds: number };

/**
 * Issues a new code (older ones of the purpose stop working) and queues its mail, unless the
 * previous code is younger than the resend cool-down. Call with the customer row locked.
 */
async function issueCode(
  ctx: AppContext,
  tx: DbOrTx,
  customer: CustomerRow,
  purpose: OtpPurpose,
): Promise<IssueResult> {
  const elapsed = await secondsSinceLatestCode(tx, customer.id, purpose);
  if (elapsed !== null && elapsed < OTP_RESEND_SECONDS) {
    return { sent: false, waitSeconds: Math.max(1, Math.ceil(OTP_RESEND_SECONDS - elapsed)) };
  }
  const code = generateCode();
  await consumePendingCodes(tx, customer.id, purpose);
  await insertCode(
    tx,
    customer.id,
    purpose,
    hashCode(otpSecret(ctx), customer.id, purpose, code),
    OTP_TTL_MINUTES,
  );
  await queueMail(ctx, tx, codeMail(purpose, customer.email, code));
  return { sent: true };
}

type CheckResult = { ok: true; code: PendingCode } | { ok: false; message: string };

/**
 * Checks a code against the customer's newest pending code of the purpose. A wrong code counts
 * as an attempt; the fifth wrong attempt invalidates the code. The transaction must commit even
 * when the check fails, so that attempts are remembered: callers throw after the commit.
 */
async function checkCode(
  ctx: AppContext,
  tx: DbOrTx,
  customerId: number,
  purpose: OtpPurpose,
  code: string,
): Promise<CheckResult> {
  const pending = await lockPendingCode(tx, customerId, purpose);
  if (!pending) return { ok: false, message: customerMessages.otpInvalid };
  if (pending.attempts >= OTP_MAX_ATTEMPTS)
    return { ok: false, message: customerMessages.otpTooManyAttempts };
  if (pending.expired) return { ok: false, message: customerMessages.otpInvalid };
  if (codeMatches(otpSecret(ctx), customerId, purpose, code, pending.codeHash))
    return { ok: true, code: pending };
  const attempts = await recordWrongAttempt(tx, pending.id);
  return {
    ok: false,
    message: attempts >= OTP_MAX_ATTEMPTS ? customerMessages.otpTooManyAttempts : customerMessages.otpInvalid,
  };
}

const otpError = (message: string) => AppError.invalid('email_verification_otp', message);
const tooMany = (message: string = customerMessages.tooManyRequests) =>
  new AppError('too-many-requests', message);

/** Sign-up: a new (or still unverified) account gets a verification code by e-mail. */
export async function signUp(ctx: AppContext, input: SignupInput, ip: string): Promise<SignupResponse> {
  await ctx.limiter.hitIp('signup', ip, RATE_LIMITS.signupPerIp, MINUTE, customerMessages.tooManyRequests);
  await ctx.limiter.hit(`signup:email:${input.email}`, RATE_LIMITS.codeRequestPerEmail, MINUTE);
  const passwordHash = await hashPassword(input.password);
  const taken = await ctx.db.transaction(async (tx) => {
    let customer = await lockCustomerByEmail(tx, input.email);
    if (!customer) {
      // A concurrent sign-up of the same e-mail makes the insert a no-op; then lock its row.
      const insertedId = await insertCustomer(tx, input.email, passwordHash);
      customer = await lockCustomerByEmail(tx, input.email);
      if (!customer) throw new Error('customer row vanished during sign-up');
      if (customer.emailVerifiedAt) return true;
      if (insertedId === undefined) await updatePasswordHash(tx, customer.id, passwordHash);
    } else if (customer.emailVerifiedAt) {
      return true;
    } else {
      await updatePasswordHash(tx, customer.id, passwordHash);
    }
    // Within the cool-down the code sent a moment ago still works, so nothing more is sent.
    await issueCode(ctx, tx, customer, 'verify_email');
    return false;
  });
  if (taken) throw AppError.invalid('email', customerMessages.emailTaken);
  deliverMail(ctx);
  return { email: input.email };
}

async function openSession(
  db: DbOrTx,
  customer: CustomerRow,
  scope: SessionResponse['scope'],
): Promise<SessionResponse> {
  const token = await issueToken(db, customer.id, scope);
  return { token, scope, customer: await customerView(db, customer) };
}

/** E-mail verification: the right code marks the address verified and logs the customer in. */
export async function verifyEmail(
  ctx: AppContext,
  input: VerifyOtpInput,
  ip: string,
): Promise<SessionResponse> {
  await ctx.limiter.hitIp('code-check', ip, RATE_LIMITS.codeCheckPerIp, MINUTE);
  const outcome = await ctx.db.transaction(async (tx) => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer || customer.emailVerifiedAt)
      return { ok: false as const, message: customerMessages.otpInvalid };
    const check = await checkCode(ctx, tx, customer.id, 'verify_email', input.email_verification_otp);
    if (!check.ok) return check;
    await consumeCode(tx, check.code.id);
    await markEmailVerified(tx, customer.id);
    const verified = await findCustomerById(tx, customer.id);
    if (!verified) throw new Error('customer row vanished during verification');
    return { ok: true as const, session: await openSession(tx, verified, 'full') };
  });
  if (!outcome.ok) throw otpError(outcome.message);
  return outcome.session;
}

/** A new verification code, at most once per cool-down. Unknown e-mails get the same answer. */
export async function resendVerificationCode(
  ctx: AppContext,
  input: EmailOnlyInput,
  ip: string,
): Promise<MessageResponse> {
  await ctx.limiter.hitIp('code-request', ip, RATE_LIMITS.codeRequestPerIp, MINUTE);
  await ctx.limiter.hit(`code-request:email:${input.email}`, RATE_LIMITS.codeRequestPerEmail, MINUTE);
  const result = await ctx.db.transaction(async (tx): Promise<IssueResult> => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer || customer.emailVerifiedAt) return { sent: true };
    return issueCode(ctx, tx, customer, 'verify_email');
  });
  if (!result.sent) throw tooMany(customerMessages.otpCooldown(result.waitSeconds));
  deliverMail(ctx);
  return { message: customerMessages.otpSent };
}

/**
 * Login with e-mail and password — or, after a verified reset code, with that code once
 * (it then yields a token that may only change the password).
 */
export async function logIn(ctx: AppContext, input: LoginInput, ip: string): Promise<SessionResponse> {
  const email = input.username;
  await ctx.limiter.hitIp('login', ip, RATE_LIMITS.loginPerIp, MINUTE, customerMessages.tooManyLoginAttempts);
  await ctx.limiter.hit(
    `login:ip-email:${ip}:${email}`,
    RATE_LIMITS.loginPerIpAndEmail,
    MINUTE,
    customerMessages.tooManyLoginAttempts,
  );
  const wrongCredentials = AppError.invalid('password', customerMessages.wrongCredentials);
  const customer = await findCustomerByEmail(ctx.db, email);
  if (!customer) {
    await verifyAgainstDummy(input.password);
    throw wrongCredentials;
  }
  if (await verifyPassword(input.password, customer.passwordHash)) {
    if (customer.emailVerifiedAt) return openSession(ctx.db, customer, 'full');
    const sent = await ctx.db.transaction(async (tx) => {
      const locked = await lockCustomerByEmail(tx, email);
      return locked ? issueCode(ctx, tx, locked, 'verify_email') : { sent: false as const, waitSeconds: 0 };
    });
    if (sent.sent) deliverMail(ctx);
    throw AppError.invalid('username', customerMessages.emailNotVerified);
  }
  if (customer.emailVerifiedAt && /^\d{6}$/.test(input.password)) {
    const session = await logInWithResetCode(ctx, customer, input.password);
    if (session) return session;
  }
  throw wrongCredentials;
}

/** Consumes a verified, unexpired reset code presented as the password; null when it does not fit. */
async function logInWithResetCode(ctx: AppContext, customer: CustomerRow, code: string) {
  return ctx.db.transaction(async (tx) => {
    const pending = await lockPendingCode(tx, customer.id, 'reset_password');
    if (!pending?.verifiedAt || pending.expired || pending.attempts >= OTP_MAX_ATTEMPTS) return null;
    if (!codeMatches(otpSecret(ctx), customer.id, 'reset_password', code, pending.codeHash)) {
      await recordWrongAttempt(tx, pending.id);
      return null;
    }
    await consumeCode(tx, pending.id);
    return openSession(tx, customer, 'password_reset');
  });
}

/** Starts a password reset. The answer is the same whether or not the e-mail has an account. */
export async function requestPasswordReset(
  ctx: AppContext,
  input: EmailOnlyInput,
  ip: string,
): Promise<MessageResponse> {
  await ctx.limiter.hitIp('code-request', ip, RATE_LIMITS.codeRequestPerIp, MINUTE);
  await ctx.limiter.hit(`reset-request:email:${input.email}`, RATE_LIMITS.codeRequestPerEmail, MINUTE);
  const result = await ctx.db.transaction(async (tx): Promise<IssueResult> => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer?.emailVerifiedAt) return { sent: false, waitSeconds: 0 };
    // Inside the cool-down nothing is sent and nothing is said: a 429 here would reveal the account.
    return issueCode(ctx, tx, customer, 'reset_password');
  });
  if (result.sent) deliverMail(ctx);
  return { message: customerMessages.resetOtpSent };
}

/** Verifies a reset code; it then authorises one login-with-code and password change for 15 minutes. */
export async function verifyPasswordResetCode(
  ctx: AppContext,
  input: VerifyOtpInput,
  ip: string,
): Promise<MessageResponse> {
  await ctx.limiter.hitIp('code-check', ip, RATE_LIMITS.codeCheckPerIp, MINUTE);
  const outcome = await ctx.db.transaction(async (tx): Promise<CheckResult | { ok: true }> => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer?.emailVerifiedAt) return { ok: false, message: customerMessages.otpInvalid };
    const check = await checkCode(ctx, tx, customer.id, 'reset_password', input.email_verification_otp);
    if (check.ok && !check.code.verifiedAt)
      await markCodeVerified(tx, check.code.id, RESET_AUTHORISATION_MINUTES);
    return check;
  });
  if (!outcome.ok) throw otpError(outcome.message);
  return { message: customerMessages.resetOtpVerified };
}

/**
 * Changes the password. Every other session of the customer ends; a password-reset token
 * becomes a normal login so that the customer stays signed in.
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
  });
  return { message: customerMessages.passwordChanged };
}

export async function customerDetails(ctx: AppContext, who: RequestCustomer): Promise<Customer> {
  const row = await findCustomerById(ctx.db, who.id);
  if (!row) throw AppError.unauthorized();
  return customerView(ctx.db, row);
}

export async function logOut(ctx: AppContext, who: RequestCustomer): Promise<MessageResponse> {
  await revokeToken(ctx.db, who.tokenId);
  return { message: customerMessages.loggedOut };
}
