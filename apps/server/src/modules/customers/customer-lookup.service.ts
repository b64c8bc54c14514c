import type { DbOrTx } from '@shop/db/client';
import { findCustomerById, lockCustomerById } from './customers.repository.ts';

/** The e-mail address of a customer, for other modules' mails (orders, payments, refunds). */
export async function customerEmail(db: DbOrTx, customerId: number): Promise<string | undefined> {
  return (await findCustomerById(db, customerId))?.email;
}

/**
 * Holds the customer's row for the rest of the transaction, so that one customer's concurrent
 * checkouts (coupon limits per customer, the same-cart check) run one after another.
 */
export async function lockCustomer(tx: DbOrTx, customerId: number): Promise<void> {
  await lockCustomerById(tx, customerId);
}
