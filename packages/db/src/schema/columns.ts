import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

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
