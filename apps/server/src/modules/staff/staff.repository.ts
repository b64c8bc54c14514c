import type { StaffRole } from '@shop/contract/admin/staff';
import type { DbOrTx } from '@shop/db/client';
import { staffAccounts, staffRecoveryCodes, staffSessions } from '@shop/db/schema/index';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';

/** SQL of staff accounts, their sessions and recovery codes. */

export type StaffRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function findStaffByEmail(db: DbOrTx, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)).limit(1);
  return row;
}

export async function findStaffById(db: DbOrTx, id: number): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row;
}

/** The account row, locked until the transaction ends (changes to one account run one at a time). */
/** The names of the given accounts (disabled ones too). */
export function namesOfStaff(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, [...ids]));
}

export async function lockStaff(tx: DbOrTx, id: number): Promise<StaffRow | undefined> {
  const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for('update').limit(1);
  return row;
}

export async function listStaff(db: DbOrTx): Promise<StaffRow[]> {
  return db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
}

export async function insertStaff(
  db: DbOrTx,
  values: { email: string; name: string; role: StaffRole; passwordHash: string },
): Promise<StaffRow> {
  const [row] = await db.insert(staffAccounts).values(values).returning();
  if (!row) throw new Error('staff account was not created');
  return row;
}

export async function updateStaff(
  db: DbOrTx,
  id: number,
  values: Partial<typeof staffAccounts.$inferInsert>,
): Promise<StaffRow> {
  const [row] = await db
    .update(staffAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staffAccounts.id, id))
    .returning();
  if (!row) throw new Error('staff account vanished');
  return row;
}

/** Active owners other than `exceptId` (the shop must keep one). */
export async function countOtherActiveOwners(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffAccounts)
    .where(
      and(eq(staffAccounts.role, 'owner'), isNull(staffAccounts.disabledAt), ne(staffAccounts.id, exceptId)),
    );
  return row?.n ?? 0;
}

/** Counts a failed sign-in; returns the row after the count. */
export async function recordFailedLogin(
  db: DbOrTx,
  id: number,
  values: { failedLogins: number; failedLoginsSince: Date; lockedUntil: Date | null },
): Promise<void> {
  await db.update(staffAccounts).set(values).where(eq(staffAccounts.id, id));
}

export async function insertSession(
  db: DbOrTx,
  values: typeof staffSessions.$inferInsert,
): Promise<StaffSessionRow> {
  const [row] = await db.insert(staffSessions).values(values).returning();
  if (!row) throw new Error('staff session was not created');
  return row;
}

/** The session of a token hash with its account (no expiry checks: the service decides). */
export async function findSessionByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
}

export async function revokeSession(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length > 0;
}

/** Ends every session of an account (disabled, password changed, second factor reset). */
export async function revokeSessionsOf(
  db: DbOrTx,
  staffId: number,
  at: Date,
  exceptId?: number,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        exceptId === undefined ? undefined : ne(staffSessions.id, exceptId),
      ),
    );
}

/** Unrevoked sessions not past their absolute end, newest first; all accounts or one. */
export async function listOpenSessions(db: DbOrTx, now: Date, staffId?: number) {
  return db
    .select({ session: staffSessions, email: staffAccounts.email })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        isNull(staffSessions.revokedAt),
        eq(staffSessions.stage, 'live'),
        gt(staffSessions.expiresAt, now),
        staffId === undefined ? undefined : eq(staffSessions.staffId, staffId),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id))
    .limit(500);
}

export async function findSession(db: DbOrTx, id: number): Promise<StaffSessionRow | undefined> {
  const [row] = await db.select().from(staffSessions).where(eq(staffSessions.id, id)).limit(1);
  return row;
}

export async function replaceRecoveryCodes(db: DbOrTx, staffId: number, hashes: string[]): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (hashes.length > 0)
    await db.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Marks an unused code used; false when there is none (wrong, or used already — also concurrently). */
export async function useRecoveryCode(
  db: DbOrTx,
  staffId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}
