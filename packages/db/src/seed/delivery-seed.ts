import { readFileSync } from 'node:fs';
import type { DbOrTx } from '../client.ts';
import { readPincodeDirectory, upsertPincodeRows } from '../pincode-directory.ts';
import { deliveryZones } from '../schema/index.ts';
import { demoDeliveryZones } from './delivery-zones.ts';

/**
 * A few hundred real pincodes from India Post's All India Pincode Directory (data.gov.in,
 * Government Open Data Licence – India; provider: Department of Posts), in the directory's own
 * column layout: Jaipur and some of Rajasthan, and parts of Delhi, Mumbai, Bengaluru, Kolkata,
 * Chennai, the Andaman and Nicobar Islands, Lakshadweep and Ladakh. Import the whole directory
 * with `npm run pincodes:import -- FILE.csv`.
 */
export const demoPincodeFile = new URL('./data/pincodes-demo.csv', import.meta.url);

/** The delivery zones of delivery-zones.ts and the demo pincodes. */
export async function seedDelivery(tx: DbOrTx): Promise<void> {
  await tx.insert(deliveryZones).values([...demoDeliveryZones]);
  const { pincodes: rows } = readPincodeDirectory(readFileSync(demoPincodeFile));
  await upsertPincodeRows(tx, rows);
}
