import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, on the next turn of the event loop, after work that leaves a lot
 * of garbage at once: reading the whole catalogue (~100 MiB of JSON texts at 100,000 products),
 * drawing the catalogue PDF (its page objects, fonts and pictures). V8 sizes its heap from what
 * the last full collection left and keeps the pages it grew, so collecting right after such work
 * keeps the heap — and the server's RSS — near what is really in use.
 */
export function collectGarbageSoon(): void {
  setTimeout(collectGarbageNow, 0).unref();
}

/** One full garbage collection now (40–60 ms on the heap of 100,000 products). */
export function collectGarbageNow(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
