import type { Collection } from '@shop/contract/collection';
import type { ImageGalleryItem, VideoGalleryItem } from '@shop/contract/content';
import { ApiFailure, type StorefrontApi } from '@shop/contract/storefront-context';

/** A category the API refuses (4xx, e.g. absurdly long) is shown as an empty gallery. */
async function listOrEmpty<T>(load: () => Promise<Collection<T>>): Promise<T[]> {
  try {
    return (await load()).items;
  } catch (error) {
    if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return [];
    throw error;
  }
}

/** GET imagegallery?ImagegallerySearch[category]=…&per-page=200&page=1 (product rules §7, §9). */
export function listPhotos(api: StorefrontApi, category: string): Promise<ImageGalleryItem[]> {
  return listOrEmpty(() =>
    api.get<Collection<ImageGalleryItem>>('imagegallery', {
      query: { 'ImagegallerySearch[category]': category, 'per-page': 200, page: 1 },
    }),
  );
}

/** GET videogallery?VideogallerySearch[category]=… (product rules §7). */
export function listVideos(api: StorefrontApi, category: string): Promise<VideoGalleryItem[]> {
  return listOrEmpty(() =>
    api.get<Collection<VideoGalleryItem>>('videogallery', {
      query: { 'VideogallerySearch[category]': category },
    }),
  );
}
