import { createHmac } from 'node:crypto';
import {
  type ChangePasswordInput,
  type Customer,
  customerMessages,
  type EmailOnlyInput,
  type LoginInput,
  type MessageResponse,
  OTP_RESEND_SECONDS,
  type ResendEmailOtpInput,
  type SessionResponse,
  type SignupInput,
  type SignupResponse,
  type VerifyEmailInput,
  type VerifyOtpInput,
} from '@shop/contract/customers';
import { customerAdminMessages } from '@shop/contract/admin/customers';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestCustomer } from '../../http/authenticate.ts';
import { rateLimitAddress } from '../../http/client-address.ts';
import { queueMail } from '../mail/mail.service.ts';
import { accountExistsMail, codeMail, passwordChangedMail } from './customer-mails.ts';
import { issueToken, revokeOtherTokens, revokeToken, upgradeToFullScope } from './customer-token.ts';
import {
  type CustomerRow,
  codesIssuedWithin,
  consumeCode,
  consumePendingCodes,
  defaultAddressId,
  endRegistrations,
  findCustomerByEmail,
  findCustomerById,
  findRegistrationByToken,
  insertCode,
  insertCustomer,
  insertRegistration,
  liveRegistrations,
  lockCustomerByEmail,
  lockPendingCode,
  lockVerificationCodes,
  markCodeVerified,
  markEmailVerified,
  type PendingCode,
  recordWrongAttempt,
  shareLiveCode,
  secondsSinceLatestCode,
  updatePasswordHash,
} from './customers.repository.ts';
import { isLoginLocked, recordLoginFailure } from './login-lockout.ts';
import {
  CODES_PER_DAY,
  codeMatches,
  generateCode,
  hashCode,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  type OtpPurpose,
  RESET_AUTHORISATION_MINUTES,
} from './one-time-code.ts';
import { hashPassword, NO_PASSWORD, verifyAgainstDummy, verifyPassword } from '../../http/password-hash.ts';
import { resetCodeStandIn } from './reset-code-stand-in.ts';
import {
  hashRegistrationToken,
  MAX_PENDING_REGISTRATIONS,
  newRegistrationToken,
  REGISTRATION_TTL_HOURS,
} from './registration-token.ts';

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
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * 60 * MINUTE;

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

type IssueResult =
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
async function issueCode(
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

type CheckResult<C extends Omit<PendingCode, 'verifiedAt'>> =
  | { ok: true; code: C }
  | { ok: false; field?: string; message: string };

/**
 * Checks a typed code against the candidate codes (locked): the customer's newest reset code,
 * or the pending verification codes of their sign-ups. A wrong code counts as an attempt on
 * every candidate it was tried against; the fifth wrong attempt invalidates a code. The
 * transaction must commit even when the check fails, so that attempts are remembered: callers
 * throw after the commit.
 */
async function checkCode<C extends Omit<PendingCode, 'verifiedAt'>>(
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

const otpError = (message: string) => AppError.invalid('email_verification_otp', message);
const tooMany = (message: string = customerMessages.tooManyRequests) =>
  new AppError('too-many-requests', message);

/**
 * Sign-up: a new (or still unverified) e-mail gets a pending registration that keeps this
 * sign-up's password, and a verification code for exactly that registration (ADR 0007). The
 * account's password stays unusable until a code is verified; another sign-up of the same
 * e-mail neither replaces this password nor cancels this code. The answer carries the
 * registration's token for the verify screen.
 *
 * An e-mail that already has an account gets the very same answer, and so do the resend, the
 * verify screen and a login with the sign-up's password afterwards (DESIGN §5: no answer tells a
 * stranger which e-mails have accounts): the sign-up is kept as for a new e-mail, with a code
 * that is never sent and never verifies (issueCode); its owner gets a notice to log in or reset
 * the password instead, at most one an hour, and their account is unchanged.
 */
export async function signUp(ctx: AppContext, input: SignupInput, ip: string): Promise<SignupResponse> {
  await ctx.limiter.hitIp('signup', ip, RATE_LIMITS.signupPerIp, MINUTE, customerMessages.tooManyRequests);
  await ctx.limiter.hit(`signup:email:${input.email}`, RATE_LIMITS.codeRequestPerEmail, MINUTE);
  const passwordHash = await hashPassword(input.password);
  const registrationToken = newRegistrationToken();
  await ctx.db.transaction(async (tx) => {
    let customer = await lockCustomerByEmail(tx, input.email);
    if (!customer) {
      // A concurrent sign-up of the same e-mail makes the insert a no-op; then lock its row.
      await insertCustomer(tx, input.email, NO_PASSWORD);
      customer = await lockCustomerByEmail(tx, input.email);
      if (!customer) throw new Error('customer row vanished during sign-up');
    }
    if (customer.emailVerifiedAt && (await ctx.limiter.increment(`signup-taken:${customer.id}`, HOUR)) === 1)
      await queueMail(ctx, tx, accountExistsMail(customer.email, ctx.config.publicUrl));
    const registrationId = await insertRegistration(
      tx,
      customer.id,
      hashRegistrationToken(registrationToken),
      passwordHash,
      REGISTRATION_TTL_HOURS,
    );
    const surplus = (await liveRegistrations(tx, customer.id)).slice(MAX_PENDING_REGISTRATIONS);
    await endRegistrations(
      tx,
      customer.id,
      surplus.map((r) => r.id),
    );
    // Within the cool-down no new mail is sent: this sign-up shares the code mailed a moment ago,
    // so a shopper who signs up again (a retyped password) types the code in their inbox on this
    // sign-up's screen. Anyone else needs that inbox, as for any code.
    const issued = await issueCode(ctx, tx, customer, 'verify_email', registrationId);
    if (!issued.sent && issued.reason === 'daily-cap') throw tooMany(customerMessages.tooManyCodesToday);
    if (!issued.sent && issued.reason === 'cool-down') await shareLiveCode(tx, customer.id, registrationId);
  });
  deliverMail(ctx);
  return { email: input.email, registration_token: registrationToken };
}

/**
 * Every way in (password, reset code, verification code) ends here, so a blocked account is
 * refused in one place — and only after the right password or code, so the message tells a
 * stranger nothing about whether an e-mail is blocked.
 */
async function openSession(
  db: DbOrTx,
  customer: CustomerRow,
  scope: SessionResponse['scope'],
): Promise<SessionResponse> {
  if (customer.blockedAt) throw new AppError('forbidden', customerAdminMessages.blocked);
  const token = await issueToken(db, customer.id, scope);
  return { token, scope, customer: await customerView(db, customer) };
}

/**
 * E-mail verification: the right code marks the address verified, activates the password of
 * the sign-up the code was issued for — never another one's — and logs the customer in. With
 * a registration token only that sign-up's code fits; without one, the typed code is checked
 * against the codes of all live sign-ups of the e-mail (each try counts against each of them).
 * Every other pending sign-up of the e-mail ends.
 */
export async function verifyEmail(
  ctx: AppContext,
  input: VerifyEmailInput,
  ip: string,
): Promise<SessionResponse> {
  await ctx.limiter.hitIp('code-check', ip, RATE_LIMITS.codeCheckPerIp, MINUTE);
  const outcome = await ctx.db.transaction(async (tx) => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer) return { ok: false as const, message: customerMessages.otpInvalid };
    let registrationId: number | undefined;
    if (input.registration_token !== undefined) {
      const registration = await findRegistrationByToken(
        tx,
        customer.id,
        hashRegistrationToken(input.registration_token),
      );
      if (!registration?.live)
        return {
          ok: false as const,
          field: 'registration_token',
          message: customerMessages.registrationExpired,
        };
      registrationId = registration.id;
    }
    const candidates = await lockVerificationCodes(tx, customer.id, registrationId);
    const check = await checkCode(
      ctx,
      tx,
      customer.id,
      'verify_email',
      input.email_verification_otp,
      candidates,
    );
    if (!check.ok) return check;
    // A taken e-mail's sign-up code was never sent: a lucky guess changes nothing.
    if (customer.emailVerifiedAt) return { ok: false as const, message: customerMessages.otpInvalid };
    await updatePasswordHash(tx, customer.id, check.code.passwordHash);
    await markEmailVerified(tx, customer.id);
    await endRegistrations(tx, customer.id);
    const verified = await findCustomerById(tx, customer.id);
    if (!verified) throw new Error('customer row vanished during verification');
    return { ok: true as const, session: await openSession(tx, verified, 'full') };
  });
  if (!outcome.ok) throw AppError.invalid(outcome.field ?? 'email_verification_otp', outcome.message);
  return outcome.session;
}

/**
 * A new verification code, at most once per cool-down: for the sign-up of the registration
 * token, or without one for the newest live sign-up of the e-mail. Unknown e-mails (and
 * e-mails without a live sign-up) get the same answer and no mail; a sign-up of a taken e-mail
 * answers as any other (its codes are never sent, issueCode).
 */
export async function resendVerificationCode(
  ctx: AppContext,
  input: ResendEmailOtpInput,
  ip: string,
): Promise<MessageResponse> {
  await ctx.limiter.hitIp('code-request', ip, RATE_LIMITS.codeRequestPerIp, MINUTE);
  await ctx.limiter.hit(`code-request:email:${input.email}`, RATE_LIMITS.codeRequestPerEmail, MINUTE);
  const result = await ctx.db.transaction(async (tx): Promise<IssueResult | 'expired'> => {
    const customer = await lockCustomerByEmail(tx, input.email);
    if (!customer) return { sent: false, reason: 'nothing-pending' };
    let registrationId: number | undefined;
    if (input.registration_token !== undefined) {
      const registration = await findRegistrationByToken(
        tx,
        customer.id,
        hashRegistrationToken(input.registration_token),
      );
      if (!registration?.live) return 'expired';
      registrationId = registration.id;
    } else {
      registrationId = (await liveRegistrations(tx, customer.id))[0]?.id;
      if (registrationId === undefined) return { sent: false, reason: 'nothing-pending' };
    }
    return issueCode(ctx, tx, customer, 'verify_email', registrationId);
  });
  if (result === 'expired')
    throw AppError.invalid('registration_token', customerMessages.registrationExpired);
  if (!result.sent && result.reason === 'cool-down')
    throw tooMany(customerMessages.otpCooldown(result.waitSeconds));
  if (!result.sent && result.reason === 'daily-cap') throw tooMany(customerMessages.tooManyCodesToday);
  if (result.sent) deliverMail(ctx);
  return { message: customerMessages.otpSent };
}

/**
 * Login with e-mail and password — or, after a verified reset code, with that code once
 * (it then yields a token that may only change the password).
 */
export async function logIn(ctx: AppContext, input: LoginInput, ip: string): Promise<SessionResponse> {
  const email = input.username;
  await ctx.limiter.hitIp('login', ip, RATE_LIMITS.loginPerIp, MINUTE, customerMessages.tooManyLoginAttempts);
  // Only failures count against one e-mail from one address: guessing is what the limit is for,
  // and a customer (or a shop's own checks) logging in again and again with the right password
  // is not refused. The per-address limit above still counts every attempt, which bounds the
  // password hashing one client can ask for.
  const failuresFromIp = `login:ip-email:${rateLimitAddress(ip)}:${email}`;
  if ((await ctx.limiter.peek(failuresFromIp)) >= RATE_LIMITS.loginPerIpAndEmail)
    throw tooMany(customerMessages.tooManyLoginAttempts);
  if (await isLoginLocked(ctx.limiter, email)) {
    // Only a verified reset code — which takes the mailbox — gets past the lock, so that an
    // attacker who locks the e-mail cannot keep its owner out.
    if (/^\d{6}$/.test(input.password)) {
      const customer = await findCustomerByEmail(ctx.db, email);
      const session = customer?.emailVerifiedAt
        ? await logInWithResetCode(ctx, customer, input.password)
        : null;
      if (session) return session;
    }
    throw tooMany(customerMessages.accountLocked);
  }
  const session = await checkCredentials(ctx, email, input.password);
  if (session) return session;
  await ctx.limiter.increment(failuresFromIp, MINUTE);
  await recordLoginFailure(ctx.limiter, email);
  throw AppError.invalid('password', customerMessages.wrongCredentials);
}

/**
 * The password check of a login: a session, or null for wrong credentials (the same for an
 * unknown e-mail). A password that is that of one of the e-mail's live sign-ups is told to
 * verify and gets a new code for that sign-up — for a taken e-mail too, whose sign-up a
 * stranger made (its code is never sent, issueCode): the answer after a sign-up must not tell a
 * taken e-mail from a new one (DESIGN §5).
 */
async function checkCredentials(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<SessionResponse | null> {
  const customer = await findCustomerByEmail(ctx.db, email);
  if (!customer) {
    await verifyAgainstDummy(password);
    return null;
  }
  if (customer.emailVerifiedAt) {
    if (await verifyPassword(password, customer.passwordHash)) return openSession(ctx.db, customer, 'full');
    if (/^\d{6}$/.test(password)) {
      const session = await logInWithResetCode(ctx, customer, password);
      if (session) return session;
    }
  }
  const registrations = await liveRegistrations(ctx.db, customer.id);
  if (!customer.emailVerifiedAt && registrations.length === 0) await verifyAgainstDummy(password);
  let registrationId: number | undefined;
  for (const registration of registrations) {
    if (await verifyPassword(password, registration.passwordHash)) {
      registrationId = registration.id;
      break;
    }
  }
  if (registrationId === undefined) return null;
  const issued = await ctx.db.transaction(async (tx): Promise<IssueResult> => {
    const locked = await lockCustomerByEmail(tx, email);
    if (!locked) return { sent: false, reason: 'nothing-pending' };
    return issueCode(ctx, tx, locked, 'verify_email', registrationId);
  });
  if (issued.sent) deliverMail(ctx);
  throw AppError.invalid('username', customerMessages.emailNotVerified);
}

/** Consumes a verified, unexpired reset code presented as the password; null when it does not fit. */
async function logInWithResetCode(ctx: AppContext, customer: CustomerRow, code: string) {
  return ctx.db.transaction(async (tx) => {
    const pending = await lockPendingCode(tx, customer.id, 'reset_password');
    if (!pending?.verifiedAt || pending.expired || pending.attempts >= OTP_MAX_ATTEMPTS) return null;
    if (!codeMatches(otpSecret(ctx), customer.id, 'reset_password', code, pending.codeHash)) {
      await recordWrongAttempt(tx, {
        customerId: customer.id,
        purpose: 'reset_password',
        codeHash: pending.codeHash,
      });
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

export async function customerDetails(ctx: AppContext, who: RequestCustomer): Promise<Customer> {
  const row = await findCustomerById(ctx.db, who.id);
  if (!row) throw AppError.unauthorized();
  return customerView(ctx.db, row);
}

export async function logOut(ctx: AppContext, who: RequestCustomer): Promise<MessageResponse> {
  await revokeToken(ctx.db, who.tokenId);
  return { message: customerMessages.loggedOut };
}

/**
 * Staff resend the verification code of an unverified customer's newest live sign-up (the
 * customer's own resend rules apply: the cool-down and the daily cap). 409 when the e-mail is
 * already verified or no sign-up is pending (they have all expired: the customer signs up again).
 */
export async function resendVerificationForCustomer(
  ctx: AppContext,
  customerId: number,
  audit: (tx: DbOrTx) => Promise<void>,
): Promise<MessageResponse> {
  const result = await ctx.db.transaction(async (tx): Promise<IssueResult | 'verified' | 'unknown'> => {
    const found = await findCustomerById(tx, customerId);
    const customer = found ? await lockCustomerByEmail(tx, found.email) : undefined;
    if (!customer) return 'unknown';
    if (customer.emailVerifiedAt) return 'verified';
    const registrationId = (await liveRegistrations(tx, customer.id))[0]?.id;
    if (registrationId === undefined) return { sent: false, reason: 'nothing-pending' };
    const issued = await issueCode(ctx, tx, customer, 'verify_email', registrationId);
    if (issued.sent) await audit(tx);
    return issued;
  });
  if (result === 'unknown') throw AppError.notFound('There is no such customer.');
  if (result === 'verified') throw new AppError('conflict', customerAdminMessages.alreadyVerified);
  if (!result.sent && result.reason === 'nothing-pending')
    throw new AppError('conflict', customerAdminMessages.noPendingSignUp);
  if (!result.sent && result.reason === 'cool-down')
    throw tooMany(customerMessages.otpCooldown(result.waitSeconds));
  if (!result.sent && result.reason === 'daily-cap') throw tooMany(customerMessages.tooManyCodesToday);
  deliverMail(ctx);
  return { message: customerAdminMessages.verificationSent };
}
