/**
 * Bytes a cache keeps for minutes, in storage of their own.
 *
 * Node hands out a small Buffer (under 4 KiB: `Buffer.from` of a short string, `allocUnsafe`) as a
 * slice of a shared 8 KiB pool block, and zlib returns an output shorter than its 16 KiB chunk as a
 * slice of that chunk. A kept slice keeps its whole block alive, and the caches count only the
 * slice against their budgets. Measured (ADR 0012, 2026-11-28): after 2,000 product pages, 1,797
 * pool blocks (14 MiB) were held by the API cache's ~1 KiB product answers, and 775 zlib chunks
 * (12 MiB) by ~11 KiB compressed pages — ~2.5× what the caches thought they held.
 */
export function keptBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  bytes.copy(own);
  return own;
}
