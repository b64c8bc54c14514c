import { CSRF_HEADER, staffMessages } from '@shop/contract/admin/staff';
import { DEMO_OWNER } from '@shop/db/seed/demo-staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ADMIN, sessionCookieOf, signInStaff, uniqueStaffIp } from './staff.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('back-office session', () => {
  it('signs the demo manager in with a password alone and answers GET /session', async () => {
    const { headers, staff } = await signInStaff(t.app, 'manager');
    expect(staff).toMatchObject({ email: 'manager@kesarfoods.in', role: 'manager', totp_enabled: false });
    const me = await t.request({ method: 'GET', url: `${ADMIN}/session`, headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ staff });
  });

  it('asks the owner for the second factor before the session is live', async () => {
    const first = await t.request({
      method: 'POST',
      url: `${ADMIN}/session`,
      payload: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      remoteAddress: uniqueStaffIp(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ step: 'totp' });
    const cookie = sessionCookieOf(first);
    const me = await t.request({ method: 'GET', url: `${ADMIN}/session`, headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const owner = await signInStaff(t.app, 'owner');
    expect(owner.staff.permissions).toContain('audit');
  });

  it('refuses an unsafe request without the CSRF token', async () => {
    const { headers } = await signInStaff(t.app, 'staff');
    const response = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/password`,
      headers: { cookie: headers.cookie ?? '', [CSRF_HEADER]: 'wrong' },
      payload: { current_password: 'x', new_password: 'y' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: staffMessages.reloadPage });
  });
});
