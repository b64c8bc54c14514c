import type { DbOrTx } from '@shop/db/client';
import { auditLog, staffAccounts } from '@shop/db/schema/index';
import { and, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';

export interface AuditFilter {
  staffId?: number | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Inclusive start and exclusive end. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * Entries about one row: its own (entity_id), and, for a product, those of changes to many
 * products at once (bulk changes, a catalogue import), which name no single product but list the
 * ones they touched as `product_ids` in `before` or `after`.
 */
function aboutEntity(entityId: string): SQL | undefined {
  const own = eq(auditLog.entityId, entityId);
  if (!/^\d{1,15}$/.test(entityId)) return own;
  const listed = JSON.stringify([Number(entityId)]);
  return or(
    own,
    and(
      eq(auditLog.entity, 'product'),
      isNull(auditLog.entityId),
      sql`(${auditLog.before} -> 'product_ids' @> ${listed}::jsonb or ${auditLog.after} -> 'product_ids' @> ${listed}::jsonb)`,
    ),
  );
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.staffId === undefined ? undefined : eq(auditLog.staffId, filter.staffId),
    filter.entity === undefined ? undefined : eq(auditLog.entity, filter.entity),
    filter.entityId === undefined ? undefined : aboutEntity(filter.entityId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
    filter.from === undefined ? undefined : gte(auditLog.at, filter.from),
    filter.to === undefined ? undefined : lt(auditLog.at, filter.to),
  );
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  staffId: auditLog.staffId,
  staffEmail: staffAccounts.email,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
};

export type AuditRow = {
  id: number;
  at: Date;
  staffId: number | null;
  staffEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

/** Newest first; `limit`/`offset` page through, the id breaks ties. */
export async function findAuditRows(
  db: DbOrTx,
  filter: AuditFilter,
  paging: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
    .where(whereOf(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(paging.limit)
    .offset(paging.offset);
}

export async function countAuditRows(db: DbOrTx, filter: AuditFilter): Promise<number> {
  return db.$count(auditLog, whereOf(filter));
}
