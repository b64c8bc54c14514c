import { type SQL, asc, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

export interface Paging {
  limit: number;
  offset: number;
}

/**
 * One page of a table's rows with the total, in one query (`count(*) over()`); a page past the
 * end asks for the total on its own. `id` always breaks ties last, so that pages never overlap.
 */
export async function pageQuery<Row>(
  db: DbOrTx,
  query: {
    table: PgTable;
    columns: Record<string, AnyPgColumn>;
    where: SQL | undefined;
    orderBy: SQL[];
    id: AnyPgColumn;
  },
  paging: Paging,
): Promise<{ rows: Row[]; total: number }> {
  const rows = (await db
    .select({ ...query.columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(query.table)
    .where(query.where)
    .orderBy(...query.orderBy, asc(query.id))
    .limit(paging.limit)
    .offset(paging.offset)) as unknown as Array<Row & { total: number }>;
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(query.table)
      .where(query.where);
    total = row?.n ?? 0;
  }
  return { rows, total };
}
