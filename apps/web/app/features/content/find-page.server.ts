import type { Collection } from '@shop/contract/collection';
import type { Page } from '@shop/contract/content';
import { ApiFailure, type StorefrontApi } from '@shop/contract/storefront-context';

/**
 * The content page with this slug: the first item of `pages?PageSearch[url_slug]=slug` (product rules §7),
 * or null when there is none. A slug the API refuses (4xx, e.g. too long) is "not found" too;
 * server failures propagate to the error boundary.
 */
export async function findPage(api: StorefrontApi, slug: string): Promise<Page | null> {
  try {
    const body = await api.get<Collection<Page>>('pages', { query: { 'PageSearch[url_slug]': slug } });
    return body.items[0] ?? null;
  } catch (error) {
    if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}
