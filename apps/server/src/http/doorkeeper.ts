/**
 * The URLs a cache has lately been asked for, so that it keeps only answers asked for again: a
 * cache's admission on the second request (nginx's `proxy_cache_min_uses 2`; the "doorkeeper" of
 * TinyLFU).
 *
 * Why: most keywords shoppers type are typed once, and a jQuery client's `_=` cache-buster makes
 * every URL new. The public cache (response-cache.ts) kept every such answer, up to 2,000 of them:
 * at 3,000–4,000 fresh searches a second each answer lived well under a second, long enough to be
 * copied into V8's old generation and collected there by full collections, and it pushed the
 * popular answers (menus, settings, the home page's lists) out of the cache. Kept only from their
 * second request (two servers side by side at 10,000 products, taking turns, both orders), CPU an
 * answer: fresh searches 0.27–0.40 against 0.37–0.53 ms, listings of 100 0.49–0.73 against
 * 0.75–0.79 ms, details 0.14–0.16 against 0.17–0.18 ms; the RSS under searches 144–146 against
 * 172–182 MiB (ADR 0012, "2026-11-28, late night").
 *
 * A bit table, not a set of URLs: two bits for each URL (from one FNV-1a hash), no allocation per
 * request, a fixed 128 KiB. Another URL's bits may make a URL look asked before (a few in a hundred
 * when the table is fullest): its answer is then kept at its first request, as every answer was
 * before. The table is emptied after `resetAfter` new URLs, so it speaks of recent requests.
 */
export interface Doorkeeper {
  /** Whether `key` was asked for since the table was last emptied; notes it either way. */
  askedBefore(key: string): boolean;
}

/** Bits of the table: 2^20, 128 KiB. */
export const DOORKEEPER_BITS = 1 << 20;

export function doorkeeper(options: { bits?: number; resetAfter?: number } = {}): Doorkeeper {
  const bits = options.bits ?? DOORKEEPER_BITS;
  if (bits < 32 || (bits & (bits - 1)) !== 0) throw new Error('doorkeeper bits: a power of two from 32');
  // A tenth of the bits: two per URL, so the table is at most a fifth set when it is emptied.
  const resetAfter = options.resetAfter ?? bits / 10;
  const table = new Uint32Array(bits >>> 5);
  const mask = bits - 1;
  let noted = 0;
  return {
    askedBefore(key) {
      let hash = 0x811c9dc5;
      for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
      const a = hash & mask;
      const b = (Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d) ^ (hash >>> 7)) & mask;
      const wordA = a >>> 5;
      const bitA = 1 << (a & 31);
      const wordB = b >>> 5;
      const bitB = 1 << (b & 31);
      if (((table[wordA] as number) & bitA) !== 0 && ((table[wordB] as number) & bitB) !== 0) return true;
      if (noted >= resetAfter) {
        table.fill(0);
        noted = 0;
      }
      table[wordA] = (table[wordA] as number) | bitA;
      table[wordB] = (table[wordB] as number) | bitB;
      noted += 1;
      return false;
    },
  };
}
