import type { DbOrTx } from '@shop/db/client';
import { addresses, customerOtps, customerRegistrations, customers } from '@shop/db/schema/index';
import { and, countDistinct, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { OtpPurpose } from './one-time-code.ts';

const customerColumns = {
  id: customers.id,
  email: customers.email,
  passwordHash: customers.passwordHash,
  emailVerifiedAt: customers.emailVerifiedAt,
  blockedAt: customers.blockedAt,
  createdAt: customers.createdAt,
};

export type CustomerRow = Awaited<ReturnType<typeof findCustomerByEmail>> & {};

export async function findCustomerByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select(customerColumns).from(customers).where(eq(customers.email, email)).limit(1);
  return row;
}

export async function findCustomerById(db: DbOrTx, id: number) {
  const [row] = await db.select(customerColumns).from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/** The customer row locked for this transaction: serialises code issuing and sign-ups per e-mail. */
export async function lockCustomerByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(eq(customers.email, email))
    .limit(1)
    .for('update');
  return row;
}

/** Locks a customer's row for this transaction (serialises that customer's checkouts). */
export async function lockCustomerById(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  return rows.length > 0;
}

/** Inserts a customer unless the e-mail exists (a concurrent sign-up); returns the id or undefined. */
export async function insertCustomer(db: DbOrTx, email: string, passwordHash: string) {
  const [row] = await db
    .insert(customers)
    .values({ email, passwordHash })
    .onConflictDoNothing({ target: customers.email })
    .returning({ id: customers.id });
  return row?.id;
}

export async function updatePasswordHash(db: DbOrTx, customerId: number, passwordHash: string) {
  await db.update(customers).set({ passwordHash, updatedAt: sql`now()` }).where(eq(customers.id, customerId));
}

export async function markEmailVerified(db: DbOrTx, customerId: number) {
  await db
    .update(customers)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

/** The id of the customer's default saved address, or null. */
export async function defaultAddressId(db: DbOrTx, customerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)))
    .orderBy(desc(addresses.id))
    .limit(1);
  return row?.id ?? null;
}

/** Seconds since the newest code of this purpose was issued, or null when there is none. */
export async function secondsSinceLatestCode(db: DbOrTx, customerId: number, purpose: OtpPurpose) {
  const [row] = await db
    .select({ elapsed: sql<number>`extract(epoch from (now() - ${customerOtps.createdAt}))::float8` })
    .from(customerOtps)
    .where(and(eq(customerOtps.customerId, customerId), eq(customerOtps.purpose, purpose)))
    .orderBy(desc(customerOtps.createdAt), desc(customerOtps.id))
    .limit(1);
  return row ? Number(row.elapsed) : null;
}

/**
 * How many codes of this purpose the customer was sent within the last `hours` (used or not).
 * A code shared with a sign-up made inside the cool-down (shareLiveCode) is one code in two
 * rows with the same hash, so codes are counted by their hash.
 */
export async function codesIssuedWithin(
  db: DbOrTx,
  customerId: number,
  purpose: OtpPurpose,
  hours: number,
): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(customerOtps.codeHash) })
    .from(customerOtps)
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        eq(customerOtps.purpose, purpose),
        gt(customerOtps.createdAt, sql`now() - (${hours} * interval '1 hour')`),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Ends every unconsumed code of this purpose (a new code replaces them; a password change ends
 * them) — with `registrationId`, only the codes of that one sign-up.
 */
export async function consumePendingCodes(
  db: DbOrTx,
  customerId: number,
  purpose: OtpPurpose,
  registrationId?: number,
) {
  await db
    .update(customerOtps)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        eq(customerOtps.purpose, purpose),
        isNull(customerOtps.consumedAt),
        ...(registrationId === undefined ? [] : [eq(customerOtps.registrationId, registrationId)]),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  customerId: number,
  purpose: OtpPurpose,
  codeHash: string,
  ttlMinutes: number,
  registrationId?: number,
) {
  await db.insert(customerOtps).values({
    customerId,
    purpose,
    codeHash,
    registrationId,
    expiresAt: sql`now() + (${ttlMinutes} * interval '1 minute')`,
  });
}

/**
 * Gives a sign-up made inside the resend cool-down the code already mailed for the e-mail (the
 * newest live verification code): same hash, expiry, tries and issue time, so the cool-down,
 * the daily count and the 5 tries stay those of the one mail. Returns whether there was one.
 */
export async function shareLiveCode(db: DbOrTx, customerId: number, registrationId: number) {
  const [live] = await db
    .select({
      codeHash: customerOtps.codeHash,
      attempts: customerOtps.attempts,
      expiresAt: customerOtps.expiresAt,
      createdAt: customerOtps.createdAt,
    })
    .from(customerOtps)
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        eq(customerOtps.purpose, 'verify_email'),
        isNull(customerOtps.consumedAt),
        gt(customerOtps.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(customerOtps.createdAt), desc(customerOtps.id))
    .limit(1);
  if (!live) return false;
  await db.insert(customerOtps).values({ customerId, purpose: 'verify_email', registrationId, ...live });
  return true;
}

/** A pending sign-up: its own password, valid for `ttlHours`. Returns its id. */
export async function insertRegistration(
  db: DbOrTx,
  customerId: number,
  tokenHash: string,
  passwordHash: string,
  ttlHours: number,
): Promise<number> {
  const [row] = await db
    .insert(customerRegistrations)
    .values({
      customerId,
      tokenHash,
      passwordHash,
      expiresAt: sql`now() + (${ttlHours} * interval '1 hour')`,
    })
    .returning({ id: customerRegistrations.id });
  if (!row) throw new Error('registration insert returned nothing');
  return row.id;
}

const liveRegistration = sql`${customerRegistrations.consumedAt} is null and ${customerRegistrations.expiresAt} > now()`;

/** The customer's live (unverified, unexpired, not ended) sign-ups, newest first. */
export async function liveRegistrations(db: DbOrTx, customerId: number) {
  return db
    .select({ id: customerRegistrations.id, passwordHash: customerRegistrations.passwordHash })
    .from(customerRegistrations)
    .where(and(eq(customerRegistrations.customerId, customerId), liveRegistration))
    .orderBy(desc(customerRegistrations.createdAt), desc(customerRegistrations.id));
}

/** The customer's sign-up with this token hash, with whether it is still live. */
export async function findRegistrationByToken(db: DbOrTx, customerId: number, tokenHash: string) {
  const [row] = await db
    .select({ id: customerRegistrations.id, live: sql<boolean>`${liveRegistration}` })
    .from(customerRegistrations)
    .where(
      and(eq(customerRegistrations.customerId, customerId), eq(customerRegistrations.tokenHash, tokenHash)),
    )
    .limit(1);
  return row;
}

/** Ends the given sign-ups (all of the customer's when `ids` is omitted) and their codes. */
export async function endRegistrations(db: DbOrTx, customerId: number, ids?: number[]) {
  if (ids?.length === 0) return;
  const which = ids ? [inArray(customerRegistrations.id, ids)] : [];
  await db
    .update(customerRegistrations)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(customerRegistrations.customerId, customerId),
        isNull(customerRegistrations.consumedAt),
        ...which,
      ),
    );
  await db
    .update(customerOtps)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        isNull(customerOtps.consumedAt),
        ...(ids ? [inArray(customerOtps.registrationId, ids)] : [eq(customerOtps.purpose, 'verify_email')]),
      ),
    );
}

/**
 * The unconsumed verification codes of the customer's live sign-ups (of one sign-up with
 * `registrationId`), locked, each with the password its sign-up chose.
 */
export async function lockVerificationCodes(db: DbOrTx, customerId: number, registrationId?: number) {
  return db
    .select({
      id: customerOtps.id,
      codeHash: customerOtps.codeHash,
      attempts: customerOtps.attempts,
      verifiedAt: customerOtps.verifiedAt,
      expired: sql<boolean>`${customerOtps.expiresAt} <= now()`,
      registrationId: customerRegistrations.id,
      passwordHash: customerRegistrations.passwordHash,
    })
    .from(customerOtps)
    .innerJoin(customerRegistrations, eq(customerRegistrations.id, customerOtps.registrationId))
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        eq(customerOtps.purpose, 'verify_email'),
        isNull(customerOtps.consumedAt),
        liveRegistration,
        ...(registrationId === undefined ? [] : [eq(customerRegistrations.id, registrationId)]),
      ),
    )
    .orderBy(desc(customerOtps.createdAt), desc(customerOtps.id))
    .for('update', { of: customerOtps });
}

/** The newest unconsumed code of this purpose, locked, with its expiry judged by the database clock. */
export async function lockPendingCode(db: DbOrTx, customerId: number, purpose: OtpPurpose) {
  const [row] = await db
    .select({
      id: customerOtps.id,
      codeHash: customerOtps.codeHash,
      attempts: customerOtps.attempts,
      verifiedAt: customerOtps.verifiedAt,
      expired: sql<boolean>`${customerOtps.expiresAt} <= now()`,
    })
    .from(customerOtps)
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        eq(customerOtps.purpose, purpose),
        isNull(customerOtps.consumedAt),
      ),
    )
    .orderBy(desc(customerOtps.createdAt), desc(customerOtps.id))
    .limit(1)
    .for('update');
  return row;
}

export type PendingCode = NonNullable<Awaited<ReturnType<typeof lockPendingCode>>>;

/**
 * Counts a wrong try against a code: against every live row of it, since a code shared with a
 * sign-up inside the cool-down (shareLiveCode) has one row per sign-up and one budget of tries.
 * Returns the tries the code has had.
 */
export async function recordWrongAttempt(
  db: DbOrTx,
  code: { customerId: number; purpose: OtpPurpose; codeHash: string },
): Promise<number> {
  const rows = await db
    .update(customerOtps)
    .set({ attempts: sql`${customerOtps.attempts} + 1` })
    .where(
      and(
        eq(customerOtps.customerId, code.customerId),
        eq(customerOtps.purpose, code.purpose),
        eq(customerOtps.codeHash, code.codeHash),
        isNull(customerOtps.consumedAt),
      ),
    )
    .returning({ attempts: customerOtps.attempts });
  return Math.max(0, ...rows.map((r) => r.attempts));
}

export async function consumeCode(db: DbOrTx, codeId: number) {
  await db.update(customerOtps).set({ consumedAt: sql`now()` }).where(eq(customerOtps.id, codeId));
}

/** A verified reset code authorises one password change for `minutes` from now. */
export async function markCodeVerified(db: DbOrTx, codeId: number, minutes: number) {
  await db
    .update(customerOtps)
    .set({ verifiedAt: sql`now()`, expiresAt: sql`now() + (${minutes} * interval '1 minute')` })
    .where(eq(customerOtps.id, codeId));
}
