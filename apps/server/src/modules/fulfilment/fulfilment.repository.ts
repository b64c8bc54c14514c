import type { DbOrTx } from '@shop/db/client';
import { deliveryZones, pincodes } from '@shop/db/schema/index';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';

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

/** An advisory lock key nothing else takes (the migrations hold 727001, the demo seed 727002). */
const ZONE_SAVES_LOCK_KEY = 727003;

/**
 * Makes the back office's zone saves take turns until the transaction ends, so that each save's
 * checks against the other zones (one default zone, no clashing matches) see every earlier save:
 * two staff adding clashing zones in the same instant cannot both pass, as a row lock could not
 * ensure for a zone that does not exist yet.
 */
export async function lockZoneSaves(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ZONE_SAVES_LOCK_KEY})`);
}

/** The oldest default zone other than `exceptId`, if any (hold lockZoneSaves to rely on the answer). */
export async function defaultZone(db: DbOrTx, exceptId?: number): Promise<ZoneRow | undefined> {
  const [row] = await db
    .select()
    .from(deliveryZones)
    .where(
      and(
        eq(deliveryZones.kind, 'default'),
        exceptId === undefined ? undefined : ne(deliveryZones.id, exceptId),
      ),
    )
    .orderBy(asc(deliveryZones.id))
    .limit(1);
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
