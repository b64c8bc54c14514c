import type { AppContext } from '../../context.ts';
import { findAllProductNames } from './product-admin.repository.ts';

/**
 * Every product's name (hidden ones too) in memory, for the back office's search box: a substring
 * search over 10,000 names in memory takes well under a millisecond, where `name ILIKE '%…%'`
 * scans the table (hundreds of milliseconds on embedded PGlite). Dropped when a product is added,
 * removed or renamed (the change notifications say 'listing'), or when the change feed is down or
 * resyncs, and read again on the next search; a read that a change overtook is read again.
 */
export interface ProductNames {
  /** Ids of the products whose name contains `text` (case-insensitive), in id order. */
  matching(text: string): Promise<number[]>;
}

const known = new WeakMap<AppContext, ProductNames>();

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

export function productNamesOf(ctx: AppContext): ProductNames {
  const existing = known.get(ctx);
  if (existing) return existing;
  let names: Array<{ id: number; name: string }> | null = null;
  let version = 0;

  async function load() {
    for (;;) {
      if (names) return names;
      const started = version;
      const rows = await findAllProductNames(ctx.db);
      const folded = rows.map((r) => ({ id: r.id, name: fold(r.name) }));
      if (version === started) names = folded;
    }
  }

  ctx.changes.subscribe((event) => {
    if (event.kind === 'change') {
      const { table, what } = event.change;
      if (table !== 'products' || (what && !what.includes('listing'))) return;
    }
    version += 1;
    names = null;
  });

  const index: ProductNames = {
    async matching(text) {
      const wanted = fold(text);
      const all = await load();
      return all.filter((p) => p.name.includes(wanted)).map((p) => p.id);
    },
  };
  known.set(ctx, index);
  return index;
}
