import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, type StaffMe, type StaffRole } from '@shop/contract/admin/staff';
import { ADMIN_API_PREFIX } from '@shop/contract/api-prefix';
import { staffAccounts } from '@shop/db/schema/index';
import { DEMO_STAFF } from '@shop/db/seed/demo-staff';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, testDatabaseOf } from '../../test/test-app.ts';
import { createStaffAccount } from './staff-accounts.service.ts';
import { newTotpSecret, totpCodeAt } from './totp.ts';

/**
 * Signing in to the back office in tests, through the real sign-in API: the demo owner (with
 * its TOTP code), manager or staff member of the seeded database.
 */
export const ADMIN = ADMIN_API_PREFIX;

let ipCounter = 0;
/** A client address of its own per sign-in, so that tests never share the per-address limit. */
export function uniqueStaffIp(): string {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** The `name=value` of the session cookie a response set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('staff_session'));
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export interface SignedInStaff {
  /** cookie + X-CSRF-Token, ready for app.inject. */
  headers: Record<string, string>;
  staff: StaffMe;
}

/**
 * Signs in a demo account and returns the headers of its session. The owner gives a TOTP code;
 * because tests sign the owner in many times a minute, the account's record of the last code used
 * is cleared first (the rule that a code is accepted once has its own test).
 */
export async function signInStaff(app: FastifyInstance, role: StaffRole): Promise<SignedInStaff> {
  const account = DEMO_STAFF.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  const remoteAddress = uniqueStaffIp();
  const first = await app.inject({
    method: 'POST',
    url: `${ADMIN}/session`,
    payload: { email: account.email, password: account.password },
    remoteAddress,
  });
  if (first.statusCode !== 200) throw new Error(`sign-in failed: ${first.statusCode} ${first.body}`);
  let response = first;
  if (first.json<{ step: string }>().step === 'totp') {
    if (!account.totpSecret) throw new Error(`${role} has no TOTP secret`);
    await testDatabaseOf(app)
      .db.update(staffAccounts)
      .set({ totpLastCounter: null })
      .where(eq(staffAccounts.email, account.email));
    response = await app.inject({
      method: 'POST',
      url: `${ADMIN}/session/totp`,
      payload: { code: totpCodeAt(account.totpSecret, new Date()) },
      headers: { cookie: sessionCookieOf(first) },
      remoteAddress,
    });
    if (response.statusCode !== 200)
      throw new Error(`TOTP step failed: ${response.statusCode} ${response.body}`);
  }
  const staff = response.json<{ staff: StaffMe }>().staff;
  return { headers: { cookie: sessionCookieOf(response), [CSRF_HEADER]: staff.csrf_token }, staff };
}

/** The demo accounts of the given roles, each signed in with a session of its own. */
export type StaffByRole<R extends StaffRole> = { readonly [K in R]: SignedInStaff };

/** Signs in the demo account of each role, one after the other (see signInStaff). */
export async function signInRoles<R extends StaffRole>(
  app: FastifyInstance,
  roles: readonly R[],
): Promise<StaffByRole<R>> {
  const signedIn = {} as Record<R, SignedInStaff>;
  for (const role of roles) signedIn[role] = await signInStaff(app, role);
  return signedIn;
}

/**
 * A back-office API call as one of the signed-in roles (`null`: without a session); `url` is the
 * path under the admin prefix, `payload` the JSON body if any.
 */
export type AdminCall<R extends StaffRole> = (
  who: R | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
) => ReturnType<TestApp['request']>;

/** The AdminCall of the `signedIn` staff on the app `t`. */
export function adminCallOf<R extends StaffRole>(t: TestApp, signedIn: StaffByRole<R>): AdminCall<R> {
  return (who, method, url, payload) =>
    t.request({
      method,
      url: `${ADMIN}${url}`,
      headers: who ? signedIn[who].headers : {},
      ...(payload === undefined ? {} : { payload }),
    });
}

/** A test app with demo staff signed in: `signedIn.<role>` for their sessions, `as` to call the API. */
export interface StaffHarness<R extends StaffRole> extends TestApp {
  signedIn: StaffByRole<R>;
  as: AdminCall<R>;
}

/**
 * The set-up of a back-office test: the real app on a fresh seeded database (createTestApp) and
 * the demo account of each of `roles` signed in. Close it with `close()`. A test that needs the
 * payment simulators or a shopper with orders uses staffPaymentsHarness instead.
 */
export async function staffHarness<R extends StaffRole>(roles: readonly R[]): Promise<StaffHarness<R>> {
  const t = await createTestApp();
  const signedIn = await signInRoles(t.app, roles);
  return { ...t, signedIn, as: adminCallOf(t, signedIn) };
}

let accountCounter = 0;
export const TEST_STAFF_PASSWORD = 'Back#office2026';

/**
 * A new staff account of its own (so a test can lock, disable or reset it without touching the
 * demo accounts); with `totp`, second factor on and its secret returned.
 */
export async function makeStaff(
  app: FastifyInstance,
  role: StaffRole,
  options: { totp?: boolean } = {},
): Promise<{ id: number; email: string; password: string; secret: string | null }> {
  accountCounter += 1;
  const email = `${role}-${accountCounter}-${randomBytes(3).toString('hex')}@staff.example.in`;
  const { db } = testDatabaseOf(app);
  const created = await createStaffAccount(
    db,
    { id: null, ip: null },
    { email, name: `Test ${role}`, role, password: TEST_STAFF_PASSWORD },
  );
  const secret = options.totp ? newTotpSecret() : null;
  if (secret)
    await db
      .update(staffAccounts)
      .set({ totpSecret: secret, totpEnabled: true })
      .where(eq(staffAccounts.id, created.staff.id));
  return { id: created.staff.id, email, password: TEST_STAFF_PASSWORD, secret };
}

/** POST /session from a client address of its own. */
export function postSignIn(app: FastifyInstance, email: string, password: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: `${ADMIN}/session`,
    payload: { email, password },
    remoteAddress: uniqueStaffIp(),
    headers: cookie ? { cookie } : {},
  });
}
