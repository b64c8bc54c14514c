import type { AdminCustomerDetail, AdminCustomerRow } from '@shop/contract/admin/customers';
import type { DbOrTx } from '@shop/db/client';
import { addresses, customers } from '@shop/db/schema/index';
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { revokeOtherTokens } from './customer-token.ts';

/** The customer list's search and filter (back office). */
export interface AdminCustomerFilter {
  /** Part of an e-mail, a name on a saved address, or a mobile number (its last 10 digits). */
  q?: string | undefined;
  /** 'blocked' | 'active' | 'unverified' */
  state?: 'blocked' | 'active' | 'unverified' | undefined;
}

/** The name and mobile shown for a customer: their default address, else the newest one. */
const mainAddress = sql.raw(`(
  SELECT json_build_object('name', a.contact_person, 'mobile', a.mobile_number)
  FROM addresses a WHERE a.customer_id = customers.id
  ORDER BY a.is_default DESC, a.id DESC LIMIT 1)`);

// Written out with aliases: inside a one-table select the ORM leaves columns unqualified.
const orderCount = sql.raw('(SELECT count(*)::int FROM orders o WHERE o.customer_id = customers.id)');

function likeText(q: string) {
  return `%${q.replace(/[%_\\]/g, '')}%`;
}

function whereOf(filter: AdminCustomerFilter): SQL | undefined {
  const terms: SQL[] = [];
  if (filter.state === 'blocked') terms.push(isNotNull(customers.blockedAt));
  if (filter.state === 'active')
    terms.push(and(isNull(customers.blockedAt), isNotNull(customers.emailVerifiedAt)) as SQL);
  if (filter.state === 'unverified') terms.push(isNull(customers.emailVerifiedAt));
  const q = filter.q?.trim();
  if (q) {
    if (/^\+?\d[\d\s-]{5,}$/.test(q)) {
      const digits = q.replace(/\D/g, '').slice(-10);
      terms.push(
        sql`EXISTS (SELECT 1 FROM addresses a WHERE a.customer_id = customers.id AND a.mobile_number LIKE ${`%${digits}`})`,
      );
    } else {
      const like = likeText(q.toLowerCase());
      terms.push(
        sql`(customers.email LIKE ${like} OR EXISTS (SELECT 1 FROM addresses a WHERE a.customer_id = customers.id AND a.contact_person ILIKE ${like}))`,
      );
    }
  }
  return terms.length ? and(...terms) : undefined;
}

type Sort = { field: 'created_at' | 'email'; direction: 'asc' | 'desc' };

const rowColumns = {
  id: customers.id,
  email: customers.email,
  emailVerifiedAt: customers.emailVerifiedAt,
  blockedAt: customers.blockedAt,
  createdAt: customers.createdAt,
  address: mainAddress,
  orderCount,
};

type RawRow = {
  id: number;
  email: string;
  emailVerifiedAt: Date | null;
  blockedAt: Date | null;
  createdAt: Date;
  address: unknown;
  orderCount: number;
};

function toRow(row: RawRow): AdminCustomerRow {
  const address = (row.address ?? {}) as { name?: string; mobile?: string };
  return {
    id: row.id,
    email: row.email,
    name: address.name ?? '',
    mobile_number: address.mobile ?? '',
    email_verified: row.emailVerifiedAt !== null,
    blocked: row.blockedAt !== null,
    blocked_at: row.blockedAt?.toISOString() ?? null,
    order_count: Number(row.orderCount),
    created_at: row.createdAt.toISOString(),
  };
}

/** One page of customers, newest first unless sorted otherwise. */
export async function pageOfAdminCustomers(
  db: DbOrTx,
  filter: AdminCustomerFilter,
  page: { offset: number; perPage: number },
  sort: Sort[],
): Promise<{ items: AdminCustomerRow[]; total: number }> {
  const where = whereOf(filter);
  const column = { created_at: customers.id, email: customers.email };
  const orderBy = sort.map((s) => (s.direction === 'desc' ? desc(column[s.field]) : asc(column[s.field])));
  const rows = await db
    .select(rowColumns)
    .from(customers)
    .where(where)
    .orderBy(...orderBy, desc(customers.id))
    .limit(page.perPage)
    .offset(page.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(where);
  return { items: rows.map((r) => toRow(r as RawRow)), total: Number(total?.n ?? 0) };
}

async function customerRow(db: DbOrTx, id: number): Promise<AdminCustomerRow> {
  const [row] = await db.select(rowColumns).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw AppError.notFound('There is no such customer.');
  return toRow(row as RawRow);
}

/** A customer with their saved addresses; the caller adds their orders (the order list's query). */
export async function adminCustomerDetail(
  db: DbOrTx,
  id: number,
): Promise<Omit<AdminCustomerDetail, 'orders'>> {
  const row = await customerRow(db, id);
  const saved = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, id))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return {
    ...row,
    addresses: saved.map((a) => ({
      id: a.id,
      contact_person: a.contactPerson,
      mobile_number: a.mobileNumber,
      full_address: a.fullAddress,
      city: a.city,
      pin_code: a.pinCode,
      gstin: a.gstin,
      landmark: a.landmark,
      address_name: a.addressName,
      address_type: a.addressType,
      is_default: a.isDefault,
    })),
  };
}

/**
 * Blocks or unblocks a customer. Blocking also revokes every live token, so the customer is
 * logged out everywhere at once; login and checkout then refuse them (customers-login.service.ts
 * openSession, customer-lookup.service.ts assertCustomerMayOrder). Unblocking lets them log in
 * again. Returns the row before and after for the audit log; a repeated request changes nothing.
 */
export async function setCustomerBlocked(
  tx: DbOrTx,
  id: number,
  blocked: boolean,
): Promise<{ before: boolean; after: AdminCustomerRow }> {
  const [locked] = await tx
    .select({ blockedAt: customers.blockedAt })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update');
  if (!locked) throw AppError.notFound('There is no such customer.');
  const before = locked.blockedAt !== null;
  if (before !== blocked) {
    await tx
      .update(customers)
      .set({ blockedAt: blocked ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(customers.id, id));
  }
  if (blocked) await revokeOtherTokens(tx, id);
  return { before, after: await customerRow(tx, id) };
}
