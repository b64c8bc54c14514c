import type { ChangeFeed, FeedEvent } from './change-feed.ts';

/** A change feed the test drives: `emit` hands an event to whoever subscribed last. */
export function fakeFeed(): { feed: ChangeFeed; emit: (event: FeedEvent) => void } {
  let listener: (event: FeedEvent) => void = () => undefined;
  const feed: ChangeFeed = {
    subscribe(l) {
      listener = l;
      return () => undefined;
    },
    flush: () => Promise.resolve(),
    live: true,
    close: () => Promise.resolve(),
  };
  return { feed, emit: (event) => listener(event) };
}
