import type { DataChange } from '@shop/db/change-feed';
import type { ChangeFeed } from '../plugins/change-feed.ts';
import { cacheTags, type ResponseCacheStore } from './response-cache.ts';

/**
 * Which cached answers a database change touches:
 * - a sale, a released reservation or a restock (stock) → the answers showing that product, and
 *   lists sorted by stock;
 * - a new selling price → the answers showing the product, and lists sorted by price;
 * - MRP, weight, image, slug or attachments → the answers showing the product;
 * - visibility, category, name, description, labels, display order, a new or deleted product →
 *   every catalogue answer (lists, counts and search results may gain or lose it);
 * - categories → catalogue and content; pincodes or delivery zones → delivery quotes; any content
 *   table → content.
 */
export function tagsForChange(change: DataChange): string[] {
  if (change.table === 'products') {
    const what = change.what ?? [];
    if (change.id === undefined || what.length === 0 || what.includes('listing'))
      return [cacheTags.catalogue];
    const tags = [cacheTags.product(change.id)];
    if (what.includes('stock')) tags.push(cacheTags.orderByStock);
    if (what.includes('price')) tags.push(cacheTags.orderByPrice);
    return tags;
  }
  if (change.table === 'categories') return [cacheTags.catalogue, cacheTags.content];
  if (change.table === 'pincodes' || change.table === 'delivery_zones') return [cacheTags.delivery];
  return [cacheTags.content];
}

/** Keeps the response cache in step with the database; returns the unsubscribe function. */
export function invalidateOnChange<V>(feed: ChangeFeed, store: ResponseCacheStore<V>): () => void {
  store.enabled = feed.live;
  return feed.subscribe((event) => {
    if (event.kind === 'change') {
      store.invalidate(tagsForChange(event.change));
      return;
    }
    store.clear();
    store.enabled = event.kind === 'resync';
  });
}
