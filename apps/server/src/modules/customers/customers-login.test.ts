/** Customer accounts: login (product rules §4, §7 customers/login; product rules §10 rate limits, no enumeration). */
import { customerMessages } from '@shop/contract/customers';
import { addresses } from '@shop/db/schema/index';
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD, seedDemoCustomer } from '@shop/db/seed/demo-customer';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  RESET_SUBJECT,
  ageCodes,
  customerIdOf,
  details,
  latestCode,
  mailsTo,
  post,
  signUp,
  t,
  uniqueEmail,
  uniqueIp,
  useCustomersTestApp,
  verifiedCustomer,
} from './customers.test-kit.ts';

useCustomersTestApp();

describe('login', () => {
  it('logs a verified customer in with e-mail and password', async () => {
    const { email } = await verifiedCustomer('login');
    const res = await post('customers/login', {
      login_method: 'email',
      username: ` ${email.toUpperCase()}`,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      token: string;
      scope: string;
      customer: { email: string; email_verified: boolean };
    }>();
    expect(body.scope).toBe('full');
    expect(body.customer).toMatchObject({ email, email_verified: true, address_id: null });
    expect((await details(body.token)).statusCode).toBe(200);
    // The answer carries the token: no cache on the way may keep it.
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { email } = await verifiedCustomer('wrongpw');
    const wrong = await post('customers/login', {
      login_method: 'email',
      username: email,
      password: 'not-the-password',
    });
    const unknown = await post('customers/login', {
      login_method: 'email',
      username: uniqueEmail('unknown'),
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual([{ field: 'password', message: 'Incorrect email or password.' }]);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('tells an unverified customer with the right password to verify, and sends a new code', async () => {
    const email = uniqueEmail('unverified');
    await signUp(email);
    await ageCodes(email, 61);
    const res = await post('customers/login', { login_method: 'email', username: email, password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      {
        field: 'username',
        message: 'Your email address is not verified. Please verify it with the OTP sent to your email.',
      },
    ]);
    expect(await mailsTo(email)).toHaveLength(2);
    // Right after, the cool-down holds: the answer is the same, no third mail.
    await post('customers/login', { login_method: 'email', username: email, password: PASSWORD });
    expect(await mailsTo(email)).toHaveLength(2);
    // The wrong password does not reveal that the account is unverified.
    const wrong = await post('customers/login', {
      login_method: 'email',
      username: email,
      password: 'WrongPass#9',
    });
    expect(wrong.json()).toEqual([{ field: 'password', message: 'Incorrect email or password.' }]);
  });

  it('logs the demo customer in with its default address', async () => {
    await seedDemoCustomer(t.ctx.db);
    const res = await post('customers/login', {
      login_method: 'email',
      username: DEMO_CUSTOMER_EMAIL,
      password: DEMO_CUSTOMER_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const id = await customerIdOf(DEMO_CUSTOMER_EMAIL);
    const [home] = await t.ctx.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, id), eq(addresses.isDefault, true)));
    expect(home).toMatchObject({ city: 'Jaipur', addressType: 'home' });
    expect(
      res.json<{ customer: { address_id: number | null; email_verified: boolean } }>().customer,
    ).toMatchObject({
      address_id: home?.id,
      email_verified: true,
    });
  });

  it('accepts only the email login method', async () => {
    const res = await post('customers/login', { login_method: 'mobile', username: 'a@b.in', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'login_method', message: "Only the 'email' login method is supported." },
    ]);
  });

  it('limits login attempts per e-mail and IP with a named 429', async () => {
    const email = uniqueEmail('brute');
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await post(
        'customers/login',
        { login_method: 'email', username: email, password: `guess-${i}` },
        { ip },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({
          name: 'Too Many Requests',
          message: 'Too many login attempts. Please wait a minute and try again.',
          code: 0,
          status: 429,
        });
      }
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
    // Another e-mail from the same IP is still allowed.
    const other = await post(
      'customers/login',
      { login_method: 'email', username: uniqueEmail('x'), password: 'y' },
      { ip },
    );
    expect(other.statusCode).toBe(422);
  });

  it('counts only failures against an e-mail and IP: the right password logs in as often as it is typed', async () => {
    const { email } = await verifiedCustomer('often');
    const ip = uniqueIp();
    const login = (password: string) =>
      post('customers/login', { login_method: 'email', username: email, password }, { ip });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await login(PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(15).fill(200));
    // Failures from the same address still meet the limit after ten, right password or not.
    for (let i = 0; i < 9; i += 1) expect((await login(`guess-${i}-x`)).statusCode).toBe(422);
    expect((await login(PASSWORD)).statusCode).toBe(200);
    expect((await login('guess-9-x')).statusCode).toBe(422);
    expect((await login(PASSWORD)).statusCode).toBe(429);
  });
});

/**
 * Per-account limit: 10 failed logins of one e-mail within 15 minutes lock that e-mail for 15
 * minutes, from every client address, whether or not the e-mail has an account.
 */
describe('failed logins lock the e-mail, not just the client address', () => {
  const attempt = (username: string, password: string) =>
    post('customers/login', { login_method: 'email', username, password }, { ip: uniqueIp() });
  const locked = {
    name: 'Too Many Requests',
    message: customerMessages.accountLocked,
    code: 0,
    status: 429,
  };

  it('locks an account after 10 failures from 10 different addresses; the right password waits too', async () => {
    const { email, token } = await verifiedCustomer('lock');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await attempt(email, `guess-${i}-x`)).statusCode);
    expect(statuses).toEqual(Array(10).fill(422));

    const right = await attempt(email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(locked);
    // Sessions opened before the lock keep working; other e-mails are not affected.
    expect((await details(token)).statusCode).toBe(200);
    const other = await verifiedCustomer('lock-other');
    expect((await attempt(other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like an account, so the lock reveals nothing', async () => {
    const { email } = await verifiedCustomer('lock-known');
    const unknown = uniqueEmail('lock-unknown');
    for (let i = 0; i < 10; i += 1) {
      const known = await attempt(email, `guess-${i}-x`);
      const ghost = await attempt(unknown, `guess-${i}-x`);
      expect(ghost.statusCode).toBe(known.statusCode);
      expect(ghost.json()).toEqual(known.json());
    }
    const known = await attempt(email, 'guess-10-x');
    const ghost = await attempt(unknown, 'guess-10-x');
    expect(known.json()).toEqual(locked);
    expect(ghost.json()).toEqual(locked);
  });

  it('still lets the owner in with a verified reset code, which only the mailbox can give', async () => {
    const { email } = await verifiedCustomer('lock-reset');
    for (let i = 0; i < 10; i += 1) await attempt(email, `guess-${i}-x`);
    expect((await attempt(email, PASSWORD)).statusCode).toBe(429);

    await post('customers/forgot_email_password', { email });
    const code = await latestCode(email, RESET_SUBJECT);
    // An unverified code is no way around the lock.
    expect((await attempt(email, code)).json()).toEqual(locked);
    expect(
      (await post('customers/verify_email_forgot_password_otp', { email, email_verification_otp: code }))
        .statusCode,
    ).toBe(200);
    const reset = await attempt(email, code);
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ scope: string }>().scope).toBe('password_reset');
  });
});
