import type { AppContext } from '../../context.ts';
import { type CatalogueRow, findCatalogueRows } from './catalogue.repository.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';

const indexes = new WeakMap<AppContext, SearchIndex<CatalogueRow>>();

/**
 * The catalogue's memory of one app (one per AppContext, like the response cache): every active
 * product's row and the search and list indexes over them, kept in step with the database through
 * its change notifications. A product's name, description, visibility, category, labels or display
 * order changed → dropped at once and read again; its stock, price or anything else it shows →
 * read again before the next read answers; rows truncated or notifications interrupted →
 * everything read again (every second while the listener is down).
 */
export function productSearchOf(ctx: AppContext): SearchIndex<CatalogueRow> {
  const index = indexes.get(ctx);
  if (index) return index;
  const created = createSearchIndex(
    async (ids) => {
      if (ids) return findCatalogueRows(ctx.db, ids);
      const started = performance.now();
      const rows = await findCatalogueRows(ctx.db, null);
      const ms = Math.round(performance.now() - started);
      ctx.log.info(`catalogue memory: ${rows.length} active products read in ${ms} ms`);
      return rows;
    },
    (error) => ctx.log.error({ err: error }, 'product search index: reading products failed'),
  );
  ctx.changes.subscribe((event) => {
    if (event.kind === 'resync' || event.kind === 'down') created.reload();
    if (event.kind !== 'change' || event.change.table !== 'products') return;
    const { id, what } = event.change;
    if (id === undefined) created.reload();
    else created.changed(id, what?.includes('listing') ? 'listing' : 'row');
  });
  indexes.set(ctx, created);
  return created;
}
