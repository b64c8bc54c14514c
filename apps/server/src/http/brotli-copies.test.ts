import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES } from './brotli.ts';
import { brotliCopyOf, keepBrotliCopy, mayHaveBrotliCopy } from './brotli-copies.ts';

const detail = (id: number, description = 'Cashew fudge with silver leaf. '.repeat(50)) =>
  Object.freeze({ id, name: `Kaju Katli ${id}`, description });
const jsonOf = (value: unknown) => {
  let made = 0;
  return {
    json: () => {
      made += 1;
      return Buffer.from(JSON.stringify(value));
    },
    made: () => made,
  };
};

describe('brotli copies kept with lasting answers (brotli-copies.ts)', () => {
  it("compresses a kept answer once: every later browser is sent the same bytes, and its JSON isn't made again", () => {
    const answer = keepBrotliCopy(detail(1));
    const { json, made } = jsonOf(answer);
    const first = brotliCopyOf(answer, json);
    expect(first).toBeDefined();
    expect(brotliDecompressSync(first as Buffer).toString()).toBe(JSON.stringify(answer));
    expect(brotliCopyOf(answer, json)).toBe(first);
    expect(brotliCopyOf(answer, json)).toBe(first);
    expect(made()).toBe(1);
    // In storage of its own, not a slice of zlib's output chunk (kept-bytes.ts).
    expect(first?.buffer.byteLength).toBe(first?.byteLength);
  });

  it('a changed product is a new object, so a new copy that shows the change', () => {
    const before = keepBrotliCopy(detail(2));
    const after = keepBrotliCopy({ ...detail(2), name: 'Kaju Katli, sold out' });
    const copyBefore = brotliCopyOf(before, () => Buffer.from(JSON.stringify(before)));
    const copyAfter = brotliCopyOf(after, () => Buffer.from(JSON.stringify(after)));
    expect(copyAfter).not.toBe(copyBefore);
    expect(JSON.parse(brotliDecompressSync(copyAfter as Buffer).toString()).name).toBe(
      'Kaju Katli, sold out',
    );
  });

  it('keeps nothing for an answer not marked, or too small to compress (sent as it is)', () => {
    const unmarked = detail(3);
    expect(mayHaveBrotliCopy(unmarked)).toBe(false);
    expect(mayHaveBrotliCopy(keepBrotliCopy(detail(5)))).toBe(true);
    expect(brotliCopyOf(unmarked, () => Buffer.from(JSON.stringify(unmarked)))).toBeUndefined();
    expect(brotliCopyOf('text', () => Buffer.from('"text"'))).toBeUndefined();
    const small = keepBrotliCopy(detail(4, 'Short.'));
    const { json, made } = jsonOf(small);
    expect(json().byteLength).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(brotliCopyOf(small, json)).toBeUndefined();
    expect(brotliCopyOf(small, json)).toBeUndefined();
    expect(made()).toBe(2); // once by the test, once to learn it is small
  });
});
