import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@shop/contract/admin/audit';
import { isStorableTime } from '@shop/contract/storable-time';
import type { Db } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import type { PageRequest } from '../../http/collection.ts';
import { queryTimeOf, timeFilterMessages } from '../../http/query-time.ts';
import { CSV_BOM, csvRow } from '../../http/csv-file.ts';
import { type AuditFilter, type AuditRow, countAuditRows, findAuditRows } from './audit.repository.ts';

/** The audit log's filters as the query string gives them (already length-checked). */
export interface AuditQuery {
  staff_id?: number | undefined;
  entity?: string | undefined;
  entity_id?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * `from`/`to` as the owner means them: a bare date covers that whole day (in UTC, as stored), so
 * `from=2026-11-01&to=2026-11-30` is the whole of November; a full time is taken as it is, `to`
 * including its own millisecond.
 */
function dateOf(field: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const date = queryTimeOf(value, 'Z', field === 'to');
  if (!date)
    throw new AppError('bad-request', `Invalid query parameter "${field}": ${timeFilterMessages.badDate}`);
  if (field === 'from' || /^\d{4}-\d{2}-\d{2}$/.test(value)) return date;
  // The last millisecond of year 9999 is its own end: one more would leave the database's years.
  return isStorableTime(date.getTime() + 1) ? new Date(date.getTime() + 1) : date;
}

export function auditFilterOf(query: AuditQuery): AuditFilter {
  const from = dateOf('from', query.from);
  const to = dateOf('to', query.to);
  if (from && to && from >= to) throw new AppError('bad-request', timeFilterMessages.badRange);
  return {
    staffId: query.staff_id,
    entity: query.entity || undefined,
    entityId: query.entity_id || undefined,
    action: query.action || undefined,
    from,
    to,
  };
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
    ip: row.ip,
  };
}

export async function listAudit(db: Db, query: AuditQuery, page: PageRequest) {
  const filter = auditFilterOf(query);
  const [rows, total] = await Promise.all([
    findAuditRows(db, filter, { limit: page.perPage, offset: page.offset }),
    countAuditRows(db, filter),
  ]);
  return { items: rows.map(entryOf), total };
}

/** Most rows one export holds; a longer period is exported in parts (filter by date). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const BATCH = 2_000;

/** Values before and after a change are JSON in their cell. */
function cellOf(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
}

/** The filtered log as CSV (quoted, formula-safe, with a byte order mark for Excel: http/csv-file.ts), newest first, with a header row. */
export async function* auditCsv(db: Db, query: AuditQuery): AsyncGenerator<string> {
  const filter = auditFilterOf(query);
  yield CSV_BOM + csvRow(AUDIT_CSV_COLUMNS);
  for (let offset = 0; offset < AUDIT_EXPORT_MAX_ROWS; offset += BATCH) {
    const rows = await findAuditRows(db, filter, { limit: BATCH, offset });
    if (rows.length === 0) return;
    yield rows
      .map(entryOf)
      .map((entry) => csvRow(AUDIT_CSV_COLUMNS.map((column) => cellOf(entry[column]))))
      .join('');
    if (rows.length < BATCH) return;
  }
}
