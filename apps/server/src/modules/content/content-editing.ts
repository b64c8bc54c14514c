import type { Db, DbOrTx } from '@shop/db/client';
import { type SQL, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';

/**
 * Editing one kind of content row (a page, a banner, a menu item, …) the same way every time:
 * check, write, and record who changed what in the audit log in the same transaction, so a
 * change and its audit entry are stored together or not at all. The storefront hears of the
 * change through the table's change trigger (packages/db change-feed) and drops its cached
 * answers on every instance.
 */

type ContentTable = PgTable & { id: AnyPgColumn };

export interface ContentKind<T extends ContentTable, Input, View> {
  /** The audit log's entity name ('page', 'banner', …). */
  entity: string;
  table: T;
  orderBy: (AnyPgColumn | SQL)[];
  notFound: string;
  /** The row's columns from a checked input. */
  values(input: Input): T['$inferInsert'];
  view(row: T['$inferSelect']): View;
  /** Rules that need the database (a unique slug, a menu's parent); throws an AppError. */
  check?(db: DbOrTx, input: Input, id: number | undefined): Promise<void>;
  /** Rules before a delete (a menu item with sub-items); throws an AppError. */
  checkDelete?(db: DbOrTx, row: T['$inferSelect']): Promise<void>;
}

export interface Editor {
  db: Db;
  /** The staff account making the change, and the address it came from. */
  staffId: number | null;
  ip: string | null;
}

type Row<T extends ContentTable> = T['$inferSelect'];

async function findRow<T extends ContentTable>(
  db: DbOrTx,
  kind: ContentKind<T, unknown, unknown>,
  id: number,
) {
  const [row] = (await db
    .select()
    .from(kind.table as PgTable)
    .where(eq(kind.table.id, id))
    .limit(1)) as Row<T>[];
  return row;
}

/** Every row of the kind, in its display order. */
export async function listContent<T extends ContentTable, I, V>(
  db: DbOrTx,
  kind: ContentKind<T, I, V>,
  where?: SQL,
): Promise<V[]> {
  const query = db.select().from(kind.table as PgTable);
  const rows = (await (where ? query.where(where) : query).orderBy(...kind.orderBy)) as Row<T>[];
  return rows.map((row) => kind.view(row));
}

export async function getContent<T extends ContentTable, I, V>(
  db: DbOrTx,
  kind: ContentKind<T, I, V>,
  id: number,
): Promise<V> {
  const row = await findRow(db, kind as ContentKind<T, unknown, unknown>, id);
  if (!row) throw AppError.notFound(kind.notFound);
  return kind.view(row);
}

export async function createContent<T extends ContentTable, I, V>(
  editor: Editor,
  kind: ContentKind<T, I, V>,
  input: I,
): Promise<V> {
  return editor.db.transaction(async (tx) => {
    await kind.check?.(tx, input, undefined);
    const [row] = (await tx.insert(kind.table).values(kind.values(input)).returning()) as Row<T>[];
    if (!row) throw new Error(`insert into ${kind.entity} returned nothing`);
    const view = kind.view(row);
    await recordAudit(tx, {
      staffId: editor.staffId,
      ip: editor.ip,
      action: `${kind.entity}.create`,
      entity: kind.entity,
      entityId: row.id as number,
      after: view,
    });
    return view;
  });
}

export async function updateContent<T extends ContentTable, I, V>(
  editor: Editor,
  kind: ContentKind<T, I, V>,
  id: number,
  input: I,
): Promise<V> {
  return editor.db.transaction(async (tx) => {
    const before = await findRow(tx, kind as ContentKind<T, unknown, unknown>, id);
    if (!before) throw AppError.notFound(kind.notFound);
    await kind.check?.(tx, input, id);
    const [row] = (await tx
      .update(kind.table)
      .set(kind.values(input))
      .where(eq(kind.table.id, id))
      .returning()) as Row<T>[];
    if (!row) throw AppError.notFound(kind.notFound);
    const view = kind.view(row);
    await recordAudit(tx, {
      staffId: editor.staffId,
      ip: editor.ip,
      action: `${kind.entity}.update`,
      entity: kind.entity,
      entityId: id,
      before: kind.view(before),
      after: view,
    });
    return view;
  });
}

export async function deleteContent<T extends ContentTable, I, V>(
  editor: Editor,
  kind: ContentKind<T, I, V>,
  id: number,
): Promise<void> {
  await editor.db.transaction(async (tx) => {
    const before = await findRow(tx, kind as ContentKind<T, unknown, unknown>, id);
    if (!before) throw AppError.notFound(kind.notFound);
    await kind.checkDelete?.(tx, before);
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    await recordAudit(tx, {
      staffId: editor.staffId,
      ip: editor.ip,
      action: `${kind.entity}.delete`,
      entity: kind.entity,
      entityId: id,
      before: kind.view(before),
    });
  });
}
