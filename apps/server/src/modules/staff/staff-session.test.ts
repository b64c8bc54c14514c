import { CSRF_HEADER, staffMessages } from '@shop/contract/admin/staff';
import { auditLog, staffAccounts, staffRecoveryCodes, staffSessions } from '@shop/db/schema/index';
import { DEMO_OWNER } from '@shop/db/seed/demo-staff';
import { queryRows } from '@shop/db/seed/raw-rows';
import { openSecret } from '@shop/db/secret-box';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer } from '../orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STAFF_LOCKOUT } from './staff-lockout.ts';
import {
  completeSecondFactor,
  findStaffSession,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  signIn,
} from './staff.service.ts';
import {
  ADMIN,
  makeStaff,
  postSignIn,
  sessionCookieOf,
  signInStaff,
  uniqueStaffIp,
} from './staff.test-kit.ts';
import { newRecoveryCodes, totpCodeAt } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) =>
  t.request({ method: 'GET', url: `${ADMIN}/session`, headers });
const client = () => ({ ip: uniqueStaffIp(), userAgent: 'vitest' });

describe('sign-in with password and second factor', () => {
  it('signs the demo manager in with a password alone and answers GET /session', async () => {
    const { headers, staff } = await signInStaff(t.app, 'manager');
    expect(staff).toMatchObject({ email: 'manager@kesarfoods.in', role: 'manager', totp_enabled: false });
    expect(staff.permissions).toEqual([
      'catalogue',
      'content',
      'coupons',
      'orders',
      'refunds',
      'customers',
      'stock',
    ]);
    const answer = await me(headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ staff });
  });

  it("marks staff answers private, no-store, as a customer's: no shared cache keeps the back office's data", async () => {
    const { headers } = await signInStaff(t.app, 'manager');
    for (const url of [`${ADMIN}/session`, `${ADMIN}/orders`]) {
      const res = await t.request({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const refused = await t.request({ method: 'GET', url: `${ADMIN}/orders` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('sets an httpOnly, SameSite=Strict session cookie', async () => {
    const response = await postSignIn(t.app, 'manager@kesarfoods.in', 'Manager@12345');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const cookie = response.cookies.find((c) => c.name === 'staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  });

  it('uses a __Host- prefixed Secure cookie when the shop is served over https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.in' } });
    try {
      const response = await postSignIn(https.app, 'manager@kesarfoods.in', 'Manager@12345');
      const cookie = response.cookies.find((c) => c.name === '__Host-staff_session');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
      expect(cookie).not.toHaveProperty('domain');
    } finally {
      await https.close();
    }
  });

  it('asks the owner for the TOTP code before the session is live, and rotates the token at that step', async () => {
    const first = await postSignIn(t.app, DEMO_OWNER.email, DEMO_OWNER.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ step: 'totp' });
    const pendingCookie = sessionCookieOf(first);
    expect((await me({ cookie: pendingCookie })).statusCode).toBe(401);

    const owner = await signInStaff(t.app, 'owner');
    expect(owner.staff).toMatchObject({ role: 'owner', totp_enabled: true });
    expect(owner.staff.permissions).toContain('audit');
    expect(owner.headers.cookie).not.toBe(pendingCookie);
  });

  it('accepts a TOTP code once: the same code cannot open a second session', async () => {
    const account = await makeStaff(t.app, 'manager', { totp: true });
    const secret = account.secret ?? '';
    const now = new Date();
    const code = totpCodeAt(secret, now);
    const first = await signIn(t.ctx, { email: account.email, password: account.password }, client(), now);
    const done = await completeSecondFactor(
      t.ctx,
      code,
      { ...client(), presentedToken: first.token ?? '' },
      now,
    );
    expect(done.body.step).toBe('done');
    const second = await signIn(t.ctx, { email: account.email, password: account.password }, client(), now);
    await expect(
      completeSecondFactor(t.ctx, code, { ...client(), presentedToken: second.token ?? '' }, now),
    ).rejects.toMatchObject({ status: 422, message: staffMessages.codeInvalid });
  });

  it('refuses a wrong TOTP code with the named message', async () => {
    const account = await makeStaff(t.app, 'staff', { totp: true });
    const first = await postSignIn(t.app, account.email, account.password);
    const wrong = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp`,
      headers: { cookie: sessionCookieOf(first) },
      payload: { code: '000000' === totpCodeAt(account.secret ?? '', new Date()) ? '111111' : '000000' },
      remoteAddress: uniqueStaffIp(),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual([{ field: 'code', message: staffMessages.codeInvalid }]);
  });

  it('takes a recovery code instead of a TOTP code, once', async () => {
    const owner = await signInStaff(t.app, 'owner');
    const account = await makeStaff(t.app, 'manager');
    // The member sets up two-factor authentication and keeps the recovery codes.
    const memberSession = await postSignIn(t.app, account.email, account.password);
    const staff = memberSession.json<{ staff: { csrf_token: string } }>().staff;
    const headers = { cookie: sessionCookieOf(memberSession), [CSRF_HEADER]: staff.csrf_token };
    const enrol = await t.request({ method: 'POST', url: `${ADMIN}/session/totp/enrol`, headers });
    expect(enrol.statusCode).toBe(200);
    const { secret, recovery_codes, otpauth_uri } = enrol.json<{
      secret: string;
      recovery_codes: string[];
      otpauth_uri: string;
    }>();
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(recovery_codes).toHaveLength(10);
    const confirm = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp/enrol/confirm`,
      headers,
      payload: { code: totpCodeAt(secret, new Date()) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ step: 'done', staff: { totp_enabled: true } });

    const recovery = recovery_codes[0] ?? '';
    const useCode = async (code: string) => {
      const first = await postSignIn(t.app, account.email, account.password);
      expect(first.json()).toEqual({ step: 'totp' });
      return t.request({
        method: 'POST',
        url: `${ADMIN}/session/totp`,
        headers: { cookie: sessionCookieOf(first) },
        payload: { code },
        remoteAddress: uniqueStaffIp(),
      });
    };
    // Typed in capitals and without the dash, it still counts.
    const used = await useCode(recovery.replace('-', '').toUpperCase());
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ step: 'done', staff: { email: account.email } });
    const again = await useCode(recovery);
    expect(again.statusCode).toBe(422);
    const madeUp = await useCode(newRecoveryCodes(1)[0] ?? '');
    expect(madeUp.statusCode).toBe(422);

    // Only hashes are stored.
    const stored = JSON.stringify(
      await t.database.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id)),
    );
    for (const code of recovery_codes) expect(stored).not.toContain(code);
    expect(owner.staff.role).toBe('owner');
  });

  it('makes an owner without two-factor authentication set it up before doing anything else', async () => {
    const account = await makeStaff(t.app, 'owner');
    const response = await postSignIn(t.app, account.email, account.password);
    const staff = response.json<{ step: string; staff: { csrf_token: string; totp_enabled: boolean } }>();
    expect(staff).toMatchObject({ step: 'done', staff: { totp_enabled: false } });
    const headers = { cookie: sessionCookieOf(response), [CSRF_HEADER]: staff.staff.csrf_token };
    expect((await me(headers)).statusCode).toBe(200);
    const blocked = await t.request({ method: 'GET', url: `${ADMIN}/staff`, headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ message: staffMessages.enrolTotpFirst });

    const enrol = await t.request({ method: 'POST', url: `${ADMIN}/session/totp/enrol`, headers });
    const { secret } = enrol.json<{ secret: string }>();
    const wrong = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp/enrol/confirm`,
      headers,
      payload: { code: '12345x' },
    });
    expect(wrong.statusCode).toBe(422);
    const confirm = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp/enrol/confirm`,
      headers,
      payload: { code: totpCodeAt(secret, new Date()) },
    });
    expect(confirm.statusCode).toBe(200);
    const rotated = confirm.json<{ staff: { csrf_token: string } }>().staff;
    const after = { cookie: sessionCookieOf(confirm), [CSRF_HEADER]: rotated.csrf_token };
    expect((await t.request({ method: 'GET', url: `${ADMIN}/staff`, headers: after })).statusCode).toBe(200);
    // The session from before the enrolment is over.
    expect((await me(headers)).statusCode).toBe(401);

    // The secret is stored sealed, and the next sign-in opens it to check the code.
    const [stored] = await queryRows<{ totp_secret: string }>(
      t.ctx.db,
      sql`SELECT totp_secret FROM staff_accounts WHERE id = ${account.id}`,
    );
    expect(stored?.totp_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored?.totp_secret).not.toContain(secret);
    expect(openSecret(stored?.totp_secret ?? '')).toBe(secret);
    const again = await postSignIn(t.app, account.email, account.password);
    expect(again.json<{ step: string }>().step).toBe('totp');
    const second = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp`,
      headers: { cookie: sessionCookieOf(again) },
      payload: { code: totpCodeAt(secret, new Date(Date.now() + 30_000)) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ step: 'done', staff: { totp_enabled: true } });
  });

  it('signs in with a TOTP secret stored in plain text before secrets were sealed, and seals it when it is next written', async () => {
    const account = await makeStaff(t.app, 'manager', { totp: true });
    const secret = account.secret ?? '';
    await t.ctx.db.execute(sql`UPDATE staff_accounts SET totp_secret = ${secret} WHERE id = ${account.id}`);
    const first = await postSignIn(t.app, account.email, account.password);
    const done = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp`,
      headers: { cookie: sessionCookieOf(first) },
      payload: { code: totpCodeAt(secret, new Date()) },
    });
    expect(done.statusCode).toBe(200);
    await t.ctx.db.update(staffAccounts).set({ totpSecret: secret }).where(eq(staffAccounts.id, account.id));
    const [stored] = await queryRows<{ totp_secret: string }>(
      t.ctx.db,
      sql`SELECT totp_secret FROM staff_accounts WHERE id = ${account.id}`,
    );
    expect(stored?.totp_secret).toMatch(/^v1:/);
  });
});

describe('no account enumeration', () => {
  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const account = await makeStaff(t.app, 'staff');
    const unknown = await postSignIn(t.app, 'nobody-here@staff.example.in', account.password);
    const wrong = await postSignIn(t.app, account.email, 'not-the-password');
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.json()).toEqual([{ field: 'password', message: staffMessages.wrongCredentials }]);
    expect(unknown.cookies).toEqual([]);
  });

  it('answers a disabled account with the right password as a wrong password', async () => {
    const account = await makeStaff(t.app, 'staff');
    await t.database.db
      .update(staffAccounts)
      .set({ disabledAt: new Date() })
      .where(eq(staffAccounts.id, account.id));
    const response = await postSignIn(t.app, account.email, account.password);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([{ field: 'password', message: staffMessages.wrongCredentials }]);
  });

  it('spends the same password-hashing work on an unknown e-mail as on a known one', async () => {
    const account = await makeStaff(t.app, 'staff');
    const time = async (email: string) => {
      const started = performance.now();
      await postSignIn(t.app, email, 'wrong-password');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(account.email));
      unknown.push(await time(`ghost-${i}@staff.example.in`));
    }
    // Without the dummy hash an unknown e-mail answers in a few ms, against ~100 ms of scrypt.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.5);
  });
});

describe('per-account lockout', () => {
  it(`locks an account after ${STAFF_LOCKOUT.maxFailures} failed sign-ins, even with the right password after`, async () => {
    const account = await makeStaff(t.app, 'manager');
    for (let i = 0; i < STAFF_LOCKOUT.maxFailures; i++) {
      const response = await postSignIn(t.app, account.email, `wrong-${i}`);
      expect(response.statusCode).toBe(422);
    }
    const locked = await postSignIn(t.app, account.email, account.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: staffMessages.accountLocked });
    // The owner reads every refused attempt in the audit log, and which one locked the account.
    const failures = await failedSignIns(account.id);
    expect(failures).toHaveLength(STAFF_LOCKOUT.maxFailures);
    expect(failures.map((f) => f.after)).toEqual([
      ...Array(STAFF_LOCKOUT.maxFailures - 1).fill(
        expect.objectContaining({ step: 'password', locked: false }),
      ),
      expect.objectContaining({ step: 'password', locked: true }),
    ]);
    expect(failures[0]?.ip).toMatch(/\S/);
  });

  it('locks an unknown e-mail the same way, so the lock tells nothing either', async () => {
    const email = 'never-an-account@staff.example.in';
    for (let i = 0; i < STAFF_LOCKOUT.maxFailures; i++) await postSignIn(t.app, email, `wrong-${i}`);
    const locked = await postSignIn(t.app, email, 'anything');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: staffMessages.accountLocked });
  });

  it('counts wrong second-factor codes towards the lock', async () => {
    const account = await makeStaff(t.app, 'staff', { totp: true });
    const now = new Date();
    const wrongCode = totpCodeAt(account.secret ?? '', new Date(now.getTime() - 10 * 60_000));
    for (let i = 0; i < STAFF_LOCKOUT.maxFailures; i++) {
      const first = await signIn(t.ctx, { email: account.email, password: account.password }, client(), now);
      await expect(
        completeSecondFactor(t.ctx, wrongCode, { ...client(), presentedToken: first.token ?? '' }, now),
      ).rejects.toMatchObject({ status: 422 });
    }
    await expect(
      signIn(t.ctx, { email: account.email, password: account.password }, client(), now),
    ).rejects.toMatchObject({ status: 429, message: staffMessages.accountLocked });
    const failures = await failedSignIns(account.id);
    expect(failures.map((f) => f.after)).toEqual(
      failures.map((_, i) =>
        expect.objectContaining({
          step: 'code',
          locked: i === STAFF_LOCKOUT.maxFailures - 1,
          user_agent: 'vitest',
        }),
      ),
    );
    expect(failures).toHaveLength(STAFF_LOCKOUT.maxFailures);
  });
});

/** The audit log's refused sign-ins of one account, oldest first. */
function failedSignIns(staffId: number) {
  return t.database.db
    .select({ after: auditLog.after, ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'session.sign_in_failed'), eq(auditLog.entityId, String(staffId))))
    .orderBy(auditLog.id);
}

describe('session lifetime', () => {
  it('ends a session 12 hours after its last request', async () => {
    const account = await makeStaff(t.app, 'staff');
    const start = new Date('2026-03-01T09:00:00Z');
    const { token } = await signIn(
      t.ctx,
      { email: account.email, password: account.password },
      client(),
      start,
    );
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(
      await findStaffSession(t.database.db, token ?? '', at(STAFF_SESSION_IDLE_MS - 60_000)),
    ).toBeDefined();
    // That request moved last_seen_at on: 12 hours from the sign-in the session is still open.
    expect(
      await findStaffSession(t.database.db, token ?? '', at(STAFF_SESSION_IDLE_MS + 60_000)),
    ).toBeDefined();
    expect(await findStaffSession(t.database.db, token ?? '', at(2 * STAFF_SESSION_IDLE_MS + 60_000))).toBe(
      undefined,
    );
  });

  it('ends a session 7 days after sign-in however busy it is', async () => {
    const account = await makeStaff(t.app, 'staff');
    const start = new Date('2026-03-01T09:00:00Z');
    const { token } = await signIn(
      t.ctx,
      { email: account.email, password: account.password },
      client(),
      start,
    );
    // A request every 6 hours keeps it from the idle end …
    let at = start.getTime();
    while (at + 6 * 3_600_000 < start.getTime() + STAFF_SESSION_ABSOLUTE_MS) {
      at += 6 * 3_600_000;
      expect(await findStaffSession(t.database.db, token ?? '', new Date(at))).toBeDefined();
    }
    // … but not from the absolute one.
    const end = new Date(start.getTime() + STAFF_SESSION_ABSOLUTE_MS + 1_000);
    expect(await findStaffSession(t.database.db, token ?? '', end)).toBeUndefined();
  });

  it('gives a new token at sign-in and ends the session the browser came with', async () => {
    const first = await postSignIn(t.app, 'staff@kesarfoods.in', 'Staff@12345');
    const oldCookie = sessionCookieOf(first);
    const second = await postSignIn(t.app, 'staff@kesarfoods.in', 'Staff@12345', oldCookie);
    expect(sessionCookieOf(second)).not.toBe(oldCookie);
    expect((await me({ cookie: oldCookie })).statusCode).toBe(401);
    expect((await me({ cookie: sessionCookieOf(second) })).statusCode).toBe(200);
  });

  it('signs out with DELETE /session: the cookie opens nothing afterwards', async () => {
    const { headers } = await signInStaff(t.app, 'staff');
    const out = await t.request({ method: 'DELETE', url: `${ADMIN}/session`, headers });
    expect(out.statusCode).toBe(204);
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('sessions list and revocation', () => {
  it('lets the owner see and end anyone’s session, and the others only their own', async () => {
    const owner = await signInStaff(t.app, 'owner');
    const manager = await signInStaff(t.app, 'manager');
    const staff = await signInStaff(t.app, 'staff');

    const list = await t.request({ method: 'GET', url: `${ADMIN}/sessions`, headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: { id: number; staff_email: string; current: boolean }[] }>().items;
    const emails = new Set(items.map((i) => i.staff_email));
    for (const email of ['owner@kesarfoods.in', 'manager@kesarfoods.in', 'staff@kesarfoods.in'])
      expect(emails).toContain(email);
    expect(items.filter((i) => i.current)).toHaveLength(1);

    const own = await t.request({ method: 'GET', url: `${ADMIN}/sessions`, headers: staff.headers });
    const ownItems = own.json<{ items: { staff_email: string; id: number; current: boolean }[] }>().items;
    expect(new Set(ownItems.map((i) => i.staff_email))).toEqual(new Set(['staff@kesarfoods.in']));

    // The staff member cannot end the manager's session …
    const [latestManager] = await t.database.db
      .select({ id: staffSessions.id })
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, manager.staff.id), eq(staffSessions.stage, 'live')))
      .orderBy(desc(staffSessions.id))
      .limit(1);
    const targetId = latestManager?.id ?? 0;
    const refused = await t.request({
      method: 'DELETE',
      url: `${ADMIN}/sessions/${targetId}`,
      headers: staff.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect((await me(manager.headers)).statusCode).toBe(200);

    // … the owner can, and it is in the audit log.
    const revoked = await t.request({
      method: 'DELETE',
      url: `${ADMIN}/sessions/${targetId}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await me(manager.headers)).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.revoke'), eq(auditLog.entityId, String(targetId))));
    expect(row).toMatchObject({ staffId: owner.staff.id, entity: 'staff_session' });

    // Anyone may end their own session.
    const current = ownItems.find((i) => i.current);
    const self = await t.request({
      method: 'DELETE',
      url: `${ADMIN}/sessions/${current?.id}`,
      headers: staff.headers,
    });
    expect(self.statusCode).toBe(204);
    expect((await me(staff.headers)).statusCode).toBe(401);
  });
});

describe('CSRF and roles', () => {
  it('refuses an unsafe request without the session’s CSRF token, and with another session’s', async () => {
    const { headers } = await signInStaff(t.app, 'owner');
    const other = await signInStaff(t.app, 'owner');
    const body = { email: 'csrf-test@staff.example.in', name: 'CSRF', role: 'staff' };
    for (const token of [undefined, 'wrong', other.headers[CSRF_HEADER]]) {
      const response = await t.request({
        method: 'POST',
        url: `${ADMIN}/staff`,
        headers: { cookie: headers.cookie ?? '', ...(token ? { [CSRF_HEADER]: token } : {}) },
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ name: 'Forbidden', message: staffMessages.reloadPage });
    }
    const [created] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(JSON.stringify(created?.after ?? null)).not.toContain('csrf-test@');
  });

  it('checks the role on the server: staff and managers cannot open staff management or the audit log', async () => {
    for (const role of ['staff', 'manager'] as const) {
      const { headers } = await signInStaff(t.app, role);
      for (const url of [`${ADMIN}/staff`, `${ADMIN}/audit`]) {
        const response = await t.request({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ message: staffMessages.noPermission });
      }
    }
  });

  it('never takes a customer’s token for a staff session', async () => {
    const customer = await makeCustomer(t.database.db);
    const response = await t.request({ method: 'GET', url: `${ADMIN}/session`, headers: customer.auth });
    expect(response.statusCode).toBe(401);
  });

  it('answers a known admin path asked with another method with a named 405 naming the methods', async () => {
    const response = await t.request({ method: 'PATCH', url: `${ADMIN}/session` });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toMatch(/\bGET\b/);
    expect(response.json()).toMatchObject({ name: 'Method Not Allowed', code: 0, status: 405 });
  });

  it('answers unknown admin paths with a named 404', async () => {
    const response = await t.request({ method: 'GET', url: `${ADMIN}/no-such-thing?x=1` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      name: 'Not Found',
      message: `Page not found: ${ADMIN}/no-such-thing`,
      code: 0,
      status: 404,
    });
  });
});
