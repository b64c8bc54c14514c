import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { openSecret, sealSecret } from '../secret-box.ts';

/** PostgreSQL full-text vector; written by a generated column, read only in SQL. */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Money is always integer paise (product rules §7). */
export const paise = (name: string) => integer(name);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A secret the shop reads back (a TOTP secret, a gateway key), stored sealed (secret-box.ts):
 * every write through Drizzle seals it and every read opens it, so code above the schema only
 * ever sees the plain value. Compare such a column in SQL only with a raw value, never with
 * `eq(column, plain)` (the plain side would be sealed afresh with a new IV and never match).
 */
export const sealedText = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'text';
  },
  toDriver: sealSecret,
  fromDriver: openSecret,
});

/**
 * A jsonb object some of whose entries (`sealedKeys`) are secrets: those are stored sealed, the
 * rest as they are; reads give them back plain.
 */
export const jsonbWithSealedKeys = (name: string, sealedKeys: readonly string[]) => {
  const mapSealed = (value: unknown, map: (text: string) => string): unknown => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
      key,
      sealedKeys.includes(key) && typeof entry === 'string' ? map(entry) : entry,
    ]);
    return Object.fromEntries(entries);
  };
  return customType<{ data: unknown; driverData: unknown }>({
    dataType() {
      return 'jsonb';
    },
    toDriver: (value) => JSON.stringify(mapSealed(value, sealSecret)),
    fromDriver: (value) => mapSealed(typeof value === 'string' ? JSON.parse(value) : value, openSecret),
  })(name);
};
