/**
 * Pending sign-ups (ADR 0007): a code activates only its own sign-up's password, codes are capped
 * per e-mail and day, and pending sign-ups end after 24 hours. Sign-up, verification and their
 * bad input are in customers-signup.test.ts.
 */
import { customerMessages } from '@shop/contract/customers';
import { customerOtps, customerRegistrations } from '@shop/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  VERIFY_SUBJECT,
  ageCodes,
  customerIdOf,
  latestCode,
  mailsTo,
  post,
  signUp,
  t,
  uniqueEmail,
  useCustomersTestApp,
} from './customers.test-kit.ts';

useCustomersTestApp();

/** The verify screen's call: the e-mail, the code typed, and the sign-up's handle. */
const verify = (email: string, code: string, registrationToken: string) =>
  post('customers/verify_email_otp', {
    email,
    email_verification_otp: code,
    registration_token: registrationToken,
  });

/**
 * ADR 0007: a verification code activates only the password chosen in the sign-up that produced
 * it. Somebody who signs up with another person's unverified e-mail address must not end up
 * owning the account when the real owner types the code from their mailbox.
 */
describe('no takeover before verification (ADR 0007)', () => {
  const VICTIM = 'Victim#Pass1';
  const ATTACKER = 'Attacker#Pass2';
  const login = (email: string, password: string) =>
    post('customers/login', { login_method: 'email', username: email, password });
  const register = async (email: string, password: string) => {
    const res = await signUp(email, password);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ email: string; registration_token?: string }>();
    expect(body.registration_token).toEqual(expect.stringMatching(/^[\w-]{32,}$/));
    return body.registration_token as string;
  };

  it('victim first, attacker within the cool-down: the victim’s code activates the victim’s password', async () => {
    const email = uniqueEmail('victim-first');
    const victimToken = await register(email, VICTIM);
    const victimCode = await latestCode(email, VERIFY_SUBJECT);
    await register(email, ATTACKER); // no new mail inside the cool-down

    const verified = await verify(email, victimCode, victimToken);
    expect(verified.statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(422);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
  });

  it('victim first, the plain flow without a registration token: the code still activates only its own sign-up', async () => {
    const email = uniqueEmail('victim-first-plain');
    await register(email, VICTIM);
    const victimCode = await latestCode(email, VERIFY_SUBJECT);
    await register(email, ATTACKER);

    const verified = await post('customers/verify_email_otp', { email, email_verification_otp: victimCode });
    expect(verified.statusCode).toBe(200);
    expect((await login(email, ATTACKER)).json()).toEqual([
      { field: 'password', message: customerMessages.wrongCredentials },
    ]);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
  });

  it('victim first, attacker after the cool-down: the attacker’s code typed in the victim’s browser activates nothing', async () => {
    const email = uniqueEmail('victim-first-late');
    const victimToken = await register(email, VICTIM);
    const victimCode = await latestCode(email, VERIFY_SUBJECT);
    await ageCodes(email, 61);
    await register(email, ATTACKER);
    const attackerCode = await latestCode(email, VERIFY_SUBJECT);
    expect(await mailsTo(email)).toHaveLength(2);

    if (attackerCode !== victimCode) {
      const wrong = await verify(email, attackerCode, victimToken);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual([
        { field: 'email_verification_otp', message: customerMessages.otpInvalid },
      ]);
      // Nothing was activated: the attacker's sign-up is still only pending.
      expect((await login(email, ATTACKER)).json()).toEqual([
        { field: 'username', message: customerMessages.emailNotVerified },
      ]);
    }
    // The attacker's sign-up did not cancel the victim's code either.
    const verified = await verify(email, victimCode, victimToken);
    expect(verified.statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(422);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
    // The attacker's pending sign-up died with the verification.
    const late = await post('customers/verify_email_otp', { email, email_verification_otp: attackerCode });
    expect(late.statusCode).toBe(422);
  });

  it('attacker first: the victim’s own sign-up and code win, the attacker’s code does not fit the victim’s sign-up', async () => {
    const email = uniqueEmail('attacker-first');
    const attackerToken = await register(email, ATTACKER);
    const attackerCode = await latestCode(email, VERIFY_SUBJECT);
    await ageCodes(email, 61);
    const victimToken = await register(email, VICTIM);
    const victimCode = await latestCode(email, VERIFY_SUBJECT);

    if (attackerCode !== victimCode) {
      // The newest-but-one mail, typed in the victim's browser: refused.
      const wrong = await verify(email, attackerCode, victimToken);
      expect(wrong.statusCode).toBe(422);
      // The victim's code with the attacker's handle: refused as well.
      const crossed = await verify(email, victimCode, attackerToken);
      expect(crossed.statusCode).toBe(422);
    }
    const verified = await verify(email, victimCode, victimToken);
    expect(verified.statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(422);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
  });

  it('attacker first, victim signs up within the cool-down: the one mailed code, typed on the victim’s screen, activates the victim’s password', async () => {
    const email = uniqueEmail('attacker-first-early');
    const attackerToken = await register(email, ATTACKER);
    const mailedCode = await latestCode(email, VERIFY_SUBJECT);
    const victimToken = await register(email, VICTIM);
    expect(await mailsTo(email)).toHaveLength(1);

    // The attacker's screen without the code: nothing.
    const guess = mailedCode === '000000' ? '111111' : '000000';
    const guessed = await verify(email, guess, attackerToken);
    expect(guessed.statusCode).toBe(422);

    const verified = await verify(email, mailedCode, victimToken);
    expect(verified.statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(422);
    expect((await login(email, VICTIM)).statusCode).toBe(200);
    // The attacker's sign-up ended with the verification, its share of the code too.
    const late = await verify(email, mailedCode, attackerToken);
    expect(late.json()).toEqual([
      { field: 'registration_token', message: customerMessages.registrationExpired },
    ]);
  });

  it('a sign-up sent twice within the cool-down: one mail, and its code verifies the second sign-up with the second password', async () => {
    const email = uniqueEmail('twice');
    await register(email, 'FirstTry#1');
    const secondToken = await register(email, 'SecondTry#2');
    expect(await mailsTo(email)).toHaveLength(1);
    const code = await latestCode(email, VERIFY_SUBJECT);

    const verified = await verify(email, code, secondToken);
    expect(verified.statusCode).toBe(200);
    expect((await login(email, 'SecondTry#2')).statusCode).toBe(200);
    expect((await login(email, 'FirstTry#1')).statusCode).toBe(422);
  });

  it('a code shared by sign-ups inside the cool-down has one budget of 5 tries, not 5 per sign-up', async () => {
    const email = uniqueEmail('shared-tries');
    const firstToken = await register(email, VICTIM);
    const code = await latestCode(email, VERIFY_SUBJECT);
    const tokens = [await register(email, ATTACKER), await register(email, 'Third#Pass3')];
    const wrong = ['000000', '111111'].find((c) => c !== code) as string;
    for (let i = 0; i < 5; i += 1) {
      const token = tokens[i % 2] as string;
      await verify(email, wrong, token);
    }
    for (const token of [firstToken, ...tokens]) {
      const res = await verify(email, code, token);
      expect(res.json()).toEqual([
        { field: 'email_verification_otp', message: customerMessages.otpTooManyAttempts },
      ]);
    }
    // Still one code sent, for the daily count as well.
    const customerId = await customerIdOf(email);
    const rows = await t.ctx.db.select().from(customerOtps).where(eq(customerOtps.customerId, customerId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.codeHash)).size).toBe(1);
  });

  it('without a token, a wrong code counts as a try against every pending code: none gets more than 5', async () => {
    const email = uniqueEmail('two-pending');
    await register(email, VICTIM);
    const first = await latestCode(email, VERIFY_SUBJECT);
    await ageCodes(email, 61);
    await register(email, ATTACKER);
    const second = await latestCode(email, VERIFY_SUBJECT);
    const wrong = ['000000', '111111', '222222'].find((c) => c !== first && c !== second) as string;
    for (let i = 0; i < 5; i += 1)
      await post('customers/verify_email_otp', { email, email_verification_otp: wrong });
    for (const code of [first, second]) {
      const res = await post('customers/verify_email_otp', { email, email_verification_otp: code });
      expect(res.json()).toEqual([
        { field: 'email_verification_otp', message: customerMessages.otpTooManyAttempts },
      ]);
    }
  });

  it('sends at most 10 verification codes per e-mail within 24 hours', async () => {
    const email = uniqueEmail('verify-daily');
    await register(email, VICTIM);
    const customerId = await customerIdOf(email);
    await t.ctx.db.insert(customerOtps).values(
      Array.from({ length: 9 }, () => ({
        customerId,
        purpose: 'verify_email',
        codeHash: `earlier-code-${Math.random()}`, // each a code of its own: codes count by hash
        consumedAt: sql`now()`,
        expiresAt: sql`now()`,
        createdAt: sql`now() - interval '1 hour'`,
      })),
    );
    await ageCodes(email, 61);
    const res = await post('customers/resend_email_otp', { email });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      name: 'Too Many Requests',
      message: customerMessages.tooManyCodesToday,
      code: 0,
      status: 429,
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('pending sign-ups expire after 24 hours: their codes then activate nothing', async () => {
    const email = uniqueEmail('expired-signup');
    const token = await register(email, VICTIM);
    const code = await latestCode(email, VERIFY_SUBJECT);
    await t.ctx.db
      .update(customerRegistrations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(customerRegistrations.customerId, await customerIdOf(email)));
    const [registration] = await t.ctx.db
      .select()
      .from(customerRegistrations)
      .where(eq(customerRegistrations.customerId, await customerIdOf(email)));
    expect(registration?.passwordHash).toMatch(/^scrypt\$/);

    const plain = await post('customers/verify_email_otp', { email, email_verification_otp: code });
    expect(plain.statusCode).toBe(422);
    const withToken = await verify(email, code, token);
    expect(withToken.statusCode).toBe(422);
    expect(withToken.json()).toEqual([
      { field: 'registration_token', message: customerMessages.registrationExpired },
    ]);
    expect((await login(email, VICTIM)).statusCode).toBe(422);
  });

  it('a registration’s lifetime is 24 hours', async () => {
    const email = uniqueEmail('signup-ttl');
    await register(email, VICTIM);
    const [registration] = await t.ctx.db
      .select()
      .from(customerRegistrations)
      .where(eq(customerRegistrations.customerId, await customerIdOf(email)));
    expect((registration?.expiresAt.getTime() ?? 0) - (registration?.createdAt.getTime() ?? 0)).toBe(
      24 * 3_600_000,
    );
  });
});
