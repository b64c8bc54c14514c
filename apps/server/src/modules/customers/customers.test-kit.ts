/**
 * Shared setup of the customer-account integration tests (customers-*.test.ts): one app per test
 * file, unique e-mails and client IPs, and reading codes from the mail outbox as a customer would.
 */
import { randomBytes } from 'node:crypto';
import { customerOtps, customers, mailOutbox } from '@shop/db/schema/index';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Tokens for customers made by other modules' test kits. */
export { issueToken } from './customer-token.ts';

export const BASE = '/backend/api/web';
export const VERIFY_SUBJECT = 'Your Kesar Foods & Locks verification code';
export const RESET_SUBJECT = 'Your password reset code';
export const PASSWORD_CHANGED_SUBJECT = 'Your Kesar Foods & Locks password was changed';
export const PASSWORD = 'Saffron#2024';

/** The test file's app: call useCustomersTestApp() once at the top of the file. */
export const t = {} as TestApp;
export function useCustomersTestApp() {
  beforeAll(async () => {
    Object.assign(t, await createTestApp());
  });
  afterAll(() => t.close());
}

/** A unique e-mail and client IP per test, so that tests do not share accounts or rate limits. */
export function uniqueEmail(label: string) {
  return `${label}-${randomBytes(4).toString('hex')}@example.in`;
}
let ipCounter = 0;
export function uniqueIp() {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

interface CallOptions {
  token?: string;
  ip?: string;
}
export async function post(path: string, payload: unknown, options: CallOptions = {}) {
  return t.request({
    method: 'POST',
    url: `${BASE}/${path}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}
export async function details(token: string) {
  return t.request({
    method: 'GET',
    url: `${BASE}/customers/details`,
    headers: { authorization: `Bearer ${token}` },
  });
}

export async function mailsTo(email: string) {
  return t.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id));
}
/** The 6-digit code of the newest mail to `email` with `subject`, as a customer would read it. */
export async function latestCode(email: string, subject: string): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => m.subject === subject);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no ${subject} mail to ${email}`);
  return code;
}
export async function customerIdOf(email: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  if (!row) throw new Error(`no customer ${email}`);
  return row.id;
}
/** Moves the customer's codes back in time, as if `seconds` had passed since they were sent. */
export async function ageCodes(email: string, seconds: number) {
  const id = await customerIdOf(email);
  await t.ctx.db
    .update(customerOtps)
    .set({ createdAt: sql`${customerOtps.createdAt} - (${seconds} * interval '1 second')` })
    .where(eq(customerOtps.customerId, id));
}

/** The status of a login with an e-mail and password (the storefront's form: login_method 'email'). */
export async function loginStatus(email: string, password: string): Promise<number> {
  return (await post('customers/login', { login_method: 'email', username: email, password })).statusCode;
}
export async function signUp(email: string, password = PASSWORD) {
  return post('customers', { email, password, confirm_password: password });
}
/** A verified account and its first token. */
export async function verifiedCustomer(label: string, password = PASSWORD) {
  const email = uniqueEmail(label);
  expect((await signUp(email, password)).statusCode).toBe(200);
  const res = await post('customers/verify_email_otp', {
    email,
    email_verification_otp: await latestCode(email, VERIFY_SUBJECT),
  });
  expect(res.statusCode).toBe(200);
  return { email, token: res.json<{ token: string }>().token };
}
