import type { DbOrTx } from '@shop/db/client';
import { captchaSolutions, contactEnquiries, newsletterSubscriptions } from '@shop/db/schema/index';
import { lt } from 'drizzle-orm';

/** Drizzle queries of newsletter subscriptions, contact enquiries and used captchas. */

/** Inserts a (lower-cased) address; false when it is already subscribed (unique index). */
export async function insertSubscription(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/** Marks a captcha challenge as used; false when it was used before (primary key). */
export async function claimCaptchaSolution(
  db: DbOrTx,
  signature: string,
  expiresAt: number,
): Promise<boolean> {
  const rows = await db
    .insert(captchaSolutions)
    .values({ signature, expiresAt })
    .onConflictDoNothing({ target: captchaSolutions.signature })
    .returning({ signature: captchaSolutions.signature });
  return rows.length > 0;
}

/** Expired challenges can no longer be replayed (verification rejects them), so drop them. */
export async function deleteExpiredCaptchaSolutions(db: DbOrTx, nowSeconds: number) {
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, nowSeconds));
}

export interface NewEnquiry {
  name: string;
  emailAddress: string;
  contactNumber: string;
  subject: string;
  message: string;
}

export async function insertEnquiry(db: DbOrTx, enquiry: NewEnquiry) {
  const [row] = await db.insert(contactEnquiries).values(enquiry).returning({ id: contactEnquiries.id });
  return row?.id;
}
