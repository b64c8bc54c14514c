import type { DbOrTx } from '@shop/db/client';
import { pageQuery } from '@shop/db/page-query';
import { type SQL, and, asc, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collectionResponse,
  collectionSchema,
  pageRequest,
  paginationQuery,
  parseSort,
  type SortTerm,
} from './collection.ts';
import { searchParam } from './query-params.ts';
import type { PublicGetCache } from './response-cache.ts';

type Columns = Record<string, AnyPgColumn>;
/** The selected row of `C`: each column's data type, null where the column is nullable. */
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};

/**
 * One public, read-only Yii2 collection of a table (GET menus, banners, pages, settings, …): what
 * the route filters and sorts on, which rows are ever public, and how a row becomes the API's
 * item. `mountCollection` serves any of them with the same rules: `{Form}[field]` filters, a sort
 * allow-list, paging headers and links, the public response cache.
 */
export interface TableCollection<C extends Columns = Columns, T = unknown> {
  path: string;
  summary: string;
  /** Yii2 search form name, e.g. 'MenusSearch' for `MenusSearch[category]`. */
  searchForm: string;
  /** API filter name → the column it must equal. */
  filters: Record<string, AnyPgColumn>;
  /** The rows that may ever be listed (active banners and pages, public settings). */
  visible?: () => SQL | undefined;
  /** API sort name → column; the id always breaks ties. */
  sortable: Record<string, AnyPgColumn>;
  defaultSort: SortTerm<string>[];
  table: PgTable;
  id: AnyPgColumn;
  columns: C;
  item: z.ZodType<T>;
  /** API field names; HTML cleaned before it leaves the server. */
  toItem(row: RowOf<C>): T;
}

/** Declares a collection with its row type checked against its columns. */
export function tableCollection<C extends Columns, T>(definition: TableCollection<C, T>): TableCollection {
  return definition as unknown as TableCollection;
}

export const byDisplayOrder: SortTerm<string>[] = [{ field: 'display_order', direction: 'asc' }];
export const byId: SortTerm<string>[] = [{ field: 'id', direction: 'asc' }];

/** One page of a collection's visible rows, as API items. */
export async function listTableCollection(
  db: DbOrTx,
  c: TableCollection,
  request: { filters: Record<string, string>; sort: SortTerm<string>[]; limit: number; offset: number },
): Promise<{ items: unknown[]; total: number }> {
  const where = and(
    c.visible?.(),
    ...Object.entries(request.filters).flatMap(([field, value]) => {
      const column = c.filters[field];
      return column ? [eq(column, value)] : [];
    }),
  );
  const orderBy = request.sort.flatMap((s) => {
    const column = c.sortable[s.field];
    return column ? [(s.direction === 'asc' ? asc : desc)(column)] : [];
  });
  const { rows, total } = await pageQuery<RowOf<Columns>>(
    db,
    { table: c.table, columns: c.columns, where, orderBy, id: c.id },
    { limit: request.limit, offset: request.offset },
  );
  return { total, items: rows.map((row) => c.toItem(row)) };
}

/** Serves a collection at GET /{path} under the app's API prefix. */
export function mountCollection(app: FastifyInstance, db: DbOrTx, cache: PublicGetCache, c: TableCollection) {
  const searchKeys = Object.fromEntries(
    Object.keys(c.filters).map((f) => [`${c.searchForm}[${f}]`, searchParam(200)]),
  );
  const sortFields = Object.keys(c.sortable);
  app.withTypeProvider<ZodTypeProvider>().get(
    `/${c.path}`,
    {
      onRequest: cache.onRequest,
      schema: {
        tags: ['content'],
        summary: c.summary,
        querystring: z.object({ ...paginationQuery, ...searchKeys }),
        response: { 200: collectionSchema(c.item) },
      },
    },
    async (request, reply) => {
      const q = request.query as Record<string, string | undefined> & { page: number; 'per-page': number };
      const page = pageRequest(q);
      const filters: Record<string, string> = {};
      for (const field of Object.keys(c.filters)) {
        const value = q[`${c.searchForm}[${field}]`];
        if (value !== undefined && value !== '') filters[field] = value;
      }
      // The storefront sends `order=display_order` for testimonials; Yii2 calls it `sort`.
      const sort = parseSort(q.sort ?? q.order, sortFields, c.defaultSort);
      const { items, total } = await listTableCollection(db, c, {
        filters,
        sort,
        limit: page.perPage,
        offset: page.offset,
      });
      const { body, headers } = collectionResponse(items, total, page);
      return cache.send(request, reply, body, headers);
    },
  );
}
