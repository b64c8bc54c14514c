import { TRACKING_PLACEHOLDER } from '@shop/contract/admin/carriers';
import type { DbOrTx } from '@shop/db/client';
import { shippingCarriers } from '@shop/db/schema/index';
import { asc, eq } from 'drizzle-orm';

export type CarrierRow = typeof shippingCarriers.$inferSelect;

/** The carriers staff can choose when shipping, in the owner's order. */
export function activeCarriers(db: DbOrTx): Promise<CarrierRow[]> {
  return db
    .select()
    .from(shippingCarriers)
    .where(eq(shippingCarriers.isActive, true))
    .orderBy(asc(shippingCarriers.sortOrder), asc(shippingCarriers.id));
}

export async function carrierById(db: DbOrTx, id: number): Promise<CarrierRow | undefined> {
  const [row] = await db.select().from(shippingCarriers).where(eq(shippingCarriers.id, id)).limit(1);
  return row;
}

/** The carrier looked up by name, case-insensitively (a carrier's CSV names it). */
export async function carrierByName(db: DbOrTx, name: string): Promise<CarrierRow | undefined> {
  const wanted = name.trim().toLowerCase();
  return (await activeCarriers(db)).find((c) => c.name.toLowerCase() === wanted);
}

/**
 * The carrier's tracking page for one parcel: the template's `{tracking}` replaced by the
 * URL-encoded number; null when the carrier has no page. The order keeps the result, so a
 * carrier edited or switched off later leaves shipped orders' links as they were.
 */
export function trackingUrlOf(carrier: Pick<CarrierRow, 'trackingUrlTemplate'>, trackingNumber: string) {
  const template = carrier.trackingUrlTemplate;
  return template ? template.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber)) : null;
}
