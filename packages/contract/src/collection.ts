/** Yii2-style collection envelope (DESIGN §3). */
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

/** Largest `per-page` a client may ask for; larger values are capped, not rejected. */
export const MAX_PER_PAGE = 200;
export const DEFAULT_PER_PAGE = 20;
