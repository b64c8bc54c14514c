/** Customer accounts: sign-up, e-mail verification, resend, and bad input (product rules §4, product rules §10); pending sign-ups (ADR 0007) in customers-signup-pending.test.ts. */
import { customerMessages } from '@shop/contract/customers';
import { customerOtps, customers } from '@shop/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BASE,
  PASSWORD,
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

describe('sign-up and e-mail verification', () => {
  it('signs up, mails a 6-digit code, verifies it and logs the customer in', async () => {
    const email = uniqueEmail('new');
    const res = await signUp(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, registration_token: expect.any(String) });

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(VERIFY_SUBJECT);
    const code = await latestCode(email, VERIFY_SUBJECT);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.html).toContain(code);
    expect(mail?.html).toContain('company-logo-main.png');

    // The code is stored hashed, never in clear.
    const [otp] = await t.ctx.db
      .select()
      .from(customerOtps)
      .where(eq(customerOtps.customerId, await customerIdOf(email)));
    expect(otp?.codeHash).not.toContain(code);

    const verified = await post('customers/verify_email_otp', { email, email_verification_otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.headers['cache-control']).toBe('private, no-store');
    const body = verified.json<{ token: string; scope: string; customer: Record<string, unknown> }>();
    expect(body.scope).toBe('full');
    expect(body.customer).toEqual({
      id: await customerIdOf(email),
      email,
      email_verified: true,
      address_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const me = await details(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.customer);
  });

  it('stores passwords as salted scrypt hashes', async () => {
    const { email } = await verifiedCustomer('hash');
    const [row] = await t.ctx.db
      .select({ hash: customers.passwordHash })
      .from(customers)
      .where(eq(customers.email, email));
    expect(row?.hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.hash).not.toContain(PASSWORD);
  });

  it('answers a sign-up of a registered e-mail like a new one and mails the owner instead (no account enumeration)', async () => {
    const { email, token } = await verifiedCustomer('taken');
    const stranger = uniqueEmail('stranger');
    const [taken, fresh] = [await signUp(email.toUpperCase(), 'Intruder#123'), await signUp(stranger)];
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual({ email, registration_token: expect.any(String) });
    expect(Object.keys(taken.json())).toEqual(Object.keys(fresh.json()));

    // The owner is told how to get in; no code is sent, so the verify screen gets nowhere.
    const [notice] = await mailsTo(email);
    expect(notice?.subject).toBe('You already have a Kesar Foods & Locks account');
    expect(notice?.text).toContain('/forgot-password');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    const guess = await post('customers/verify_email_otp', {
      email,
      email_verification_otp: '123456',
      registration_token: taken.json<{ registration_token: string }>().registration_token,
    });
    expect(guess.statusCode).toBe(422);
    expect(guess.json()).toEqual([{ field: 'email_verification_otp', message: customerMessages.otpInvalid }]);

    // The account is untouched: its password and session still work.
    expect((await details(token)).statusCode).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(200);
    expect(await loginStatus(email, 'Intruder#123')).toBe(422);

    // At most one notice an hour, however often the e-mail is tried.
    expect((await signUp(email)).statusCode).toBe(200);
    expect((await mailsTo(email)).filter((m) => m.subject === notice?.subject)).toHaveLength(1);
  });

  it('DESIGN §5 no enumeration: after a sign-up, resend, login with its password and wrong codes answer a taken e-mail as a new one', async () => {
    const { email, token } = await verifiedCustomer('taken-after');
    await ageCodes(email, 61 * 60);
    const fresh = uniqueEmail('fresh-after');
    const both = async (call: (address: string) => Promise<{ statusCode: number; json: () => unknown }>) => {
      const [a, b] = [await call(email), await call(fresh)];
      return [
        { status: a.statusCode, body: a.json() },
        { status: b.statusCode, body: b.json() },
      ];
    };
    const same = async (call: (address: string) => Promise<{ statusCode: number; json: () => unknown }>) => {
      const [taken, other] = await both(call);
      expect(taken).toEqual(other);
      return taken;
    };

    await same((address) =>
      signUp(address, 'Intruder#123').then((r) => ({ ...r, json: () => r.statusCode })),
    );
    // Resend within the cool-down: the same 429 (its wait may differ by a second; name and status agree).
    const [takenResend, freshResend] = await both((address) =>
      post('customers/resend_email_otp', { email: address }),
    );
    expect(takenResend).toMatchObject({ status: 429, body: { name: 'Too Many Requests' } });
    expect(freshResend).toMatchObject({ status: 429, body: { name: 'Too Many Requests' } });
    // The sign-up's password: 'not verified' for both, on the same field.
    expect(
      await same((address) =>
        post('customers/login', { login_method: 'email', username: address, password: 'Intruder#123' }),
      ),
    ).toEqual({ status: 422, body: [{ field: 'username', message: customerMessages.emailNotVerified }] });
    // Wrong codes: invalid four times, then used up, for both.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await same((address) =>
        post('customers/verify_email_otp', { email: address, email_verification_otp: '000000' }),
      );
      const message = attempt < 5 ? customerMessages.otpInvalid : customerMessages.otpTooManyAttempts;
      expect(answer).toEqual({ status: 422, body: [{ field: 'email_verification_otp', message }] });
    }
    // No code was mailed to the taken e-mail, and its account is untouched.
    expect((await mailsTo(email)).filter((m) => m.subject === VERIFY_SUBJECT)).toHaveLength(1);
    expect((await details(token)).statusCode).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(200);
  });

  it('DESIGN §5 no enumeration: a made-up registration token answers as an ended sign-up for an account and for an unknown e-mail alike', async () => {
    const { email } = await verifiedCustomer('token-probe');
    const unknown = uniqueEmail('token-probe-none');
    const expired = [{ field: 'registration_token', message: customerMessages.registrationExpired }];
    for (const address of [email, unknown]) {
      const resend = await post('customers/resend_email_otp', {
        email: address,
        registration_token: 'made-up',
      });
      expect({ status: resend.statusCode, body: resend.json() }, address).toEqual({
        status: 422,
        body: expired,
      });
      const verify = await post('customers/verify_email_otp', {
        email: address,
        email_verification_otp: '123456',
        registration_token: 'made-up',
      });
      expect({ status: verify.statusCode, body: verify.json() }, address).toEqual({
        status: 422,
        body: expired,
      });
    }
  });

  it('lets an unverified e-mail sign up again: its own password, a new code only after the cool-down', async () => {
    const email = uniqueEmail('again');
    await signUp(email, 'FirstPass#1');
    const firstCode = await latestCode(email, VERIFY_SUBJECT);

    const within = await signUp(email, 'SecondPass#2');
    expect(within.statusCode).toBe(200);
    expect(within.json()).toEqual({ email, registration_token: expect.any(String) });
    expect(await mailsTo(email)).toHaveLength(1);

    await ageCodes(email, 61);
    expect((await signUp(email, 'ThirdPass#3')).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(2);
    const newCode = await latestCode(email, VERIFY_SUBJECT);

    expect(
      (await post('customers/verify_email_otp', { email, email_verification_otp: newCode })).statusCode,
    ).toBe(200);
    const logIn = (password: string) =>
      post('customers/login', { login_method: 'email', username: email, password });
    expect((await logIn('ThirdPass#3')).statusCode).toBe(200);
    expect((await logIn('FirstPass#1')).statusCode).toBe(422);
    expect((await logIn('SecondPass#2')).statusCode).toBe(422);
    // Verification ended the other pending sign-ups and their codes.
    if (newCode !== firstCode) {
      const old = await post('customers/verify_email_otp', { email, email_verification_otp: firstCode });
      expect(old.json()).toEqual([{ field: 'email_verification_otp', message: customerMessages.otpInvalid }]);
    }
  });

  it('invalidates a code after 5 wrong attempts', async () => {
    const email = uniqueEmail('wrong');
    await signUp(email);
    const code = await latestCode(email, VERIFY_SUBJECT);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post('customers/verify_email_otp', { email, email_verification_otp: wrong });
      expect(res.statusCode).toBe(422);
      answers.push(res.json<{ message: string }[]>()[0]?.message ?? '');
    }
    expect(answers).toEqual([
      customerMessages.otpInvalid,
      customerMessages.otpInvalid,
      customerMessages.otpInvalid,
      customerMessages.otpInvalid,
      'Too many wrong attempts. Please request a new OTP.',
    ]);
    const right = await post('customers/verify_email_otp', { email, email_verification_otp: code });
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual([
      { field: 'email_verification_otp', message: 'Too many wrong attempts. Please request a new OTP.' },
    ]);

    // A new code (after the cool-down) works again.
    await ageCodes(email, 61);
    expect((await post('customers/resend_email_otp', { email })).statusCode).toBe(200);
    const fresh = await latestCode(email, VERIFY_SUBJECT);
    expect(
      (await post('customers/verify_email_otp', { email, email_verification_otp: fresh })).statusCode,
    ).toBe(200);
  });

  it('rejects an expired code (10 minutes)', async () => {
    const email = uniqueEmail('expired');
    await signUp(email);
    const code = await latestCode(email, VERIFY_SUBJECT);
    const [otp] = await t.ctx.db
      .select({ expiresAt: customerOtps.expiresAt, createdAt: customerOtps.createdAt })
      .from(customerOtps)
      .where(eq(customerOtps.customerId, await customerIdOf(email)));
    expect((otp?.expiresAt.getTime() ?? 0) - (otp?.createdAt.getTime() ?? 0)).toBe(10 * 60_000);

    await t.ctx.db
      .update(customerOtps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(customerOtps.customerId, await customerIdOf(email)));
    const res = await post('customers/verify_email_otp', { email, email_verification_otp: code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'email_verification_otp', message: 'The OTP is invalid or has expired.' },
    ]);
  });

  it('accepts the code sent as a JSON number (product rules §3 e-mail verification: email_verification_otp)', async () => {
    const email = uniqueEmail('numeric-code');
    await signUp(email);
    const code = await latestCode(email, VERIFY_SUBJECT);
    const res = await post('customers/verify_email_otp', { email, email_verification_otp: Number(code) });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });

  it('answers a code for an unknown e-mail like a wrong code', async () => {
    const res = await post('customers/verify_email_otp', {
      email: uniqueEmail('nobody'),
      email_verification_otp: '123456',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'email_verification_otp', message: customerMessages.otpInvalid }]);
  });
});

describe('resend verification code', () => {
  it('refuses a resend within 60 seconds with a named 429, then sends a new code', async () => {
    const email = uniqueEmail('resend');
    await signUp(email);
    const first = await latestCode(email, VERIFY_SUBJECT);

    const early = await post('customers/resend_email_otp', { email });
    expect(early.statusCode).toBe(429);
    const body = early.json<{ name: string; message: string; code: number; status: number }>();
    expect(body).toMatchObject({ name: 'Too Many Requests', code: 0, status: 429 });
    expect(body.message).toMatch(/^Please wait (60|59) seconds before requesting a new OTP\.$/);

    await ageCodes(email, 45);
    const stillEarly = await post('customers/resend_email_otp', { email });
    expect(stillEarly.json<{ message: string }>().message).toMatch(/^Please wait 1[45] seconds/);

    await ageCodes(email, 16);
    const ok = await post('customers/resend_email_otp', { email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'OTP sent to your given email address.' });
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await latestCode(email, VERIFY_SUBJECT);
    if (second !== first) {
      const old = await post('customers/verify_email_otp', { email, email_verification_otp: first });
      expect(old.statusCode).toBe(422);
    }
    expect(
      (await post('customers/verify_email_otp', { email, email_verification_otp: second })).statusCode,
    ).toBe(200);
  });

  it('answers an unknown e-mail with the same success message and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('customers/resend_email_otp', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your given email address.' });
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('bad input', () => {
  it('reports every missing sign-up field with the product message', async () => {
    const res = await post('customers', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'email', message: 'This is a required field.' },
      { field: 'password', message: 'This is a required field.' },
      { field: 'confirm_password', message: 'This is a required field.' },
    ]);
  });

  it("product rules §5 'This is a required field.': a password of nothing but spaces is no password, and nothing is signed up", async () => {
    const email = uniqueEmail('blank-password');
    const blank = ' '.repeat(10);
    const res = await post('customers', { email, password: blank, confirm_password: blank });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'password', message: 'This is a required field.' }]);
    const empty = await post('customers', { email, password: '', confirm_password: '' });
    expect(empty.json()).toContainEqual({ field: 'password', message: 'This is a required field.' });
    // Spaces inside a password are the customer's to choose.
    const spaced = await post('customers', {
      email,
      password: ' kesar  foods ',
      confirm_password: ' kesar  foods ',
    });
    expect(spaced.statusCode).toBe(200);
  });

  it('checks e-mail format, password length and matching passwords', async () => {
    const bad = await post('customers', {
      email: 'no spaces@x',
      password: 'short',
      confirm_password: 'short',
    });
    expect(bad.json()).toEqual([
      { field: 'email', message: 'This must be a valid email address.' },
      { field: 'password', message: 'Password must be at least 8 characters long.' },
    ]);
    const mismatch = await post('customers', {
      email: uniqueEmail('mismatch'),
      password: 'LongEnough1',
      confirm_password: 'LongEnough2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toEqual([{ field: 'confirm_password', message: 'Passwords must match.' }]);
  });

  it("product rules §5 'Passwords must match.': an over-long confirmation is a mismatch, not 'This is a required field.'", async () => {
    const res = await post('customers', {
      email: uniqueEmail('long-confirm'),
      password: 'LongEnough1',
      confirm_password: 'x'.repeat(200),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'confirm_password', message: 'Passwords must match.' }]);
  });

  it("product rules §5: a too-long password typed twice alike is told its length once, not also 'Passwords must match.'", async () => {
    const long = 'a'.repeat(129);
    const res = await post('customers', {
      email: uniqueEmail('long-both'),
      password: long,
      confirm_password: long,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'password', message: 'Password must be at most 128 characters long.' },
    ]);
  });

  it('answers wrong types, huge strings and non-JSON bodies with 4xx, never 500', async () => {
    const cases: { path: string; payload: unknown }[] = [
      { path: 'customers', payload: { email: 42, password: ['x'], confirm_password: null } },
      {
        path: 'customers',
        payload: { email: `${'a'.repeat(20_000)}@x.in`, password: 'x'.repeat(20_000), confirm_password: 'x' },
      },
      { path: 'customers/login', payload: { username: { $ne: '' }, password: true } },
      {
        path: 'customers/login',
        payload: { login_method: 'email', username: 'a@b.in', password: 'p'.repeat(50_000) },
      },
      { path: 'customers/verify_email_otp', payload: { email: 'a@b.in', email_verification_otp: 123456 } },
      { path: 'customers/verify_email_otp', payload: { email: 'a@b.in', email_verification_otp: '12345a' } },
      { path: 'customers/verify_email_forgot_password_otp', payload: { email: 'a@b.in' } },
      { path: 'customers/resend_email_otp', payload: [] },
    ];
    for (const { path, payload } of cases) {
      const res = await post(path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 60)}`).toBe(422);
      const body = res.json<{ field: string; message: string }[]>();
      expect(Array.isArray(body) && body.length > 0 && typeof body[0]?.message === 'string').toBe(true);
    }
    const otp = await post('customers/verify_email_otp', {
      email: 'a@b.in',
      email_verification_otp: '12345a',
    });
    expect(otp.json()).toEqual([
      { field: 'email_verification_otp', message: 'The OTP must be the 6 digits from the email.' },
    ]);

    const tooLarge = await t.request({
      method: 'POST',
      url: `${BASE}/customers`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(100_000) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ name: 'Payload Too Large', code: 0, status: 413 });

    const plainText = await post('customers/forgot_email_password', 'plain text');
    expect(plainText.statusCode).toBe(415);
    expect(plainText.json()).toMatchObject({ name: 'Unsupported Media Type', code: 0, status: 415 });

    const broken = await t.request({
      method: 'POST',
      url: `${BASE}/customers/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ name: 'Bad Request', code: 0, status: 400 });
  });
});
