import { collectGarbageSoon } from '../../collect-garbage.ts';
import type { AppContext } from '../../context.ts';
import { type CatalogueRow, findCatalogueRows } from './catalogue.repository.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';

const indexes = new WeakMap<AppContext, SearchIndex<CatalogueRow>>();

const NO_ATTACHMENTS: CatalogueRow['attachments'] = [];

/**
 * One copy of each repeated text of a whole catalogue read: products of one line share their
 * description, image, weight, labels and package declarations, and JSON parsing makes a copy for every row (at 100,000
 * products of the bench, tens of MiB). The table lives only while the catalogue is read.
 */
export function shareRepeatedValues(rows: CatalogueRow[]): CatalogueRow[] {
  const strings = new Map<string, string>();
  const labelLists = new Map<string, string[]>();
  const declarationSets = new Map<string, CatalogueRow['declarations']>();
  const one = (value: string) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  for (const row of rows) {
    row.description = one(row.description);
    if (row.mainImage !== null) row.mainImage = one(row.mainImage);
    const key = row.productLabels.join('\u0000');
    const labels = labelLists.get(key);
    if (labels) row.productLabels = labels;
    else labelLists.set(key, row.productLabels);
    if (row.attachments.length === 0) row.attachments = NO_ATTACHMENTS;
    // Products of one line are made by one maker in one pack: one object for each set.
    const declarationKey = JSON.stringify(row.declarations);
    const declarations = declarationSets.get(declarationKey);
    if (declarations) row.declarations = declarations;
    else declarationSets.set(declarationKey, row.declarations);
  }
  return rows;
}

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
      const rows = shareRepeatedValues(await findCatalogueRows(ctx.db, null));
      const ms = Math.round(performance.now() - started);
      ctx.log.info(`catalogue memory: ${rows.length} active products read in ${ms} ms`);
      // After the index is built from the rows (synchronously, once this resolves).
      collectGarbageSoon();
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
