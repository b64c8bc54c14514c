import type { ContactMessage, ContactMessageFilter, Subscriber } from '@shop/contract/admin/content';
import { CONTACT_MESSAGE_CSV_COLUMNS, contentAdminMessages } from '@shop/contract/admin/content';
import type { Db, DbOrTx } from '@shop/db/client';
import { contactEnquiries, newsletterSubscriptions } from '@shop/db/schema/index';
import { type SQL, count, desc, eq, ilike, isNotNull, isNull } from 'drizzle-orm';
import { csvFile } from '../../http/csv-file.ts';
import { AppError } from '../../http/app-error.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';

/** Who makes the change: the staff account and the client's address. */
type Actor = Pick<AuditEntry, 'staffId' | 'ip'>;

/** The back office's view of newsletter subscribers and contact messages. */

export interface ListWindow {
  limit: number;
  offset: number;
}

const subscriberView = (s: typeof newsletterSubscriptions.$inferSelect): Subscriber => ({
  id: s.id,
  email: s.email,
  created_at: s.createdAt.toISOString(),
});

/** Subscribers, newest first; `search` matches part of the address. */
export async function listSubscribers(
  db: DbOrTx,
  search: string,
  window: ListWindow,
): Promise<{ items: Subscriber[]; total: number }> {
  const where = search
    ? ilike(newsletterSubscriptions.email, `%${escapeLike(search.toLowerCase())}%`)
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscriptions)
      .where(where)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(newsletterSubscriptions).where(where),
  ]);
  return { items: rows.map(subscriberView), total: total?.n ?? 0 };
}

/** Every subscriber as a CSV file (e-mail, subscribed at in UTC), oldest first. */
export async function subscribersCsv(db: DbOrTx): Promise<string> {
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .orderBy(newsletterSubscriptions.createdAt, newsletterSubscriptions.id);
  return csvFile(
    ['email', 'subscribed_at'],
    rows.map((s) => [s.email, s.createdAt.toISOString()]),
  );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const messageView = (m: typeof contactEnquiries.$inferSelect): ContactMessage => ({
  id: m.id,
  name: m.name,
  email_address: m.emailAddress,
  contact_number: m.contactNumber,
  subject: m.subject,
  message: m.message,
  created_at: m.createdAt.toISOString(),
  handled_at: m.handledAt ? m.handledAt.toISOString() : null,
  handled_by: m.handledBy,
});

const filters: Record<ContactMessageFilter, SQL | undefined> = {
  open: isNull(contactEnquiries.handledAt),
  handled: isNotNull(contactEnquiries.handledAt),
  all: undefined,
};

/** Contact messages, newest first: the open ones by default. */
export async function listContactMessages(
  db: DbOrTx,
  filter: ContactMessageFilter,
  window: ListWindow,
): Promise<{ items: ContactMessage[]; total: number }> {
  const where = filters[filter];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactEnquiries)
      .where(where)
      .orderBy(desc(contactEnquiries.createdAt), desc(contactEnquiries.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(contactEnquiries).where(where),
  ]);
  return { items: rows.map(messageView), total: total?.n ?? 0 };
}

/**
 * The contact messages of a filter as a CSV file, newest first like the list. Names, subjects
 * and messages are the public's own words: the CSV writer quotes them and disarms formulas.
 */
export async function contactMessagesCsv(db: DbOrTx, filter: ContactMessageFilter): Promise<string> {
  const rows = await db
    .select()
    .from(contactEnquiries)
    .where(filters[filter])
    .orderBy(desc(contactEnquiries.createdAt), desc(contactEnquiries.id));
  return csvFile(
    CONTACT_MESSAGE_CSV_COLUMNS,
    rows.map((m) => [
      m.id,
      m.createdAt.toISOString(),
      m.name,
      m.emailAddress,
      m.contactNumber,
      m.subject,
      m.message,
      m.handledAt?.toISOString() ?? null,
      m.handledBy,
    ]),
  );
}

/**
 * Marks a message handled (by whom, when) or open again, audited in the same transaction.
 * Marking a handled message handled again keeps the first time and person.
 */
export async function markContactMessage(
  db: Db,
  actor: Actor,
  id: number,
  handled: boolean,
): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactEnquiries).where(eq(contactEnquiries.id, id)).limit(1);
    if (!before) throw AppError.notFound(contentAdminMessages.notFound);
    if (Boolean(before.handledAt) === handled) return messageView(before);
    const [row] = await tx
      .update(contactEnquiries)
      .set(
        handled ? { handledAt: new Date(), handledBy: actor.staffId } : { handledAt: null, handledBy: null },
      )
      .where(eq(contactEnquiries.id, id))
      .returning();
    if (!row) throw AppError.notFound(contentAdminMessages.notFound);
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: handled ? 'contact_message.handled' : 'contact_message.reopened',
      entity: 'contact_message',
      entityId: id,
      before: { handled_at: before.handledAt?.toISOString() ?? null },
      after: { handled_at: row.handledAt?.toISOString() ?? null },
    });
    return messageView(row);
  });
}
