import { parseArgs } from 'node:util';
import { createStaffSchema, ROLES_REQUIRING_TOTP, type StaffAccount } from '@shop/contract/admin/staff';
import type { Db } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createStaffAccount } from './staff-accounts.service.ts';
import { lockStaff, replaceRecoveryCodes, updateStaff } from './staff.repository.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp.ts';

export const STAFF_CREATE_USAGE =
  'Usage: npm run staff:create -- --email E --role owner|manager|staff [--password P] [--name N]';

export interface StaffCreated {
  staff: StaffAccount;
  /** The generated password, when none was given. */
  password: string | null;
  /** For a role that must use two-factor: the authenticator URI, its secret and the recovery codes. */
  totp: { otpauthUri: string; secret: string; recoveryCodes: string[] } | null;
}

/** The command line's arguments checked with the API's own rules; a message for what is wrong. */
export function parseStaffCreateArgs(argv: string[]) {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    return { ok: false as const, message: error instanceof Error ? error.message : String(error) };
  }
  const email = typeof values.email === 'string' ? values.email : '';
  const parsed = createStaffSchema.safeParse({
    email,
    role: values.role,
    name: values.name ?? (email.split('@')[0] || email),
    password: values.password,
  });
  if (!parsed.success)
    return {
      ok: false as const,
      message: parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'),
    };
  return { ok: true as const, input: parsed.data };
}

/**
 * `npm run staff:create`: the way to the first owner of a production shop (which seeds no
 * accounts), and a non-interactive way to add staff. An owner gets two-factor authentication at
 * once — its otpauth URI and recovery codes are printed — because an owner may do nothing without
 * it; the other roles can set it up in the back office.
 */
export async function createStaffFromCommandLine(
  db: Db,
  input: ReturnType<typeof parseStaffCreateArgs> & { ok: true },
): Promise<StaffCreated> {
  const created = await createStaffAccount(db, { id: null, ip: null }, input.input);
  if (!ROLES_REQUIRING_TOTP.includes(created.staff.role)) return { ...created, totp: null };
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const row = await lockStaff(tx, created.staff.id);
    if (!row) throw new AppError('not-found', 'staff account vanished');
    await updateStaff(tx, row.id, { totpSecret: secret, totpEnabled: true, totpLastCounter: null });
    await replaceRecoveryCodes(tx, row.id, recoveryCodes.map(hashRecoveryCode));
    await recordAudit(tx, {
      staffId: null,
      action: 'staff.totp_enable',
      entity: 'staff',
      entityId: row.id,
      before: { totp_enabled: false },
      after: { totp_enabled: true },
    });
  });
  return {
    staff: { ...created.staff, totp_enabled: true },
    password: created.password,
    totp: { otpauthUri: otpauthUri(secret, created.staff.email), secret, recoveryCodes },
  };
}

/** What the command prints: the account, and what is shown this once. */
export function describeCreatedStaff(created: StaffCreated): string[] {
  const lines = [`Created ${created.staff.role} ${created.staff.email} (id ${created.staff.id}).`];
  if (created.password) lines.push(`Password (shown once): ${created.password}`);
  if (created.totp) {
    lines.push(
      'Two-factor authentication is on. Add this to an authenticator app (or make a QR code of it):',
      `  ${created.totp.otpauthUri}`,
      `  secret: ${created.totp.secret}`,
      'Recovery codes (shown once; each works one time instead of a code):',
      ...created.totp.recoveryCodes.map((code) => `  ${code}`),
    );
  }
  return lines;
}
