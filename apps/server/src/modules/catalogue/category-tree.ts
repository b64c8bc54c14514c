import type { AppContext } from '../../context.ts';
import { findCategoryParents } from './catalogue.repository.ts';

/**
 * The active category tree in memory (a small table), so that a category page or a search within
 * a category needs no recursive query. Dropped on every change of the categories table (change
 * notifications) and read again on the next use; a read that a change overtook is read again.
 */
export interface CategoryTree {
  /** The category and all its active descendants (the root itself even when inactive). */
  descendants(rootId: number): Promise<number[]>;
}

const trees = new WeakMap<AppContext, CategoryTree>();

export function categoryTreeOf(ctx: AppContext): CategoryTree {
  const known = trees.get(ctx);
  if (known) return known;
  let children: Map<number, number[]> | null = null;
  let version = 0;

  async function load(): Promise<Map<number, number[]>> {
    for (;;) {
      if (children) return children;
      const started = version;
      const rows = await findCategoryParents(ctx.db);
      const byParent = new Map<number, number[]>();
      for (const { id, parentId } of rows) byParent.set(parentId, [...(byParent.get(parentId) ?? []), id]);
      if (version === started) children = byParent;
    }
  }

  ctx.changes.subscribe((event) => {
    if (event.kind === 'change' && event.change.table !== 'categories') return;
    version += 1;
    children = null;
  });

  const tree: CategoryTree = {
    async descendants(rootId) {
      const byParent = await load();
      const found = new Set([rootId]);
      const queue = [rootId];
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        for (const child of byParent.get(id) ?? []) {
          if (found.has(child)) continue; // a cycle in hand-edited data
          found.add(child);
          queue.push(child);
        }
      }
      return [...found];
    },
  };
  trees.set(ctx, tree);
  return tree;
}
