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

export async function countPincodes(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pincodes);
  return Number(row?.n ?? 0);
}
