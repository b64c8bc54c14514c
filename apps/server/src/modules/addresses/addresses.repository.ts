import type { DbOrTx } from '@shop/db/client';
import { addresses } from '@shop/db/schema/index';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  AddressRow,
  | 'contactPerson'
  | 'mobileNumber'
  | 'fullAddress'
  | 'city'
  | 'pinCode'
  | 'state'
  | 'landmark'
  | 'gstin'
  | 'addressName'
  | 'addressType'
>;

/** A customer's addresses, default first, then newest first. */
export function listAddresses(db: DbOrTx, customerId: number) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
}

/** One address, only when it belongs to the customer. */
export async function findOwnedAddress(
  db: DbOrTx,
  customerId: number,
  id: number,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .limit(1);
  return row;
}

export async function countAddresses(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(eq(addresses.customerId, customerId));
  return row?.n ?? 0;
}

export async function insertAddress(
  db: DbOrTx,
  customerId: number,
  values: AddressValues,
  isDefault: boolean,
) {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, customerId, isDefault })
    .returning();
  return row;
}

export async function updateOwnedAddress(db: DbOrTx, customerId: number, id: number, values: AddressValues) {
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning();
  return row;
}

export async function deleteOwnedAddress(db: DbOrTx, customerId: number, id: number) {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id, isDefault: addresses.isDefault });
  return row;
}

/** Makes the customer's oldest remaining address the default (after the default one was removed). */
export async function promoteOldestToDefault(db: DbOrTx, customerId: number, exceptId: number) {
  const [oldest] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), ne(addresses.id, exceptId)))
    .orderBy(asc(addresses.id))
    .limit(1);
  if (oldest) await db.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id));
}
