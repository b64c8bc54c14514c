/**
 * Customer sessions: login with a password (or once with a verified reset code), the account's
 * details, logout. Every way in, sign-up's verification included, opens its session here.
 */
import {
  type Customer,
  customerMessages,
  type LoginInput,
  type MessageResponse,
  type SessionResponse,
} from '@shop/contract/customers';
import { customerAdminMessages } from '@shop/contract/admin/customers';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { RequestCustomer } from '../../http/authenticate.ts';
import { rateLimitAddress } from '../../http/client-address.ts';
import { verifyAgainstDummy, verifyPassword } from '../../http/password-hash.ts';
import {
  deliverMail,
  type IssueResult,
  issueCode,
  MINUTE,
  otpSecret,
  RATE_LIMITS,
  tooMany,
} from './customer-codes.ts';
import { issueToken, revokeToken } from './customer-token.ts';
import {
  type CustomerRow,
  consumeCode,
  defaultAddressId,
  findCustomerByEmail,
  findCustomerById,
  liveRegistrations,
  lockCustomerByEmail,
  lockPendingCode,
  recordWrongAttempt,
} from './customers.repository.ts';
import { isLoginLocked, recordLoginFailure } from './login-lockout.ts';
import { codeMatches, OTP_MAX_ATTEMPTS } from './one-time-code.ts';

async function customerView(db: DbOrTx, row: CustomerRow): Promise<Customer> {
  return {
    id: row.id,
    email: row.email,
    email_verified: row.emailVerifiedAt !== null,
    address_id: await defaultAddressId(db, row.id),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Every way in (password, reset code, verification code) ends here, so a blocked account is
 * refused in one place — and only after the right password or code, so the message tells a
 * stranger nothing about whether an e-mail is blocked.
 */
export async function openSession(
  db: DbOrTx,
  customer: CustomerRow,
  scope: SessionResponse['scope'],
): Promise<SessionResponse> {
  if (customer.blockedAt) throw new AppError('forbidden', customerAdminMessages.blocked);
  const token = await issueToken(db, customer.id, scope);
  return { token, scope, customer: await customerView(db, customer) };
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

export async function customerDetails(ctx: AppContext, who: RequestCustomer): Promise<Customer> {
  const row = await findCustomerById(ctx.db, who.id);
  if (!row) throw AppError.unauthorized();
  return customerView(ctx.db, row);
}

export async function logOut(ctx: AppContext, who: RequestCustomer): Promise<MessageResponse> {
  await revokeToken(ctx.db, who.tokenId);
  return { message: customerMessages.loggedOut };
}
