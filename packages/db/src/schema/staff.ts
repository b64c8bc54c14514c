import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, sealedText, updatedAt } from './columns.ts';

/**
 * Back-office accounts, separate from customers: a shop's staff never sign in to the storefront
 * with these, and a customer's token opens nothing here.
 */
export const staffAccounts = pgTable('staff_accounts', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased and trimmed; one account per address. */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** 'owner' | 'manager' | 'staff' (contract admin/staff.ts ROLE_PERMISSIONS). */
  role: text('role').notNull(),
  /** scrypt, in the customers' format `scrypt$N$r$p$salt$hash`. */
  passwordHash: text('password_hash').notNull(),
  /** Base32 TOTP secret, stored sealed; set at enrolment, in force once `totpEnabled`. */
  totpSecret: sealedText('totp_secret'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  /** The last accepted TOTP time step: a code is accepted once (RFC 6238 §5.2). */
  totpLastCounter: integer('totp_last_counter'),
  /** Failed sign-ins in the current window, and until when the account is locked. */
  failedLogins: integer('failed_logins').notNull().default(0),
  failedLoginsSince: timestamp('failed_logins_since', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** A disabled account cannot sign in and its sessions end; the row stays for the audit log. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Back-office sessions: only the SHA-256 of the cookie's token is stored. A session starts at
 * stage 'totp' when the account has a second factor and becomes 'live' (with a new token) once
 * the code is given. Idle and absolute expiry are checked on every request.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Sent back as X-CSRF-Token on unsafe requests (synchroniser token). */
    csrfToken: text('csrf_token').notNull(),
    /** 'totp' (password given, second factor pending) | 'live' */
    stage: text('stage').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end: 7 days after sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_idx').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/** One-time recovery codes of an account's second factor, stored as SHA-256. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId).where(sql`${t.usedAt} IS NULL`)],
);
