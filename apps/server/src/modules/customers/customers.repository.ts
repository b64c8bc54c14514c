import type { DbOrTx } from '@shop/db/client';
import { addresses, customerOtps, customers } from '@shop/db/schema/index';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { OtpPurpose } from './one-time-code.ts';

const customerColumns = {
  id: customers.id,
  email: customers.email,
  passwordHash: customers.passwordHash,
  emailVerifiedAt: customers.emailVerifiedAt,
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

/** Ends every unconsumed code of this purpose (a new code replaces them; a password change ends them). */
export async function consumePendingCodes(db: DbOrTx, customerId: number, purpose: OtpPurpose) {
  await db
    .update(customerOtps)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(customerOtps.customerId, customerId),
        eq(customerOtps.purpose, purpose),
        isNull(customerOtps.consumedAt),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  customerId: number,
  purpose: OtpPurpose,
  codeHash: string,
  ttlMinutes: number,
) {
  await db.insert(customerOtps).values({
    customerId,
    purpose,
    codeHash,
    expiresAt: sql`now() + (${ttlMinutes} * interval '1 minute')`,
  });
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

export async function recordWrongAttempt(db: DbOrTx, codeId: number): Promise<number> {
  const [row] = await db
    .update(customerOtps)
    .set({ attempts: sql`${customerOtps.attempts} + 1` })
    .where(eq(customerOtps.id, codeId))
    .returning({ attempts: customerOtps.attempts });
  return row?.attempts ?? 0;
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
