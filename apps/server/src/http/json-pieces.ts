import { keptBytes } from './kept-bytes.ts';

/**
 * JSON kept with the objects an answer is made of, as UTF-8 bytes, so that an answer repeating them
 * copies their bytes instead of serialising and encoding them again.
 *
 * Why: an uncached category listing of 100 products spent a fifth of its server CPU in
 * `JSON.stringify` and more encoding the result as UTF-8 — every product serialised afresh for
 * every page it appears on, although the catalogue's rows change only when the database announces
 * a change (catalogue/product-answers.ts keeps one answer object per row). The bytes are made with
 * the object and live exactly as long: nothing to invalidate. A keepable object is frozen, since
 * its bytes would not follow a change. Kept as strings instead, joining 100 of them and encoding
 * the result saved about a quarter as much (4 % of a listing's CPU against 15 %; ADR 0012,
 * "2026-11-28, night").
 */

/**
 * A keepable object's JSON after a comma (what precedes an element of a list after the first, so
 * that a list of kept objects is copied in one piece each), as UTF-8 in storage of its own (a slice
 * of Node's shared pool would keep its whole 8 KiB block alive). In a property JSON never sees: a
 * symbol key, not enumerable, so `{ ...value }` (a product's detail) does not carry it.
 */
const LISTED_JSON = Symbol('listed JSON');

type Keepable = { [LISTED_JSON]?: Buffer };

/**
 * Serialises `value` once and keeps the bytes with it (see above); freezes it and the plain
 * objects and arrays inside it. Deeply: kept answers reach a page's loaders as they are
 * (in-process-reads.ts), and a loader that changed a product's labels in place would otherwise
 * change them for every later answer while its bytes said otherwise.
 */
export function keepJson<T extends object>(value: T): Readonly<T> {
  const bytes = keptBytes(Buffer.from(`,${JSON.stringify(value)}`, 'utf8'));
  Object.defineProperty(value, LISTED_JSON, { value: bytes });
  return freezeDeep(value);
}

function freezeDeep<T>(value: T): T {
  if (!(isPlainObject(value) || isPlainArray(value)) || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const item of Object.values(value)) freezeDeep(item);
  return value;
}

/** A keepable object's kept bytes: a comma, then its JSON. */
function keptListed(value: unknown): Buffer | undefined {
  return typeof value === 'object' && value !== null ? (value as Keepable)[LISTED_JSON] : undefined;
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
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (typeof value !== 'object' || value === null) continue;
    if (keptListed(value)) return true;
    if (isPlainArray(value)) for (const item of value) if (keptListed(item)) return true;
  }
  return false;
}

/**
 * `JSON.stringify(body)` as UTF-8 bytes, with the kept bytes of keepable objects where routes put
 * catalogue objects: the answer itself, a property's value, an element of a property's array (a
 * collection's `items`). When the answer holds one there, a plain object among its properties that
 * holds one in the same places is looked into too. Anything else is serialised as usual, and the
 * bytes are those of `JSON.stringify(body)` (json-pieces.test.ts holds that).
 */
export function answerBytes(body: unknown): Buffer {
  const whole = keptListed(body);
  if (whole) return whole.subarray(1);
  if (!isPlainObject(body) || !holdsKept(body)) return Buffer.from(JSON.stringify(body) ?? 'null', 'utf8');
  const parts: Buffer[] = [];
  let text = ''; // text between kept pieces, encoded when a piece comes
  const piece = (bytes: Buffer) => {
    if (text) parts.push(Buffer.from(text, 'utf8'));
    parts.push(bytes);
    text = '';
  };
  const object = (value: Record<string, unknown>) => {
    text += '{';
    let first = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      const kept = keptListed(item);
      const nested = !kept && isPlainObject(item) && holdsKept(item);
      const json = kept || nested || isPlainArray(item) ? null : JSON.stringify(item);
      if (json === undefined) continue; // undefined, a function or a symbol: left out, as JSON does
      text += `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      if (json !== null) text += json;
      else if (kept) piece(kept.subarray(1));
      else if (nested) object(item as Record<string, unknown>);
      else list(item as readonly unknown[]);
    }
    text += '}';
  };
  const list = (items: readonly unknown[]) => {
    text += '[';
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const kept = keptListed(item);
      if (kept) piece(i === 0 ? kept.subarray(1) : kept);
      else text += (i === 0 ? '' : ',') + (JSON.stringify(item) ?? 'null');
    }
    text += ']';
  };
  object(body);
  if (text) parts.push(Buffer.from(text, 'utf8'));
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
