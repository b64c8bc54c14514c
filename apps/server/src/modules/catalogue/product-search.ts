import { ROOT_CATEGORY_ID } from '@shop/contract/catalogue';
import { collectGarbageNow, collectGarbageSoon } from '../../collect-garbage.ts';
import type { AppContext } from '../../context.ts';
import { type CatalogueRow, findCatalogueRows, findCategoryNames } from './catalogue.repository.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';

const indexes = new WeakMap<AppContext, SearchIndex<CatalogueRow>>();

/**
 * Products read, or indexed, between full garbage collections while the whole catalogue is read
 * again. Each batch arrives as one JSON text of a few MB, garbage once parsed, but texts that large
 * live in V8's large-object space, which only a full collection frees; indexing leaves the grown
 * word lists behind in the same way. Without collections along the way, 100,000 products took the
 * heap to ~250 MB and the RSS past 300 MiB for a catalogue that keeps ~90 MB; with one every
 * 20,000 products (40–60 ms each), the heap stays under ~150 MB. A catalogue under 20,000
 * products is read without one.
 */
const COLLECT_EVERY = 20_000;

/**
 * A full collection each time the count given (products read, or indexed) has grown by
 * COLLECT_EVERY since the last one; a smaller count starts a new read.
 */
function collectorEvery(): (done: number) => void {
  let last = 0;
  return (done) => {
    if (done < last) last = 0;
    if (done - last < COLLECT_EVERY) return;
    last = done;
    collectGarbageNow();
  };
}

const NO_ATTACHMENTS: CatalogueRow['attachments'] = [];

/**
 * One copy of each repeated value of a whole catalogue read, batch by batch: products of one line
 * share their description, image, weight, labels and package declarations, and JSON parsing makes
 * a copy for every row (at 100,000 products of the bench, ~50 MB of declarations alone). The
 * sharer's tables live only while the catalogue is read; shared as each batch arrives, a batch's
 * copies are garbage before the next is read, rather than all of them at once at the end.
 */
export function repeatedValueSharer(): (rows: CatalogueRow[]) => CatalogueRow[] {
  const strings = new Map<string, string>();
  const labelLists = new Map<string, string[]>();
  const declarationSets = new Map<string, CatalogueRow['declarations']>();
  const one = (value: string) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  return (rows) => {
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
  };
}

/**
 * Each category's words for search: its name and the names above it, the root ("All Products",
 * which holds everything) left out, so `sweets` finds Soan Papdi in Food › Sweets. Hand-edited
 * data with a cycle stops at the first category met again.
 */
export function categoryTexts(rows: { id: number; name: string; parentId: number }[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const texts = new Map<number, string>();
  for (const row of rows) {
    const names: string[] = [];
    const seen = new Set<number>([ROOT_CATEGORY_ID]);
    for (let at = byId.get(row.id); at && !seen.has(at.id); at = byId.get(at.parentId)) {
      seen.add(at.id);
      names.push(at.name);
    }
    texts.set(row.id, names.join(' '));
  }
  return texts;
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
  // Read with every whole read of the catalogue; a change of the categories reads it all again.
  let categoryWords = new Map<number, string>();
  // The check of a categories change under way, which reads wait for; null when there is none.
  let categoriesRead: Promise<void> | null = null;
  const created = createSearchIndex(
    async (ids) => {
      if (ids) return findCatalogueRows(ctx.db, ids);
      categoryWords = categoryTexts(await findCategoryNames(ctx.db));
      const started = performance.now();
      const share = repeatedValueSharer();
      const collect = collectorEvery();
      const rows = await findCatalogueRows(ctx.db, null, (batch, read) => {
        share(batch);
        collect(read);
      });
      const ms = Math.round(performance.now() - started);
      ctx.log.info(`catalogue memory: ${rows.length} active products read in ${ms} ms`);
      // What the read left behind, once the index build first lets the event loop turn (or ends).
      collectGarbageSoon();
      return rows;
    },
    (error) => ctx.log.error({ err: error }, 'product search index: reading products failed'),
    { whileBuilding: collectorEvery(), categoryText: (id) => categoryWords.get(id) ?? '' },
  );
  ctx.changes.subscribe((event) => {
    if (event.kind === 'resync' || event.kind === 'down') created.reload();
    if (event.kind === 'change' && event.change.table === 'categories') {
      const check: Promise<void> = (categoriesRead ?? Promise.resolve())
        .then(categoriesChanged)
        .finally(() => {
          if (categoriesRead === check) categoriesRead = null;
        });
      categoriesRead = check;
    }
    if (event.kind !== 'change' || event.change.table !== 'products') return;
    const { id, what } = event.change;
    if (id === undefined) created.reload();
    else created.changed(id, what?.includes('listing') ? 'listing' : 'row');
  });
  /**
   * A category renamed or moved changes the words of every product under it: the catalogue is read
   * again (~1 s at 10,000 products, which searches wait for). Its other changes (order, picture,
   * visibility) change no words and read nothing. Reads wait for this check, so the next request
   * after a rename already finds the products by their category's new name.
   */
  async function categoriesChanged() {
    try {
      const fresh = categoryTexts(await findCategoryNames(ctx.db));
      const same =
        fresh.size === categoryWords.size && [...fresh].every(([id, text]) => categoryWords.get(id) === text);
      if (!same) created.reload();
    } catch (error) {
      ctx.log.error({ err: error }, 'product search index: reading categories failed');
      created.reload();
    }
  }
  const memory: SearchIndex<CatalogueRow> = {
    // Awaited only while a check is under way: every uncached answer passes here.
    async search(query) {
      if (categoriesRead) await categoriesRead;
      return created.search(query);
    },
    async list(query) {
      if (categoriesRead) await categoriesRead;
      return created.list(query);
    },
    async rows(ids) {
      if (categoriesRead) await categoriesRead;
      return created.rows(ids);
    },
    changed: (id, scope) => created.changed(id, scope),
    reload: () => created.reload(),
    async ready() {
      if (categoriesRead) await categoriesRead;
      return created.ready();
    },
    get size() {
      return created.size;
    },
  };
  indexes.set(ctx, memory);
  return memory;
}
