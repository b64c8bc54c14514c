import { customerAdminMessages } from '@shop/contract/admin/customers';
import type { DbOrTx } from '@shop/db/client';
import type { AccessToken } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { findLiveToken } from './customer-token.ts';
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

/**
 * A blocked customer cannot order (their tokens are revoked when blocked; this also covers a
 * token that was being used at that moment). Checked inside the checkout's transaction, after
 * lockCustomer, so a block and a checkout cannot pass each other.
 */
export async function assertCustomerMayOrder(db: DbOrTx, customerId: number): Promise<void> {
  const customer = await findCustomerById(db, customerId);
  if (customer?.blockedAt) throw new AppError('forbidden', customerAdminMessages.blocked);
}

/** The live access token behind a presented Bearer token: the lookup the HTTP guard is given (app.ts). */
export async function findAccessToken(db: DbOrTx, token: string): Promise<AccessToken | undefined> {
  const row = await findLiveToken(db, token);
  if (row?.scope !== 'full' && row?.scope !== 'password_reset') return undefined;
  return { id: row.id, customerId: row.customerId, scope: row.scope };
}
