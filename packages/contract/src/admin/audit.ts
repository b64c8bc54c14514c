import { z } from 'zod';

/** One row of the audit log as the back office shows it (secrets already masked by the server). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  /** Null for the system and the command line. */
  staff_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Filters of the audit log (list and CSV export); dates are ISO (`2026-11-25` or a full time). */
export const auditFilterFields = ['staff_id', 'entity', 'entity_id', 'action', 'from', 'to'] as const;

/** Columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'staff_id',
  'staff_email',
  'action',
  'entity',
  'entity_id',
  'before',
  'after',
  'ip',
] as const;
