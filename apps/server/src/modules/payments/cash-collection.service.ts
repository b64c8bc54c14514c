import type { DbOrTx } from '@shop/db/client';
import { recordCashCollected } from './payments.repository.ts';

/**
 * Cash on delivery is paid at the door: when the order is delivered, its pending cash payment
 * becomes paid (call in the delivery's transaction). From then on the cash counts as captured, so
 * the order reads Paid and staff can refund it by hand with a reference (staff-refunds.service.ts).
 * True when a payment changed.
 */
export async function collectCashOnDelivery(tx: DbOrTx, orderId: number): Promise<boolean> {
  return (await recordCashCollected(tx, orderId)) > 0;
}
