import type { DbOrTx } from '@shop/db/client';
import type { AccessToken } from '../../context.ts';
import { findLiveToken } from './customer-token.ts';
import { findCustomerById } from './customers.repository.ts';

/** The e-mail address of a customer, for other modules' mails (orders, payments, refunds). */
export async function customerEmail(db: DbOrTx, customerId: number): Promise<string | undefined> {
  return (await findCustomerById(db, customerId))?.email;
}

/** The live access token behind a presented Bearer token: the lookup the HTTP guard is given (app.ts). */
export async function findAccessToken(db: DbOrTx, token: string): Promise<AccessToken | undefined> {
  const row = await findLiveToken(db, token);
  if (row?.scope !== 'full' && row?.scope !== 'password_reset') return undefined;
  return { id: row.id, customerId: row.customerId, scope: row.scope };
}
