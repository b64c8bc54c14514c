/**
 * Sign-up with an e-mailed verification code (ADR 0007): the pending registration, verifying
 * its code, and resending it (by the customer, or by staff from the back office).
 */
import {
  customerMessages,
  type MessageResponse,
  type ResendEmailOtpInput,
  type SessionResponse,
  type SignupInput,
  type SignupResponse,
  type VerifyEmailInput,
} from '@shop/contract/customers';
import { customerAdminMessages } from '@shop/contract/admin/customers';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, NO_PASSWORD } from '../../http/password-hash.ts';
import { queueMail } from '../mail/mail.service.ts';
import {
  checkCode,
  deliverMail,
  HOUR,
  type IssueResult,
  issueCode,
  MINUTE,
  RATE_LIMITS,
  tooMany,
} from './customer-codes.ts';
import { accountExistsMail } from './customer-mails.ts';
import {
  endRegistrations,
  findCustomerById,
  findRegistrationByToken,
  insertCustomer,
  insertRegistration,
  liveRegistrations,
  lockCustomerByEmail,
  lockVerificationCodes,
  markEmailVerified,
  shareLiveCode,
  updatePasswordHash,
} from './customers.repository.ts';
import { openSession } from './customers-login.service.ts';
import {
  hashRegistrationToken,
  MAX_PENDING_REGISTRATIONS,
  newRegistrationToken,
  REGISTRATION_TTL_HOURS,
} from './registration-token.ts';

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
 * The sign-up a registration token names, or 'expired' when it has ended or is not the e-mail's.
 * An e-mail without an account has no sign-up either, and its token answers as an ended one: a
 * different answer would tell which e-mails have accounts (DESIGN §5).
 */
async function liveRegistrationId(
  tx: DbOrTx,
  customer: { id: number } | undefined,
  token: string,
): Promise<number | 'expired'> {
  if (!customer) return 'expired';
  const registration = await findRegistrationByToken(tx, customer.id, hashRegistrationToken(token));
  return registration?.live ? registration.id : 'expired';
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
    let registrationId: number | undefined;
    if (input.registration_token !== undefined) {
      const found = await liveRegistrationId(tx, customer, input.registration_token);
      if (found === 'expired')
        return {
          ok: false as const,
          field: 'registration_token',
          message: customerMessages.registrationExpired,
        };
      registrationId = found;
    }
    if (!customer) return { ok: false as const, message: customerMessages.otpInvalid };
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
    const registrationId =
      input.registration_token !== undefined
        ? await liveRegistrationId(tx, customer, input.registration_token)
        : customer && (await liveRegistrations(tx, customer.id))[0]?.id;
    if (registrationId === 'expired') return 'expired';
    if (!customer || registrationId === undefined) return { sent: false, reason: 'nothing-pending' };
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
