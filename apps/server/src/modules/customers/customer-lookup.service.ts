import type { DbOrTx } from '@shop/db/client';
import { findCustomerById } from './customers.repository.ts';

/** The e-mail address of a customer, for other modules' mails (orders, payments, refunds). */
export async function customerEmail(db: DbOrTx, customerId: number): Promise<string | undefined> {
  return (await findCustomerById(db, customerId))?.email;
}
