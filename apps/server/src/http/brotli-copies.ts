import { answerBrotliSync, COMPRESS_FROM_BYTES } from './brotli.ts';
import { keptBytes } from './kept-bytes.ts';

/**
 * Brotli copies of answers that outlive a request: objects a module keeps until the data behind
 * them changes (catalogue/product-answers.ts keeps a product's detail with its catalogue row), so
 * that every browser asking for the same one is sent the same compressed bytes.
 *
 * Why: a product's detail is asked for with URLs the response cache does not keep (a cache-buster,
 * a first request), and each answer was serialised and compressed afresh — ~15 % of a detail's
 * CPU went to brotli alone, a third of that making a new encoder (ADR 0012, "2026-11-30, later").
 * The copy is made the first time a browser is sent the object and lives exactly as long as it:
 * nothing to invalidate.
 */
const copies = new WeakMap<object, Buffer | typeof TOO_SMALL | null>();

/** An answer below `COMPRESS_FROM_BYTES`: sent as it is, as any small answer. */
const TOO_SMALL = Symbol('too small to compress');

/** Marks a (frozen) answer object whose brotli copy may be kept with it. */
export function keepBrotliCopy<T extends object>(answer: T): T {
  copies.set(answer, null);
  return answer;
}

/** Whether `answer` was marked by `keepBrotliCopy` (a copy may be kept, or is). */
export function mayHaveBrotliCopy(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && copies.has(answer);
}

/**
 * The kept brotli copy of `answer` (made from `json()`, its bytes, at the first call), or undefined
 * for an answer not marked by `keepBrotliCopy` or too small to compress.
 */
export function brotliCopyOf(answer: unknown, json: () => Buffer): Buffer | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const known = copies.get(answer);
  if (known === undefined || known === TOO_SMALL) return undefined;
  if (known) return known;
  const bytes = json();
  if (bytes.byteLength < COMPRESS_FROM_BYTES) {
    copies.set(answer, TOO_SMALL);
    return undefined;
  }
  const copy = keptBytes(answerBrotliSync(bytes));
  copies.set(answer, copy);
  return copy;
}
