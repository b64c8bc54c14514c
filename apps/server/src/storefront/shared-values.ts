import type { StorefrontApi } from '@shop/contract/storefront-context';
import { invalidateOnChange } from '../http/cache-invalidation.ts';
import { memoryResponseCache } from '../http/response-cache.ts';
import type { ChangeFeed } from '../plugins/change-feed.ts';

/** What a render's API answers showed: their cache tags, or `unknown` for an untagged one. */
export interface RenderDependencies {
  tags: Set<string>;
  unknown: boolean;
}

interface SharedEntry {
  value: unknown;
  tags: readonly string[];
}

/** Freezes `value` and everything it holds, so that no render can change what the others read. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Values made once from public API answers and shared by every render (StorefrontLoadContext
 * `shared`): the layout's data is the same on every page, and reading it through seven
 * in-process API calls, parsing and sanitising it took ~1.2–1.5 ms of a product page's ~10 ms
 * of CPU (2026-11-27). A value is kept with the tags of the answers it was made from and dropped
 * by the same change notifications as they are; while they cannot be promised (the feed is
 * down), every render makes its own. A value made from an untagged answer (a failure, say) is
 * not kept. Renders that miss at the same time share one making.
 */
export function sharedValues(feed: ChangeFeed, apiFor: (deps: RenderDependencies) => StorefrontApi) {
  const store = memoryResponseCache<SharedEntry>({
    // The TTL is a backstop, as for pages: changes drop a value the moment what it shows changes.
    ttlMs: 5 * 60_000,
    maxEntries: 100,
    // A shared value is small: each counts as one byte, and the entries bound the store.
    maxBytes: 1024 * 1024,
    sizeOf: () => 1,
  });
  const stop = invalidateOnChange(feed, store);
  const flights = new Map<string, { since: number; made: Promise<SharedEntry> }>();

  async function make(key: string, maker: (api: StorefrontApi) => Promise<unknown>): Promise<SharedEntry> {
    const since = store.version;
    const deps: RenderDependencies = { tags: new Set(), unknown: false };
    const value = deepFreeze(await maker(apiFor(deps)));
    const entry: SharedEntry = { value, tags: [...deps.tags] };
    if (!deps.unknown && entry.tags.length > 0) store.set(key, entry, entry.tags, since);
    return deps.unknown ? { ...entry, tags: [] } : entry;
  }

  return {
    /** The value for `key`, with its tags added to the render's (`deps`); untagged marks it unknown. */
    async get<T>(
      key: string,
      maker: (api: StorefrontApi) => Promise<T>,
      deps: RenderDependencies,
    ): Promise<T> {
      if (!store.enabled) return maker(apiFor(deps));
      let entry = store.get(key);
      if (!entry) {
        let flight = flights.get(key);
        if (!flight || flight.since !== store.version) {
          const started = { since: store.version, made: make(key, maker) };
          flights.set(key, started);
          const forget = () => {
            if (flights.get(key) === started) flights.delete(key);
          };
          void started.made.then(forget, forget);
          flight = started;
        }
        entry = await flight.made;
      }
      if (entry.tags.length === 0) deps.unknown = true;
      for (const tag of entry.tags) deps.tags.add(tag);
      return entry.value as T;
    },
    stop,
  };
}
