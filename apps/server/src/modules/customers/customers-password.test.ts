/** Customer accounts: password reset, change password, details and logout (product rules §4, §8). */
import { customerMessages } from '@shop/contract/customers';
import { customerOtps } from '@shop/db/schema/index';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, CODES_PER_DAY } from './one-time-code.ts';
import {
  BASE,
  PASSWORD,
  PASSWORD_CHANGED_SUBJECT,
  RESET_SUBJECT,
  VERIFY_SUBJECT,
  ageCodes,
  customerIdOf,
  details,
  latestCode,
  loginStatus,
  mailsTo,
  post,
  signUp,
  t,
  uniqueEmail,
  useCustomersTestApp,
  verifiedCustomer,
} from './customers.test-kit.ts';

useCustomersTestApp();

describe('password reset', () => {
  it('answers known and unknown e-mails identically with product rules §8 text and mails only the account', async () => {
    const { email } = await verifiedCustomer('forgot');
    const unknownEmail = uniqueEmail('forgot-unknown');
    const known = await post('customers/forgot_email_password', { email });
    const unknown = await post('customers/forgot_email_password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'OTP sent to your given email address.' });
    expect(unknown.json()).toEqual(known.json());
    expect(await latestCode(email, RESET_SUBJECT)).toMatch(/^\d{6}$/);
    expect(await mailsTo(unknownEmail)).toHaveLength(0);

    // Within the cool-down: the same answer (a 429 would reveal the account), no second mail.
    const again = await post('customers/forgot_email_password', { email });
    expect(again.json()).toEqual(known.json());
    expect((await mailsTo(email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(1);
  });

  it('sends no reset code to an unverified account', async () => {
    const email = uniqueEmail('forgot-unverified');
    await signUp(email);
    await post('customers/forgot_email_password', { email });
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([VERIFY_SUBJECT]);
  });

  it('resets the password end to end: code → verify → login with code → change → other sessions end', async () => {
    const { email, token: otherSession } = await verifiedCustomer('reset');
    await post('customers/forgot_email_password', { email });
    const code = await latestCode(email, RESET_SUBJECT);

    // A code that was not verified yet does not log in.
    const early = await post('customers/login', { login_method: 'email', username: email, password: code });
    expect(early.json()).toEqual([{ field: 'password', message: 'Incorrect email or password.' }]);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('customers/verify_email_forgot_password_otp', {
      email,
      email_verification_otp: wrongCode,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual([{ field: 'email_verification_otp', message: customerMessages.otpInvalid }]);

    const verified = await post('customers/verify_email_forgot_password_otp', {
      email,
      email_verification_otp: code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message:
        'OTP verified. Please log in with your email and this OTP as the password to set a new password.',
    });

    const login = await post('customers/login', { login_method: 'email', username: email, password: code });
    expect(login.statusCode).toBe(200);
    const reset = login.json<{ token: string; scope: string; customer: { email: string } }>();
    expect(reset.scope).toBe('password_reset');
    expect(reset.customer.email).toBe(email);

    // Protected wrapper (§2) on /change-password: customers/details answers the reset token, so
    // a client that clears its token on 'Unauthorized' keeps it until the password is set.
    const own = await details(reset.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email });
    // Beyond reading itself, the reset token is good for nothing but the password change.
    const addresses = await t.request({
      method: 'GET',
      url: `${BASE}/customers/address`,
      headers: { authorization: `Bearer ${reset.token}` },
    });
    expect(addresses.statusCode).toBe(401);
    expect(addresses.json()).toMatchObject({ name: 'Unauthorized', code: 0, status: 401 });

    // The code works once.
    const reuse = await post('customers/login', { login_method: 'email', username: email, password: code });
    expect(reuse.statusCode).toBe(422);

    const changed = await post(
      'customers/change_password',
      { new_password: 'NewSaffron#99' },
      { token: reset.token },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Your password has been changed successfully.' });

    expect((await details(otherSession)).statusCode).toBe(401);
    expect((await details(reset.token)).statusCode).toBe(200);

    expect(await loginStatus(email, PASSWORD)).toBe(422);
    expect(await loginStatus(email, 'NewSaffron#99')).toBe(200);
  });

  it('lets a verified reset code log in only within 15 minutes', async () => {
    const { email } = await verifiedCustomer('reset-late');
    await post('customers/forgot_email_password', { email });
    const code = await latestCode(email, RESET_SUBJECT);
    await post('customers/verify_email_forgot_password_otp', { email, email_verification_otp: code });
    const [otp] = await t.ctx.db
      .select({ verifiedAt: customerOtps.verifiedAt, expiresAt: customerOtps.expiresAt })
      .from(customerOtps)
      .where(
        and(
          eq(customerOtps.customerId, await customerIdOf(email)),
          eq(customerOtps.purpose, 'reset_password'),
        ),
      );
    expect((otp?.expiresAt.getTime() ?? 0) - (otp?.verifiedAt?.getTime() ?? 0)).toBe(15 * 60_000);

    await t.ctx.db
      .update(customerOtps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(customerOtps.customerId, await customerIdOf(email)));
    const res = await post('customers/login', { login_method: 'email', username: email, password: code });
    expect(res.statusCode).toBe(422);
  });

  it('invalidates a reset code after 5 wrong attempts', async () => {
    const { email } = await verifiedCustomer('reset-wrong');
    await post('customers/forgot_email_password', { email });
    const code = await latestCode(email, RESET_SUBJECT);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      await post('customers/verify_email_forgot_password_otp', { email, email_verification_otp: wrong });
    }
    const right = await post('customers/verify_email_forgot_password_otp', {
      email,
      email_verification_otp: code,
    });
    expect(right.json()).toEqual([
      { field: 'email_verification_otp', message: customerMessages.otpTooManyAttempts },
    ]);
  });

  it('DESIGN §5 no enumeration: guessing the code of an e-mail without an account answers as for an account', async () => {
    const { email } = await verifiedCustomer('guess-known');
    const unknownEmail = uniqueEmail('guess-unknown');
    const guesses = async (address: string) => {
      const answers: string[] = [];
      for (let i = 0; i < OTP_MAX_ATTEMPTS + 1; i += 1) {
        const res = await post('customers/verify_email_forgot_password_otp', {
          email: address,
          email_verification_otp: '000000',
        });
        expect(res.statusCode).toBe(422);
        answers.push(res.json<{ message: string }[]>()[0]?.message ?? '');
      }
      return answers;
    };
    // Before a reset is asked for, neither has a code: every guess is merely invalid.
    expect(await guesses(unknownEmail)).toEqual(
      Array(OTP_MAX_ATTEMPTS + 1).fill(customerMessages.otpInvalid),
    );
    for (const address of [email, unknownEmail])
      await post('customers/forgot_email_password', { email: address });
    if ((await latestCode(email, RESET_SUBJECT)) === '000000') return; // one chance in a million
    const expected = [
      ...Array(OTP_MAX_ATTEMPTS - 1).fill(customerMessages.otpInvalid),
      customerMessages.otpTooManyAttempts,
      customerMessages.otpTooManyAttempts,
    ];
    expect(await guesses(email)).toEqual(expected);
    expect(await guesses(unknownEmail)).toEqual(expected);
    // Asking again inside the cool-down gives neither a fresh code.
    for (const address of [email, unknownEmail])
      await post('customers/forgot_email_password', { email: address });
    expect((await guesses(unknownEmail))[0]).toBe(customerMessages.otpTooManyAttempts);
    expect((await guesses(email))[0]).toBe(customerMessages.otpTooManyAttempts);
  });

  it('limits forgot-password requests per e-mail', async () => {
    const email = uniqueEmail('forgot-flood');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await post('customers/forgot_email_password', { email })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('change password, details and logout', () => {
  it('changes the password with a full token, keeps this session and ends the others', async () => {
    const { email, token: first } = await verifiedCustomer('change');
    const second = (
      await post('customers/login', { login_method: 'email', username: email, password: PASSWORD })
    ).json<{ token: string }>().token;

    const res = await post('customers/change_password', { new_password: 'Another#Pass1' }, { token: second });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed successfully.' });
    expect((await details(second)).statusCode).toBe(200);
    expect((await details(first)).statusCode).toBe(401);
  });

  it('validates the new password', async () => {
    const { token } = await verifiedCustomer('change-short');
    const res = await post('customers/change_password', { new_password: 'short' }, { token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'new_password', message: 'Password must be at least 8 characters long.' },
    ]);
    const missing = await post('customers/change_password', {}, { token });
    expect(missing.json()).toEqual([{ field: 'new_password', message: 'This is a required field.' }]);
  });

  it("product rules §5 'Passwords must match.': a confirm_password sent with the change must equal it", async () => {
    const { email, token } = await verifiedCustomer('change-confirm');
    const mismatch = await post(
      'customers/change_password',
      { new_password: 'NewSaffron#1', confirm_password: 'NewSaffron#2' },
      { token },
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual([{ field: 'confirm_password', message: 'Passwords must match.' }]);
    // Nothing changed: the old password still logs in.
    expect(await loginStatus(email, PASSWORD)).toBe(200);
    const matching = await post(
      'customers/change_password',
      { new_password: 'NewSaffron#1', confirm_password: 'NewSaffron#1' },
      { token },
    );
    expect(matching.statusCode).toBe(200);
  });

  it('answers 401 Unauthorized without a valid token', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }]) {
      const res = await t.request({ method: 'GET', url: `${BASE}/customers/details`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        name: 'Unauthorized',
        message: 'Your request was made with invalid credentials.',
        code: 0,
        status: 401,
      });
    }
    const change = await post('customers/change_password', { new_password: 'Whatever#123' });
    expect(change.statusCode).toBe(401);
  });

  it('logs out by revoking the token', async () => {
    const { token } = await verifiedCustomer('logout');
    const res = await post('customers/logout', undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been logged out successfully.' });
    expect((await details(token)).statusCode).toBe(401);
    expect((await post('customers/logout', undefined, { token })).statusCode).toBe(401);
  });
});

describe('a password change is announced and ends the other sessions', () => {
  it('revokes every other token of the customer and mails "your password was changed"', async () => {
    const { email, token: first } = await verifiedCustomer('change-mail');
    const login = () =>
      post('customers/login', { login_method: 'email', username: email, password: PASSWORD });
    const second = (await login()).json<{ token: string }>().token;
    const third = (await login()).json<{ token: string }>().token;
    const other = await verifiedCustomer('change-mail-other');

    const res = await post('customers/change_password', { new_password: 'Changed#Pass7' }, { token: second });
    expect(res.statusCode).toBe(200);
    expect((await details(second)).statusCode).toBe(200);
    expect((await details(first)).statusCode).toBe(401);
    expect((await details(third)).statusCode).toBe(401);
    // Another customer's session is untouched.
    expect((await details(other.token)).statusCode).toBe(200);

    const [mail] = (await mailsTo(email)).filter((m) => m.subject === PASSWORD_CHANGED_SUBJECT);
    expect(mail?.text).toContain('Your password was changed');
    expect(mail?.text).toContain('/forgot-password');
    expect(mail?.text).not.toContain('Changed#Pass7');
    expect((await mailsTo(other.email)).filter((m) => m.subject === PASSWORD_CHANGED_SUBJECT)).toHaveLength(
      0,
    );
  });

  it('mails the notice after a change made with a reset code as well', async () => {
    const { email, token: before } = await verifiedCustomer('reset-mail');
    await post('customers/forgot_email_password', { email });
    const code = await latestCode(email, RESET_SUBJECT);
    await post('customers/verify_email_forgot_password_otp', { email, email_verification_otp: code });
    const reset = (
      await post('customers/login', { login_method: 'email', username: email, password: code })
    ).json<{ token: string }>().token;
    expect(
      (await post('customers/change_password', { new_password: 'Fresh#Pass88' }, { token: reset }))
        .statusCode,
    ).toBe(200);
    expect((await details(before)).statusCode).toBe(401);
    expect((await mailsTo(email)).filter((m) => m.subject === PASSWORD_CHANGED_SUBJECT)).toHaveLength(1);
  });
});

describe('reset codes are capped per account per 24 hours', () => {
  it('keeps guessing a reset code below 1 in 10,000 per day: 10 codes × 5 tries', () => {
    expect(CODES_PER_DAY).toBe(10);
    expect(OTP_MAX_ATTEMPTS).toBe(5);
    expect((CODES_PER_DAY * OTP_MAX_ATTEMPTS) / 1_000_000).toBeLessThan(1 / 10_000);
  });

  it('refuses the 11th reset request of an e-mail within 24 hours, known or unknown, with a named 429', async () => {
    const { email } = await verifiedCustomer('reset-daily');
    const unknown = uniqueEmail('reset-daily-unknown');
    for (let i = 0; i < 10; i += 1) {
      expect((await post('customers/forgot_email_password', { email })).statusCode).toBe(200);
      expect((await post('customers/forgot_email_password', { email: unknown })).statusCode).toBe(200);
      await ageCodes(email, 61);
    }
    expect((await mailsTo(email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(10);
    const known = await post('customers/forgot_email_password', { email });
    const ghost = await post('customers/forgot_email_password', { email: unknown });
    expect(known.statusCode).toBe(429);
    expect(known.json()).toEqual({
      name: 'Too Many Requests',
      message: customerMessages.tooManyCodesToday,
      code: 0,
      status: 429,
    });
    expect(ghost.json()).toEqual(known.json());
    expect((await mailsTo(email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(10);
  });

  it('counts the codes themselves in the database: after 10 in 24 hours no 11th is sent, whatever the counters say', async () => {
    const { email } = await verifiedCustomer('reset-db-cap');
    const customerId = await customerIdOf(email);
    const issued = (hoursAgo: number) => ({
      customerId,
      purpose: 'reset_password',
      codeHash: `earlier-code-${Math.random()}`, // each a code of its own: codes count by hash
      consumedAt: sql`now()`,
      expiresAt: sql`now()`,
      createdAt: sql`now() - (${hoursAgo} * interval '1 hour')`,
    });
    // Nine codes within the day and one older than a day: one more may still be sent.
    await t.ctx.db.insert(customerOtps).values([...Array.from({ length: 9 }, () => issued(2)), issued(25)]);
    await post('customers/forgot_email_password', { email });
    expect((await mailsTo(email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(1);

    // Now ten within the day (the counters in memory or Redis have seen only two requests, as
    // after a restart or on another instance): the database says no, and says so to nobody.
    await t.ctx.db
      .update(customerOtps)
      .set({ createdAt: sql`${customerOtps.createdAt} - interval '2 minutes'` })
      .where(eq(customerOtps.customerId, customerId));
    const res = await post('customers/forgot_email_password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your given email address.' });
    expect((await mailsTo(email)).filter((m) => m.subject === RESET_SUBJECT)).toHaveLength(1);
  });
});
