import { GRIEVANCE_TICKET_PATTERN, type GrievanceStatus } from '@shop/contract/grievances';
import type { DbOrTx } from '@shop/db/client';
import { grievances, grievanceTicketCounters } from '@shop/db/schema/index';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';

/** Drizzle queries of grievances and their per-year ticket counters. */

export type GrievanceRow = typeof grievances.$inferSelect;
export type NewGrievance = Omit<typeof grievances.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/**
 * The next ticket number of `year` (1, 2, 3, …). The upsert locks the year's row until the
 * caller's transaction ends, so concurrent callers get consecutive, distinct numbers.
 */
export async function takeTicketNumber(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(grievanceTicketCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: grievanceTicketCounters.year,
      set: { lastNumber: sql`${grievanceTicketCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: grievanceTicketCounters.lastNumber });
  if (!row) throw new Error(`no ticket counter for ${year}`);
  return row.lastNumber;
}

export async function insertGrievance(tx: DbOrTx, grievance: NewGrievance): Promise<GrievanceRow> {
  const [row] = await tx.insert(grievances).values(grievance).returning();
  if (!row) throw new Error('grievance not stored');
  return row;
}

/**
 * The grievance with this ticket number. Text that is not a ticket number (`GRV-2026-000123`)
 * finds none without asking the database, where a NUL in a path (`/grievances/%00`) would have
 * failed the query.
 */
export async function findGrievanceByTicket(
  db: DbOrTx,
  ticketNumber: string,
): Promise<GrievanceRow | undefined> {
  if (!GRIEVANCE_TICKET_PATTERN.test(ticketNumber)) return undefined;
  const [row] = await db.select().from(grievances).where(eq(grievances.ticketNumber, ticketNumber)).limit(1);
  return row;
}

/**
 * Moves a grievance to `status` only from one of `from` (a conditional update, so two staff
 * members cannot both resolve it); undefined when it was not in one of those statuses.
 */
export async function updateGrievanceStatus(
  tx: DbOrTx,
  id: number,
  from: readonly GrievanceStatus[],
  change: { status: GrievanceStatus; resolution?: string | null; resolvedAt?: Date | null },
): Promise<GrievanceRow | undefined> {
  const [row] = await tx
    .update(grievances)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(grievances.id, id), inArray(grievances.status, [...from])))
    .returning();
  return row;
}

/** One page of grievances for the back office, newest first; `q` finds a ticket or an e-mail address. */
export async function pageOfGrievances(
  db: DbOrTx,
  filter: { statuses: GrievanceStatus[]; q?: string | undefined },
  page: { offset: number; perPage: number },
): Promise<{ rows: GrievanceRow[]; total: number }> {
  const terms: SQL[] = [];
  if (filter.statuses.length) terms.push(inArray(grievances.status, filter.statuses));
  const q = filter.q?.trim();
  if (q)
    terms.push(
      q.includes('@')
        ? eq(grievances.emailAddress, q.toLowerCase())
        : eq(grievances.ticketNumber, q.toUpperCase()),
    );
  const where = terms.length ? and(...terms) : undefined;
  const rows = await db
    .select()
    .from(grievances)
    .where(where)
    .orderBy(desc(grievances.id))
    .limit(page.perPage)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(grievances).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
