import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client.ts';
import { auditLog, staffAccounts } from '../schema/index.ts';

/**
 * The development back office's demo accounts, one per role. Development only: a production
 * database never gets them (seedProductionRows does not call this), so these public passwords
 * open nothing there.
 */
export const DEMO_STAFF = [
  {
    email: 'owner@kesarfoods.in',
    name: 'Demo Owner',
    role: 'owner',
    password: 'Owner@12345',
    // scrypt hash of the password in the server's format (http/password-hash.ts),
    // precomputed so that the seed needs no server code; the staff tests prove that it signs in.
    passwordHash: 'scrypt$32768$8$1$P2eSZBpj3ZMRbK7_jkzAng$aUd58bWIeuY-oyc6KSbpXR9TpGkfBnV-rI6ihd-bLf8',
    /** Base32 of 20 bytes; add it to an authenticator app to sign in as the demo owner. */
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  {
    email: 'manager@kesarfoods.in',
    name: 'Demo Manager',
    role: 'manager',
    password: 'Manager@12345',
    passwordHash: 'scrypt$32768$8$1$Jmf2MwUTtP8M3GjvWIeurQ$ANJN_0xKeLkl8S9jIKsPea0-P3Ykcmeg1PpBmRCAkcY',
    totpSecret: null,
  },
  {
    email: 'staff@kesarfoods.in',
    name: 'Demo Staff',
    role: 'staff',
    password: 'Staff@12345',
    passwordHash: 'scrypt$32768$8$1$MeBQNKkylfX7aaearx6M3w$bvcgnc-EYWtAdFfGpfXtj3mzAztF9BBISZYM8dxUCTs',
    totpSecret: null,
  },
] as const;

export const DEMO_OWNER = DEMO_STAFF[0];

/** The demo owner (with TOTP), manager and staff; an account that exists is left alone. */
export async function seedDemoStaff(tx: DbOrTx): Promise<void> {
  for (const account of DEMO_STAFF) {
    const [existing] = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, account.email))
      .limit(1);
    if (existing) continue;
    await tx.insert(staffAccounts).values({
      email: account.email,
      name: account.name,
      role: account.role,
      passwordHash: account.passwordHash,
      totpSecret: account.totpSecret,
      totpEnabled: account.totpSecret !== null,
    });
  }
}

/** Lines for the development start-up log: how to sign in to the back office. */
export function demoStaffNotice(publicUrl: string): string[] {
  return [
    `Back office (development): ${publicUrl}/admin`,
    ...DEMO_STAFF.map(
      (a) =>
        `  ${a.role.padEnd(8)} ${a.email} / ${a.password}${a.totpSecret ? ` (TOTP secret ${a.totpSecret})` : ''}`,
    ),
  ];
}

/** Seeds the demo accounts into a database without any staff account (development only). */
export async function seedDemoStaffIfNone(db: DbOrTx): Promise<void> {
  const [any] = await db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
  if (!any) await seedDemoStaff(db);
}

/**
 * A production start disables the demo accounts that still have their published password (a
 * database copied from development, or filled by `npm run seed`): anyone could sign in with them.
 * Each is recorded in the audit log. Returns the e-mails it disabled.
 */
export async function disableDemoStaffWithPublishedPasswords(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffAccounts)
      .set({ disabledAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          inArray(
            staffAccounts.email,
            DEMO_STAFF.map((a) => a.email),
          ),
          inArray(
            staffAccounts.passwordHash,
            DEMO_STAFF.map((a) => a.passwordHash),
          ),
          isNull(staffAccounts.disabledAt),
        ),
      )
      .returning({ id: staffAccounts.id, email: staffAccounts.email });
    if (rows.length > 0)
      await tx.insert(auditLog).values(
        rows.map((row) => ({
          staffId: null,
          action: 'staff.disable',
          entity: 'staff',
          entityId: String(row.id),
          after: {
            disabled: true,
            reason: 'demo account with its published password, at a production start',
          },
        })),
      );
    return rows.map((row) => row.email);
  });
}
