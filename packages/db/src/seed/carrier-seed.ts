import type { DbOrTx } from '../client.ts';
import { shippingCarriers } from '../schema/index.ts';

/**
 * Carriers an Indian shop commonly uses, with their public tracking pages. The owner edits them
 * (and adds their own) in the back office; a template's `{tracking}` takes the tracking number.
 */
export const demoCarriers = [
  {
    name: 'India Post',
    trackingUrlTemplate:
      'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={tracking}',
  },
  { name: 'Delhivery', trackingUrlTemplate: 'https://www.delhivery.com/track-v2/package/{tracking}' },
  { name: 'Blue Dart', trackingUrlTemplate: 'https://www.bluedart.com/tracking?trackNo={tracking}' },
  { name: 'DTDC', trackingUrlTemplate: 'https://www.dtdc.in/trace.asp?strCnno={tracking}' },
  { name: 'Kesar Foods delivery van', trackingUrlTemplate: null },
] as const;

/** Writes the carriers once (a database that has any keeps its own). */
export async function seedCarriers(tx: DbOrTx): Promise<void> {
  const existing = await tx.select({ id: shippingCarriers.id }).from(shippingCarriers).limit(1);
  if (existing.length > 0) return;
  await tx
    .insert(shippingCarriers)
    .values(demoCarriers.map((carrier, index) => ({ ...carrier, sortOrder: index })));
}
