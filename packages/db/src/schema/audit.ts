import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff.ts';

/**
 * The back office's audit log: who changed what, when, from where, with the values before and
 * after (secrets masked). Append-only: rows are written in the same transaction as the change
 * they describe and never updated or deleted (a trigger in the migration refuses both).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for changes made by the system or the command line. */
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'restrict' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** What was done, e.g. 'staff.create', 'product.update'. */
    action: text('action').notNull(),
    /** The kind of thing changed, e.g. 'staff', 'product'. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);
