/** Yii2-style collection envelope (product rules §7). */
export interface CollectionMeta {
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
}

export interface Collection<T> {
  items: T[];
  _meta: CollectionMeta;
}

/**
 * An id or page number as the API accepts it, in a path or a query: 1 to 9 digits, so it always
 * fits PostgreSQL's integer. Anything longer is a 400 from the API; the storefront treats it as
 * naming nothing (a 404 page).
 */
export const NUMERIC_ID = /^\d{1,9}$/;

/** Largest `per-page` a client may ask for; larger values are capped, not rejected. */
export const MAX_PER_PAGE = 200;
export const DEFAULT_PER_PAGE = 20;
