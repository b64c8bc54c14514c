import { DEFAULT_PER_PAGE, MAX_PER_PAGE, NUMERIC_ID } from '@shop/contract/collection';
import type { Collection } from '@shop/contract/collection';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { searchParam } from './query-params.ts';

/**
 * Yii2 collection conventions (product rules §7): `page` (1-based), `per-page` (capped at 200),
 * `sort` (`display_order`, `-id`, comma-separated), `expand`, `XxxSearch[field]` filters.
 */
/** What a malformed `page` or `per-page` is told (0 counts as 1, as in Yii2). */
export const PAGING_MESSAGE = 'must be a whole number from 0 to 999999999';

const positiveInt = (fallback: number) =>
  z
    .union([z.string(), z.number(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      const raw = Array.isArray(value) ? value[0] : value;
      if (raw === undefined || raw === '') return fallback;
      const n = typeof raw === 'number' ? raw : NUMERIC_ID.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
      if (!Number.isInteger(n)) {
        // Says the range too: 2147483648 is a positive integer, yet past what an id or page can be.
        ctx.addIssue({ code: 'custom', message: PAGING_MESSAGE });
        return z.NEVER;
      }
      return Math.max(1, n);
    });

/**
 * Query-string fields every collection accepts; spread into a route's querystring schema. A list
 * that is whole by nature (a customer's saved addresses) passes its own page size for a request
 * that names none.
 */
export const paginationQueryOf = (defaultPerPage: number) => ({
  page: positiveInt(1),
  'per-page': positiveInt(defaultPerPage).transform((n) => Math.min(n, MAX_PER_PAGE)),
  // Like page and per-page, a repeated sort/expand/order uses its first value (PHP's rule).
  sort: searchParam(200),
  expand: searchParam(200),
  order: searchParam(200),
});

export const paginationQuery = paginationQueryOf(DEFAULT_PER_PAGE);

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

export function pageRequest(query: { page: number; 'per-page': number }): PageRequest {
  return { page: query.page, perPage: query['per-page'], offset: (query.page - 1) * query['per-page'] };
}

export interface SortTerm<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * Parses `sort=display_order,-id` against an allow-list. An unknown field is a 400, not ignored,
 * so a client learns about its typo.
 */
export function parseSort<F extends string>(
  sort: string | undefined,
  allowed: readonly F[],
  fallback: SortTerm<F>[],
): SortTerm<F>[] {
  if (!sort?.trim()) return fallback;
  return sort.split(',').map((part) => {
    const term = part.trim();
    const direction = term.startsWith('-') ? 'desc' : 'asc';
    const field = term.replace(/^[-+]/, '');
    if (!(allowed as readonly string[]).includes(field)) {
      throw new AppError('bad-request', `Unknown sort field "${field}". Allowed: ${allowed.join(', ')}.`);
    }
    return { field: field as F, direction };
  });
}

/**
 * Sorts a small collection kept in memory (a customer's addresses, the payment gateways) by
 * `sort=` terms parsed by `parseSort`, so these lists take `sort` like every other collection.
 */
export function sortInMemory<T, F extends string>(
  items: readonly T[],
  terms: SortTerm<F>[],
  fieldOf: (item: T, field: F) => string | number,
): T[] {
  return [...items].sort((a, b) => {
    for (const { field, direction } of terms) {
      const x = fieldOf(a, field);
      const y = fieldOf(b, field);
      if (x === y) continue;
      const order = x < y ? -1 : 1;
      return direction === 'desc' ? -order : order;
    }
    return 0;
  });
}

/** Parses `expand=a,b` against an allow-list; unknown names are ignored as in Yii2. */
export function parseExpand<E extends string>(expand: string | undefined, allowed: readonly E[]): Set<E> {
  const wanted = new Set<E>();
  for (const part of (expand ?? '').split(',')) {
    const name = part.trim();
    if ((allowed as readonly string[]).includes(name)) wanted.add(name as E);
  }
  return wanted;
}

/**
 * Reads `XxxSearch[field]` filters. Fastify's query parser leaves the brackets in the key,
 * so `ProductsSearch[category_id]=3` arrives as the key `ProductsSearch[category_id]`.
 */
export function searchFilters(query: Record<string, unknown>, formName: string): Record<string, string> {
  const filters: Record<string, string> = {};
  const prefix = `${formName}[`;
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith(prefix) || !key.endsWith(']')) continue;
    const field = key.slice(prefix.length, -1);
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') filters[field] = first;
  }
  return filters;
}

/** The Yii2 envelope and its X-Pagination-* headers, for callers that send (or cache) it themselves. */
export function collectionResponse<T>(items: T[], totalCount: number, page: PageRequest) {
  const pageCount = Math.ceil(totalCount / page.perPage);
  const body: Collection<T> = {
    items,
    _meta: { totalCount, pageCount, currentPage: page.page, perPage: page.perPage },
  };
  const headers: Record<string, string> = {
    'X-Pagination-Total-Count': String(totalCount),
    'X-Pagination-Page-Count': String(pageCount),
    'X-Pagination-Current-Page': String(page.page),
    'X-Pagination-Per-Page': String(page.perPage),
  };
  return { body, headers };
}

/** Sends a Yii2 envelope with the X-Pagination-* headers. */
export function sendCollection<T>(reply: FastifyReply, items: T[], totalCount: number, page: PageRequest) {
  const { body, headers } = collectionResponse(items, totalCount, page);
  return reply.headers(headers).send(body);
}

/** Response schema of a collection of `item` (for route schemas and the OpenAPI document). */
export function collectionSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    _meta: z.object({
      totalCount: z.number().int(),
      pageCount: z.number().int(),
      currentPage: z.number().int(),
      perPage: z.number().int(),
    }),
  });
}
