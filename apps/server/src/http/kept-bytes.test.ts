import { promisify } from 'node:util';
import { brotliCompress } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptBytes } from './kept-bytes.ts';

/** Whether `bytes` is the whole of its storage (it keeps nothing else alive). */
const ownsItsStorage = (bytes: Buffer) =>
  bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength;

describe('bytes a cache keeps own their storage (kept-bytes.ts)', () => {
  it("copies a short answer out of Node's shared 8 KiB pool", () => {
    const pooled = Buffer.from('{"id":161,"name":"Organic Masala Peanuts 400 g"}');
    expect(ownsItsStorage(pooled)).toBe(false);
    const kept = keptBytes(pooled);
    expect(ownsItsStorage(kept)).toBe(true);
    expect(kept.equals(pooled)).toBe(true);
  });

  it("copies a compressed page out of zlib's 16 KiB output chunk", async () => {
    const page = await promisify(brotliCompress)(Buffer.from('<html>kaju katli</html>'.repeat(400)));
    expect(page.byteLength).toBeLessThan(16 * 1024);
    expect(ownsItsStorage(page)).toBe(false);
    const kept = keptBytes(page);
    expect(ownsItsStorage(kept)).toBe(true);
    expect(kept.equals(page)).toBe(true);
  });

  it('keeps bytes that already own their storage as they are (no copy)', () => {
    const own = Buffer.alloc(64 * 1024, 'a');
    expect(keptBytes(own)).toBe(own);
  });
});
