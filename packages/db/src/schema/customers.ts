import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased and trimmed; one account per address. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Set while the shop has blocked the account: no login, no checkout (back office). */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Access tokens: only the SHA-256 of the token is stored. */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'full' for a normal login; 'password_reset' may only change the password. */
    scope: text('scope').notNull().default('full'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_tokens_hash_idx').on(t.tokenHash),
    index('customer_tokens_customer_idx').on(t.customerId),
  ],
);

/**
 * Pending sign-ups of a not yet verified e-mail (ADR 0007): each sign-up keeps the password it
 * chose here, and only a code issued for this row can activate it. The customer's own password
 * is set from the row that is verified; the others end with it. Only the SHA-256 of the
 * registration token (the handle the sign-up answer carries) is stored.
 */
export const customerRegistrations = pgTable(
  'customer_registrations',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this sign-up was verified, or ended by another one's verification. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_registrations_token_idx').on(t.tokenHash),
    index('customer_registrations_customer_idx').on(t.customerId),
  ],
);

/** One-time codes (6 digits, hashed, 10-minute expiry, 5 tries). */
export const customerOtps = pgTable(
  'customer_otps',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'verify_email' | 'reset_password' */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** A verification code belongs to one pending sign-up and activates only its password. */
    registrationId: integer('registration_id').references(() => customerRegistrations.id, {
      onDelete: 'cascade',
    }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a reset code is verified: it then authorises one password change. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('customer_otps_customer_idx').on(t.customerId, t.purpose)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    contactPerson: text('contact_person').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    fullAddress: text('full_address').notNull(),
    city: text('city').notNull(),
    pinCode: text('pin_code').notNull(),
    /** The state, filled in from the pincode; null on addresses saved before it was asked. */
    state: text('state'),
    landmark: text('landmark').notNull(),
    /**
     * The buyer's GSTIN, for a business that buys here: its tax invoice then names it (CGST
     * Rules r.46(e)) so the business can claim the tax back. Null for a consumer.
     */
    gstin: text('gstin'),
    addressName: text('address_name').notNull(),
    /** 'home' | 'work' */
    addressType: text('address_type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);
