import { messages } from '@shop/contract/messages';
import {
  captchaSolutions,
  contactEnquiries,
  mailOutbox,
  newsletterSubscriptions,
  settings,
} from '@shop/db/schema/index';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CAPTCHA_POLICY, captchaKeys } from './captcha.service.ts';

const API = '/backend/api/web';
const SHOP_MAIL = 'enquiries@kesar.test';

/** Solves a challenge the way the browser widget does and encodes the payload it posts. */
async function solvedPayload(
  challenge: Challenge,
  tamper?: (derivedKey: string) => string,
  derive: typeof deriveKey = deriveKey,
): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey: derive, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the challenge');
  const derivedKey = tamper ? tamper(solution.derivedKey) : solution.derivedKey;
  return Buffer.from(JSON.stringify({ challenge, solution: { ...solution, derivedKey } })).toString('base64');
}

/** A cheap challenge signed with the app's key (the real one costs ~0.5 s to solve). */
async function cheapChallenge(hmacKey: string, options: { expiresAt?: number } = {}): Promise<Challenge> {
  const keys = await captchaKeys(hmacKey);
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: 3,
    deriveKey,
    hmacSignatureSecret: keys.signatureSecret,
    hmacKeySignatureSecret: keys.keySignatureSecret,
    expiresAt: options.expiresAt ?? Math.floor(Date.now() / 1000) + 600,
  });
}

let ipCounter = 0;
/** Each test posts from its own address so the per-IP limit only bites where it is tested. */
const nextIp = () => `10.0.0.${++ipCounter}`;

describe('engagement API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.db
      .insert(settings)
      .values({ key: 'company_email_address', value: SHOP_MAIL })
      .onConflictDoUpdate({ target: settings.key, set: { value: SHOP_MAIL } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, ip = nextIp()) =>
    t.request({ method: 'POST', url: `${API}/${url}`, payload: payload as object, remoteAddress: ip });

  describe('POST newsletters', () => {
    it('subscribes once; the same address in other letter case is "already subscribed" and adds no row', async () => {
      const first = await post('newsletters', { email: 'Asha.Rao@Example.in' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: 'Thank you for subscribing to our newsletter.' });
      const again = await post('newsletters', { email: '  asha.rao@example.IN ' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: 'You are already subscribed to our newsletter.' });
      const rows = await t.ctx.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, 'asha.rao@example.in'));
      expect(rows).toHaveLength(1);
    });

    const invalid = 'This must be a valid email address.';
    it.each([
      ['an invalid address', { email: 'not an email' }, invalid],
      ['a number', { email: 12345 }, invalid],
      ['SQL in the address', { email: "' OR 1=1 --" }, invalid],
      // Product rules §5: an empty newsletter e-mail is told 'Please enter a valid email address'.
      ['an empty address', { email: '  ' }, messages.newsletterEmpty],
      ['a missing field', {}, messages.newsletterEmpty],
      ['an array body', [1, 2], messages.newsletterEmpty],
    ])('answers %s with 422 on the email field', async (_label, body, message) => {
      const res = await post('newsletters', body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'email', message }]);
    });

    it('answers a request without body with 422 on the email field', async () => {
      const res = await t.request({ method: 'POST', url: `${API}/newsletters`, remoteAddress: nextIp() });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'email', message: messages.newsletterEmpty }]);
    });
  });

  describe('GET captcha/challenge', () => {
    it('returns a signed PBKDF2 challenge that expires in 10 minutes and is never cached', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await t.request({ method: 'GET', url: `${API}/captcha/challenge` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const challenge = res.json<Challenge>();
      expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: CAPTCHA_POLICY.cost });
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(before + 600);
      expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(before + 602);
    });
  });

  describe('POST contact_queries', () => {
    const enquiry = {
      name: 'Asha Rao',
      email_address: 'asha@example.in',
      contact_number: '+91 98765-43210',
      message: 'Do you ship padlocks to Pune?',
    };

    it('accepts a solved challenge from GET captcha/challenge, stores the enquiry and queues a mail; a replay is rejected', async () => {
      const challenge = (
        await t.request({ method: 'GET', url: `${API}/captcha/challenge` })
      ).json<Challenge>();
      let attempts = 0;
      const captcha_value = await solvedPayload(challenge, undefined, (...args) => {
        attempts += 1;
        return deriveKey(...args);
      });
      // The cost is meant for ~1 s on a phone with workers. Counted in work, not in time (a busy
      // machine stretches time): at most counterMax + 1 attempts of `cost` PBKDF2 iterations,
      // ≈0.2 ms each in Node, so one thread needs at most ~1 s.
      expect(attempts).toBeGreaterThan(0);
      expect(attempts).toBeLessThanOrEqual(CAPTCHA_POLICY.counterMax + 1);
      expect((CAPTCHA_POLICY.counterMax + 1) * CAPTCHA_POLICY.cost).toBeLessThanOrEqual(5_001_000);

      const res = await post('contact_queries', { ...enquiry, captcha_value });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Your message has been sent successfully.' });

      const [stored] = await t.ctx.db
        .select()
        .from(contactEnquiries)
        .where(eq(contactEnquiries.emailAddress, 'asha@example.in'));
      expect(stored).toMatchObject({
        name: 'Asha Rao',
        contactNumber: '+91 98765-43210',
        subject: 'New enquiry from Asha Rao',
        message: 'Do you ship padlocks to Pune?',
      });
      const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, SHOP_MAIL));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('New enquiry from Asha Rao');
      expect(mails[0]?.text).toContain('Do you ship padlocks to Pune?');
      expect(mails[0]?.text).toContain('asha@example.in');

      const replay = await post('contact_queries', { ...enquiry, captcha_value });
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toEqual([{ field: 'captcha_value', message: 'Please verify captch!' }]);
      const count = await t.ctx.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(contactEnquiries);
      expect(count[0]?.n).toBe(1);
    });

    it('uses the given subject instead of the default', async () => {
      const captcha_value = await solvedPayload(await cheapChallenge(t.ctx.config.captchaHmacKey));
      const res = await post('contact_queries', {
        ...enquiry,
        subject: 'Bulk order of kaju katli',
        captcha_value,
      });
      expect(res.statusCode).toBe(200);
      const rows = await t.ctx.db
        .select()
        .from(contactEnquiries)
        .where(eq(contactEnquiries.subject, 'Bulk order of kaju katli'));
      expect(rows).toHaveLength(1);
    });

    it('lists every invalid field with the product messages', async () => {
      const res = await post('contact_queries', {});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([
        { field: 'name', message: 'This is a required field.' },
        { field: 'email_address', message: 'This is a required field.' },
        { field: 'contact_number', message: 'This is a required field.' },
        { field: 'message', message: 'This is a required field.' },
        { field: 'captcha_value', message: 'Please verify captch!' },
      ]);
    });

    it.each([
      ['email_address', 'asha at example', 'This must be a valid email address.'],
      ['contact_number', '12345', 'This must be a valid phone number.'],
      ['contact_number', '98765abcde', 'This must be a valid phone number.'],
      ['contact_number', '+91 1234 5678 9012 3456', 'This must be a valid phone number.'],
      ['name', '   ', 'This is a required field.'],
      // Something was sent, so not "required": the wrong type is named (product rules §7: a clear error).
      ['name', 42, 'This must be text.'],
    ])('rejects %s = %j', async (field, value, message) => {
      const captcha_value = await solvedPayload(await cheapChallenge(t.ctx.config.captchaHmacKey));
      const res = await post('contact_queries', { ...enquiry, [field]: value, captcha_value });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field, message }]);
    });

    it.each(['0712345678', '+91-98765-43210', '+44 20 7946 0958', 9876543210])(
      'accepts the phone number %s',
      async (contact_number) => {
        const captcha_value = await solvedPayload(await cheapChallenge(t.ctx.config.captchaHmacKey));
        const res = await post('contact_queries', { ...enquiry, contact_number, captcha_value });
        expect(res.statusCode).toBe(200);
      },
    );

    it('rejects a wrong solution, an expired challenge, a foreign signature and garbage', async () => {
      const key = t.ctx.config.captchaHmacKey;
      const wrong = await solvedPayload(
        await cheapChallenge(key),
        (k) => `${k.slice(0, -2)}${k.endsWith('00') ? '11' : '00'}`,
      );
      const expired = await solvedPayload(
        await cheapChallenge(key, { expiresAt: Math.floor(Date.now() / 1000) - 1 }),
      );
      const foreign = await solvedPayload(await cheapChallenge('some-other-shops-captcha-key'));
      for (const captcha_value of [
        wrong,
        expired,
        foreign,
        'abc',
        '%%%',
        Buffer.from('{"x":1}').toString('base64'),
      ]) {
        const res = await post('contact_queries', { ...enquiry, captcha_value });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual([{ field: 'captcha_value', message: 'Please verify captch!' }]);
      }
      const used = await t.ctx.db.select().from(captchaSolutions);
      expect(used.every((u) => u.expiresAt > Math.floor(Date.now() / 1000))).toBe(true);
    });

    it('limits enquiries to 5 a minute per IP with a named 429', async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await post('contact_queries', { ...enquiry, captcha_value: 'abc' }, ip);
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
      const last = await post('contact_queries', { ...enquiry, captcha_value: 'abc' }, ip);
      expect(last.json()).toEqual({
        name: 'Too Many Requests',
        message: messages.tooManyContactQueries,
        code: 0,
        status: 429,
      });
      // Another visitor is not affected.
      expect((await post('contact_queries', { ...enquiry, captcha_value: 'abc' })).statusCode).toBe(422);
    });
  });
});
