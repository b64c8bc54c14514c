import { randomBytes } from 'node:crypto';
import {
  type CreateStaffInput,
  type StaffAccount,
  type StaffRole,
  staffMessages,
  type UpdateStaffInput,
} from '@shop/contract/admin/staff';
import type { Db, DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { hashPassword } from '../../http/password-hash.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { isAccountLocked } from './staff-lockout.ts';
import {
  countOtherActiveOwners,
  findStaffByEmail,
  insertStaff,
  listStaff,
  lockStaff,
  namesOfStaff,
  replaceRecoveryCodes,
  revokeSessionsOf,
  type StaffRow,
  updateStaff,
} from './staff.repository.ts';
import { roleOf } from './staff.service.ts';

/**
 * The owner's management of staff accounts: list, create, change name or role, disable and
 * enable, reset the second factor. Accounts are never deleted (the audit log names them); each
 * change and its audit row are written in one transaction. `actor` is who does it: null for the
 * command line (`npm run staff:create`).
 */
export interface Actor {
  id: number | null;
  ip: string | null;
}

/**
 * Staff members' names by id, for screens that show who did something (an order's timeline and
 * notes). Disabled accounts keep their name; an id without an account is left out.
 */
export async function staffNamesById(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  return new Map((await namesOfStaff(db, wanted)).map((row) => [row.id, row.name]));
}

export function accountView(row: StaffRow, now = new Date()): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: roleOf(row.role),
    totp_enabled: row.totpEnabled,
    disabled: row.disabledAt !== null,
    locked: isAccountLocked(row, now),
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of an account (never its password hash or TOTP secret). */
function auditView(row: StaffRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: row.totpEnabled,
    disabled: row.disabledAt !== null,
  };
}

export async function listStaffAccounts(db: Db): Promise<{ items: StaffAccount[] }> {
  const now = new Date();
  return { items: (await listStaff(db)).map((row) => accountView(row, now)) };
}

/** A generated password: 18 random characters (108 bits), shown once. */
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}

export async function createStaffAccount(
  db: Db,
  actor: Actor,
  input: CreateStaffInput,
): Promise<{ staff: StaffAccount; password: string | null }> {
  const generated = input.password ? null : generatePassword();
  const passwordHash = await hashPassword(input.password ?? generated ?? '');
  const row = await db.transaction(async (tx) => {
    if (await findStaffByEmail(tx, input.email)) throw AppError.invalid('email', staffMessages.emailTaken);
    const created = await insertStaff(tx, {
      email: input.email,
      name: input.name,
      role: input.role,
      passwordHash,
    });
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.create',
      entity: 'staff',
      entityId: created.id,
      after: auditView(created),
      ip: actor.ip,
    });
    return created;
  });
  return { staff: accountView(row), password: generated };
}

function assertNotSelf(actor: Actor, id: number) {
  if (actor.id === id) throw new AppError('forbidden', staffMessages.notYourself);
}

/**
 * PATCH /staff/{id}. A role change or a disabled account takes effect on the next request (the
 * guard reads both from the account); disabling also ends the account's sessions. Nobody changes
 * their own role or disables themselves, and the last active owner stays an active owner.
 */
export async function updateStaffAccount(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateStaffInput,
): Promise<StaffAccount> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (!before) throw AppError.notFound(staffMessages.staffNotFound);
    const roleChanges = input.role !== undefined && input.role !== before.role;
    const disabling = input.disabled === true && before.disabledAt === null;
    if (roleChanges || input.disabled !== undefined) assertNotSelf(actor, id);
    if (before.role === 'owner' && before.disabledAt === null && (roleChanges || disabling)) {
      if ((await countOtherActiveOwners(tx, id)) === 0)
        throw new AppError('conflict', staffMessages.lastOwner);
    }
    const values: Parameters<typeof updateStaff>[2] = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.role !== undefined) values.role = input.role satisfies StaffRole;
    if (input.disabled !== undefined) values.disabledAt = input.disabled ? (before.disabledAt ?? now) : null;
    const after = await updateStaff(tx, id, values);
    if (disabling) await revokeSessionsOf(tx, id, now);
    const action = disabling
      ? 'staff.disable'
      : input.disabled === false && before.disabledAt !== null
        ? 'staff.enable'
        : roleChanges
          ? 'staff.role_change'
          : 'staff.update';
    await recordAudit(tx, {
      staffId: actor.id,
      action,
      entity: 'staff',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
      ip: actor.ip,
    });
    return after;
  });
  return accountView(row, now);
}

/**
 * POST /staff/{id}/reset-totp: for a member who lost their phone and recovery codes. The second
 * factor and the recovery codes are removed and the account's sessions end; an owner sets up a
 * new one at the next sign-in before doing anything else.
 */
export async function resetStaffTotp(db: Db, actor: Actor, id: number): Promise<StaffAccount> {
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (!before) throw AppError.notFound(staffMessages.staffNotFound);
    const after = await updateStaff(tx, id, { totpEnabled: false, totpSecret: null, totpLastCounter: null });
    await replaceRecoveryCodes(tx, id, []);
    await revokeSessionsOf(tx, id, now);
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.totp_reset',
      entity: 'staff',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
      ip: actor.ip,
    });
    return after;
  });
  return accountView(row, now);
}

/** Lifts a sign-in lock before its 15 minutes are up (the owner knows it was the member). */
export async function unlockStaffAccount(db: Db, actor: Actor, id: number): Promise<StaffAccount> {
  const row = await db.transaction(async (tx) => {
    const before = await lockStaff(tx, id);
    if (!before) throw AppError.notFound(staffMessages.staffNotFound);
    const after = await updateStaff(tx, id, { lockedUntil: null, failedLogins: 0, failedLoginsSince: null });
    await recordAudit(tx, {
      staffId: actor.id,
      action: 'staff.unlock',
      entity: 'staff',
      entityId: id,
      ip: actor.ip,
    });
    return after;
  });
  return accountView(row);
}
