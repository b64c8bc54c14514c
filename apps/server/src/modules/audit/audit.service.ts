import type { DbOrTx } from '@shop/db/client';
import { auditLog } from '@shop/db/schema/index';
import { maskSecrets } from './audit-masking.ts';

export { MASK, maskSecrets } from './audit-masking.ts';

export interface AuditEntry {
  /** Who: null for the system or the command line. */
  staffId: number | null;
  /** What was done, `<entity>.<verb>`: 'product.update', 'staff.disable'. */
  action: string;
  /** What kind of thing: 'product', 'staff', 'settings'. */
  entity: string;
  entityId: string | number | null;
  /** The values before and after the change; secrets are masked here. */
  before?: unknown;
  after?: unknown;
  /** The client's address, when the change came over HTTP (`request.ip`). */
  ip?: string | null;
}

/**
 * Appends one row to the audit log. Call it with the transaction that makes the change, so the
 * row exists exactly when the change does: a change that fails (or is rolled back) leaves no row,
 * and no change is ever committed without its row.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : maskSecrets(entry.before),
    after: entry.after === undefined ? null : maskSecrets(entry.after),
    ip: entry.ip ?? null,
  });
}
