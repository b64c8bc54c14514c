import type sharpModule from 'sharp';

/**
 * sharp (libvips), loaded when the server first draws a picture — a variant asked for the first
 * time, an uploaded image checked — not at start: loading it was ~100 ms of every start.
 *
 * Configured once, as it loads. libvips keeps up to 50 MiB of decoded images by default and works
 * with a thread per core. The shop reads each image once (variants are kept on disk; the catalogue
 * PDF is drawn in a process of its own), so the cache only held memory, and the threads'
 * allocations stay with the process: one catalogue PDF of 20,000 products left RSS 548 MiB, 496
 * without both (447 before drawing it; see scripts/server-flags.mjs for the rest).
 */
let loading: Promise<typeof sharpModule> | undefined;

export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
