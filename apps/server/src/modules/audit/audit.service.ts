import type { DbOrTx } from '@shop/db/client';

/** Placeholder of the audit log's one entry point until the audit module lands; records nothing. */
export async function recordAudit(
  _tx: DbOrTx,
  _entry: {
    staffId: number | null;
    action: string;
    entity: string;
    entityId: string | number | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {}
