import type { AppContext } from '../../context.ts';
import { findSearchDocuments } from './catalogue.repository.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';

const indexes = new WeakMap<AppContext, SearchIndex>();

/**
 * The product search index of one app (one per AppContext, like the response cache), kept in
 * step with the database through its change notifications: a product's name, description,
 * visibility, category, labels or display order changed → read again; rows truncated or the
 * notifications interrupted → everything read again. Stock and prices are not in the index.
 */
export function productSearchOf(ctx: AppContext): SearchIndex {
  const index = indexes.get(ctx);
  if (index) return index;
  const created = createSearchIndex(
    (ids) => findSearchDocuments(ctx.db, ids),
    (error) => ctx.log.error({ err: error }, 'product search index: reading products failed'),
  );
  ctx.changes.subscribe((event) => {
    if (event.kind === 'resync') created.reload();
    if (event.kind !== 'change' || event.change.table !== 'products') return;
    const { id, what } = event.change;
    if (id === undefined) created.reload();
    else if (what?.includes('listing')) created.changed(id);
  });
  indexes.set(ctx, created);
  return created;
}
