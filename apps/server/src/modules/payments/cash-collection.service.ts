import type { DbOrTx } from '@shop/db/client';
import { recordCashCollected } from './payments.repository.ts';

/**
 * Cash on delivery is paid at the door: when the order is delivered, its pending cash payment
 * becomes paid (call in the delivery's transaction). From then on the cash counts as captured, so
 * the order reads Paid and staff can refund it by hand with a reference (staff-refunds.service.ts).
 * An order without a pending cash payment (paid online, or delivered twice) is left as it is.
 */
export async function collectCashOnDelivery(tx: DbOrTx, orderId: number): Promise<void> {
  await recordCashCollected(tx, orderId);
}
