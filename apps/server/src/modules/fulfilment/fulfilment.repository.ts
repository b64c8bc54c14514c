import type { DbOrTx } from '@shop/db/client';
import { deliveryZones, pincodes } from '@shop/db/schema/index';
import { asc, count, eq } from 'drizzle-orm';

export type PincodeRow = typeof pincodes.$inferSelect;
export type ZoneRow = typeof deliveryZones.$inferSelect;

export async function findPincode(db: DbOrTx, pincode: string): Promise<PincodeRow | undefined> {
  const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  return row;
}

export function activeZones(db: DbOrTx): Promise<ZoneRow[]> {
  return db
    .select()
    .from(deliveryZones)
    .where(eq(deliveryZones.isActive, true))
    .orderBy(asc(deliveryZones.id));
}

/** Every zone, switched off ones too, in the order they were made (the resolution's tie-break). */
export function allZones(db: DbOrTx): Promise<ZoneRow[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.id));
}

export async function lockZone(db: DbOrTx, id: number): Promise<ZoneRow | undefined> {
  const [row] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update');
  return row;
}

export async function insertZone(db: DbOrTx, values: typeof deliveryZones.$inferInsert): Promise<ZoneRow> {
  const [row] = await db.insert(deliveryZones).values(values).returning();
  if (!row) throw new Error('delivery zone insert returned nothing');
  return row;
}

export async function updateZone(
  db: DbOrTx,
  id: number,
  values: Partial<typeof deliveryZones.$inferInsert>,
): Promise<ZoneRow | undefined> {
  const [row] = await db
    .update(deliveryZones)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deliveryZones.id, id))
    .returning();
  return row;
}

export async function deleteZone(db: DbOrTx, id: number): Promise<void> {
  await db.delete(deliveryZones).where(eq(deliveryZones.id, id));
}

export async function countPincodes(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pincodes);
  return Number(row?.n ?? 0);
}
