import type { DbOrTx, Db } from '@shop/db/client';
import { mailOutbox } from '@shop/db/schema/index';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';

export interface OutgoingMail {
  /** What the mail is (signup-code, order-placed, …), for the log and the failed-mail count. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Writes a mail to the outbox; pass the transaction of the change that causes it. */
export async function insertMail(db: DbOrTx, mail: OutgoingMail) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ kind: mail.kind, toAddress: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    .returning({ id: mailOutbox.id });
  return row?.id;
}

/**
 * Claims due mails for delivery. The claim moves next_attempt_at forward inside one UPDATE
 * with SKIP LOCKED, so several instances never send the same mail at once.
 */
export async function claimDueMails(db: Db, limit: number, leaseMs: number) {
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return db
    .update(mailOutbox)
    .set({
      nextAttemptAt: sql`now() + (${leaseMs} || ' milliseconds')::interval`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      inArray(
        mailOutbox.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
}

export async function markMail(db: Db, id: number, status: 'sent' | 'kept') {
  await db
    .update(mailOutbox)
    .set({ status, sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Db, id: number, error: string, retryInMs: number | null) {
  await db
    .update(mailOutbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error }
        : { lastError: error, nextAttemptAt: sql`now() + (${retryInMs} || ' milliseconds')::interval` },
    )
    .where(eq(mailOutbox.id, id));
}

/** Mails given up on (undelivered for the whole retry period); shown on the health endpoint. */
export async function countFailedMails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
  return row?.n ?? 0;
}
