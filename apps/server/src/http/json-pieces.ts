import { keptBytes } from './kept-bytes.ts';

/**
 * JSON kept with the objects an answer is made of, as UTF-8 bytes, so that an answer repeating them
 * copies their bytes instead of serialising and encoding them again.
 *
 * Why: an uncached category listing of 100 products spent a fifth of its server CPU in
 * `JSON.stringify` and a few per cent more encoding the 42 KB of text as UTF-8 — every product
 * serialised afresh for every page it appears on, although the catalogue's rows change only when
 * the database announces a change (catalogue/product-answers.ts keeps one answer object per row).
 * The bytes are made the first time they are needed and then live exactly as long as the object:
 * nothing to invalidate. Kept as a string instead, joining 100 of them and encoding the result
 * cost half of what it saved.
 *
 * An object marked keepable must not change afterwards (freeze it, or build it from rows that are
 * replaced, never edited).
 */

/**
 * Keepable objects → a comma and their JSON, as UTF-8 (the comma is what precedes an element of a
 * list after the first, so a list of kept objects is copied in one piece each); null while not yet
 * serialised.
 */
const kept = new WeakMap<object, Buffer | null>();

/** Marks `value` as keepable: its JSON is made once and then reused (see above). */
export function keepJson<T extends object>(value: T): T {
  if (!kept.has(value)) kept.set(value, null);
  return value;
}

/** A keepable object's kept bytes: a comma, then its JSON. */
function keptListed(value: unknown): Buffer | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const bytes = kept.get(value);
  if (bytes !== null) return bytes;
  // In storage of its own: a slice of Node's shared pool would keep its whole 8 KiB block alive.
  const made = keptBytes(Buffer.from(`,${JSON.stringify(value)}`, 'utf8'));
  kept.set(value, made);
  return made;
}

/** A plain object (an answer's envelope); not an array, a Date, a Map or a class. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return (
    (proto === Object.prototype || proto === null) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

function isPlainArray(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype && !('toJSON' in value);
}

/** Whether `body` holds a keepable object where `answerBytes` looks for one. */
function holdsKept(body: Record<string, unknown>): boolean {
  for (const key in body) {
    if (!Object.hasOwn(body, key)) continue;
    const value = body[key];
    if (typeof value !== 'object' || value === null) continue;
    if (kept.has(value)) return true;
    if (isPlainArray(value))
      for (const item of value) if (typeof item === 'object' && item !== null && kept.has(item)) return true;
  }
  return false;
}

/**
 * `JSON.stringify(body)` as UTF-8 bytes, with the kept bytes of keepable objects at the answer's
 * top, as its properties' values and as the elements of its top-level arrays (a collection's
 * `items`): the places a route puts catalogue objects. Anything deeper is serialised as usual.
 * The bytes are those of `JSON.stringify(body)` (json-pieces.test.ts holds that).
 */
export function answerBytes(body: unknown): Buffer {
  const whole = keptListed(body);
  if (whole) return whole.subarray(1);
  if (!isPlainObject(body) || !holdsKept(body)) return Buffer.from(JSON.stringify(body) ?? 'null', 'utf8');
  const parts: Buffer[] = [];
  let text = '{'; // text between kept pieces, encoded when a piece comes
  const piece = (bytes: Buffer) => {
    if (text) parts.push(Buffer.from(text, 'utf8'));
    parts.push(bytes);
    text = '';
  };
  let first = true;
  for (const key of Object.keys(body)) {
    const value = body[key];
    const json = isPlainArray(value) || keptListed(value) ? null : JSON.stringify(value);
    if (json === undefined) continue; // undefined, a function or a symbol: left out, as JSON does
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (json !== null) {
      text += json;
      continue;
    }
    const whole = keptListed(value);
    if (whole) {
      piece(whole.subarray(1));
      continue;
    }
    const items = value as readonly unknown[];
    text += '[';
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const listed = keptListed(item);
      if (listed) piece(i === 0 ? listed.subarray(1) : listed);
      else text += (i === 0 ? '' : ',') + (JSON.stringify(item) ?? 'null');
    }
    text += ']';
  }
  parts.push(Buffer.from(`${text}}`, 'utf8'));
  let length = 0;
  for (const part of parts) length += part.byteLength;
  const bytes = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}
