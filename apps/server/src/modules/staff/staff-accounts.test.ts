import { CSRF_HEADER, staffMessages } from '@shop/contract/admin/staff';
import { auditLog, staffAccounts } from '@shop/db/schema/index';
import { DEMO_OWNER } from '@shop/db/seed/demo-staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateStaffAccount } from './staff-accounts.service.ts';
import {
  createStaffFromCommandLine,
  describeCreatedStaff,
  parseStaffCreateArgs,
} from './staff-create.service.ts';
import {
  ADMIN,
  makeStaff,
  postSignIn,
  sessionCookieOf,
  type StaffHarness,
  staffHarness,
  uniqueStaffIp,
} from './staff.test-kit.ts';
import { totpCodeAt } from './totp.ts';

let t: StaffHarness<'owner'>;
beforeAll(async () => {
  t = await staffHarness(['owner']);
});
afterAll(() => t.close());

const auditRowsOf = (entityId: number, action?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'staff'),
        eq(auditLog.entityId, String(entityId)),
        action ? eq(auditLog.action, action) : undefined,
      ),
    );

async function idOf(email: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
}

describe('the shop keeps an owner', () => {
  it('refuses to demote or disable the last active owner', async () => {
    const ownerId = await idOf(DEMO_OWNER.email);
    const manager = await makeStaff(t.app, 'manager');
    for (const change of [{ role: 'manager' as const }, { disabled: true }]) {
      await expect(
        updateStaffAccount(t.database.db, { id: manager.id, ip: null }, ownerId, change),
      ).rejects.toMatchObject({ status: 409, message: staffMessages.lastOwner });
    }
  });
});

describe('staff management (owner)', () => {
  it('lists accounts without password hashes or TOTP secrets', async () => {
    const response = await t.as('owner', 'GET', '/staff');
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('owner@kesarfoods.in');
    expect(body).not.toContain('scrypt$');
    expect(body).not.toContain(DEMO_OWNER.totpSecret);
  });

  it('creates an account with a generated password that signs in, and audits it in the same transaction', async () => {
    const response = await t.as('owner', 'POST', '/staff', {
      email: 'New.Packer@Staff.Example.in',
      name: 'New Packer',
      role: 'staff',
    });
    expect(response.statusCode).toBe(200);
    const { staff, password } = response.json<{ staff: { id: number; email: string }; password: string }>();
    expect(staff.email).toBe('new.packer@staff.example.in');
    expect(password).toMatch(/^[\w-]{18}$/);
    expect((await postSignIn(t.app, staff.email, password)).statusCode).toBe(200);

    const [row] = await auditRowsOf(staff.id, 'staff.create');
    expect(row).toMatchObject({ staffId: t.signedIn.owner.staff.id, entity: 'staff' });
    expect(row?.after).toMatchObject({ email: 'new.packer@staff.example.in', role: 'staff' });
    expect(JSON.stringify(row)).not.toContain('scrypt$');
    expect(row?.ip).toBeTruthy();
  });

  it('refuses a second account for one e-mail and writes no audit row for the failed change', async () => {
    const before = await t.database.db.$count(auditLog, eq(auditLog.action, 'staff.create'));
    const response = await t.as('owner', 'POST', '/staff', {
      email: 'manager@kesarfoods.in',
      name: 'Again',
      role: 'staff',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual([{ field: 'email', message: staffMessages.emailTaken }]);
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'staff.create'))).toBe(before);
  });

  it('keeps no change whose audit row cannot be written (one transaction)', async () => {
    const member = await makeStaff(t.app, 'staff');
    // An actor id that is no account: the audit row's foreign key fails, and the rename with it.
    await expect(
      updateStaffAccount(t.database.db, { id: 2_000_000_000, ip: null }, member.id, { name: 'Renamed' }),
    ).rejects.toThrow();
    const [row] = await t.database.db.select().from(staffAccounts).where(eq(staffAccounts.id, member.id));
    expect(row?.name).toBe('Test staff');
    expect(await auditRowsOf(member.id, 'staff.update')).toEqual([]);
  });

  it('applies a role change at the member’s next request', async () => {
    const member = await makeStaff(t.app, 'staff');
    const signedIn = await postSignIn(t.app, member.email, member.password);
    const csrf = signedIn.json<{ staff: { csrf_token: string } }>().staff.csrf_token;
    const headers = { cookie: sessionCookieOf(signedIn), [CSRF_HEADER]: csrf };
    expect((await t.request({ method: 'GET', url: `${ADMIN}/audit`, headers })).statusCode).toBe(403);

    const promoted = await t.as('owner', 'PATCH', `/staff/${member.id}`, { role: 'owner' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'owner' });
    // An owner must set up two-factor authentication first: the new role is in force at once.
    const now = await t.request({ method: 'GET', url: `${ADMIN}/audit`, headers });
    expect(now.json()).toMatchObject({ message: staffMessages.enrolTotpFirst });
    const [row] = await auditRowsOf(member.id, 'staff.role_change');
    expect(row?.before).toMatchObject({ role: 'staff' });
    expect(row?.after).toMatchObject({ role: 'owner' });
  });

  it('disables an account: its sessions end and it cannot sign in', async () => {
    const member = await makeStaff(t.app, 'manager');
    const signedIn = await postSignIn(t.app, member.email, member.password);
    const cookie = sessionCookieOf(signedIn);
    const disabled = await t.as('owner', 'PATCH', `/staff/${member.id}`, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect(
      (await t.request({ method: 'GET', url: `${ADMIN}/session`, headers: { cookie } })).statusCode,
    ).toBe(401);
    expect((await postSignIn(t.app, member.email, member.password)).statusCode).toBe(422);
    expect(await auditRowsOf(member.id, 'staff.disable')).toHaveLength(1);

    const enabled = await t.as('owner', 'PATCH', `/staff/${member.id}`, { disabled: false });
    expect(enabled.json()).toMatchObject({ disabled: false });
    expect((await postSignIn(t.app, member.email, member.password)).statusCode).toBe(200);
  });

  it('does not let anyone change their own role or disable themselves', async () => {
    for (const change of [{ role: 'manager' }, { disabled: true }]) {
      const response = await t.as('owner', 'PATCH', `/staff/${t.signedIn.owner.staff.id}`, change);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: staffMessages.notYourself });
    }
  });

  it('resets a member’s second factor: sessions end, the next sign-in needs no code', async () => {
    const member = await makeStaff(t.app, 'manager', { totp: true });
    const first = await postSignIn(t.app, member.email, member.password);
    expect(first.json()).toEqual({ step: 'totp' });
    const reset = await t.as('owner', 'POST', `/staff/${member.id}/reset-totp`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ totp_enabled: false });
    const again = await postSignIn(t.app, member.email, member.password);
    expect(again.json()).toMatchObject({ step: 'done' });
    const [row] = await auditRowsOf(member.id, 'staff.totp_reset');
    expect(JSON.stringify(row)).not.toContain(member.secret ?? 'none');
  });

  it('answers an unknown account with a named 404', async () => {
    const response = await t.as('owner', 'PATCH', '/staff/999999', { name: 'Nobody' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: staffMessages.staffNotFound });
  });
});

describe('npm run staff:create', () => {
  it('explains bad arguments with the API’s own rules', () => {
    const missing = parseStaffCreateArgs(['--role', 'owner']);
    expect(missing).toMatchObject({ ok: false });
    expect(missing.ok ? '' : missing.message).toContain('--email');
    const badRole = parseStaffCreateArgs(['--email', 'a@b.in', '--role', 'boss']);
    expect(badRole.ok ? '' : badRole.message).toContain('Choose owner, manager or staff.');
    const shortPassword = parseStaffCreateArgs([
      '--email',
      'a@b.in',
      '--role',
      'staff',
      '--password',
      'short',
    ]);
    expect(shortPassword.ok ? '' : shortPassword.message).toContain('at least 8 characters');
    expect(parseStaffCreateArgs(['--email', 'a@b.in', '--role', 'staff', '--colour', 'red']).ok).toBe(false);
  });

  it('creates an owner with two-factor on, printing the otpauth URI, recovery codes and a generated password', async () => {
    const args = parseStaffCreateArgs(['--email', 'Second.Owner@Staff.Example.in', '--role', 'owner']);
    if (!args.ok) throw new Error(args.message);
    const created = await createStaffFromCommandLine(t.database.db, args);
    expect(created.staff).toMatchObject({
      email: 'second.owner@staff.example.in',
      role: 'owner',
      totp_enabled: true,
    });
    expect(created.totp?.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/.*second\.owner%40staff\.example\.in.*secret=/,
    );
    const printed = describeCreatedStaff(created).join('\n');
    expect(printed).toContain(created.totp?.otpauthUri);
    expect(printed).toContain(created.password);
    for (const code of created.totp?.recoveryCodes ?? []) expect(printed).toContain(code);

    // The printed secret and password sign in.
    const first = await postSignIn(t.app, created.staff.email, created.password ?? '');
    expect(first.json()).toEqual({ step: 'totp' });
    const done = await t.request({
      method: 'POST',
      url: `${ADMIN}/session/totp`,
      headers: { cookie: sessionCookieOf(first) },
      payload: { code: totpCodeAt(created.totp?.secret ?? '', new Date()) },
      remoteAddress: uniqueStaffIp(),
    });
    expect(done.json()).toMatchObject({ step: 'done', staff: { role: 'owner' } });
    const [row] = await auditRowsOf(created.staff.id, 'staff.create');
    expect(row?.staffId).toBeNull();
  });

  it('creates a manager with the given password and no second factor', async () => {
    const args = parseStaffCreateArgs([
      '--email',
      'cli.manager@staff.example.in',
      '--role',
      'manager',
      '--password',
      'Kesar#Manager1',
      '--name',
      'Meera Joshi',
    ]);
    if (!args.ok) throw new Error(args.message);
    const created = await createStaffFromCommandLine(t.database.db, args);
    expect(created).toMatchObject({ password: null, totp: null, staff: { name: 'Meera Joshi' } });
    expect((await postSignIn(t.app, 'cli.manager@staff.example.in', 'Kesar#Manager1')).json()).toMatchObject({
      step: 'done',
    });
  });
});
