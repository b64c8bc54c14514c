import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { queryRows } from './seed/raw-rows.ts';

/**
 * Rule: the triggers kept outside the Drizzle schema (change feed, audit guard) are in place after
 * every start, and a start whose triggers are all there and current leaves them alone (running
 * their statements on every start was ~100 ms of an embedded PGlite's start).
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
});
afterAll(() => database?.close());

const triggerCount = async () => {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_trigger
         where tgname in ('shop_changes', 'shop_changes_truncate', 'audit_log_append_only') and not tgisinternal`,
  );
  return row?.n;
};

/** Replaces the content tables' notifying function with one that says so, keeping its comment. */
const markFunction = () =>
  database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION shop_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 'left alone';
  RETURN NULL;
END $$`),
  );
const functionMarked = async () => {
  const [row] = await queryRows<{ source: string }>(
    database.db,
    sql`select prosrc as source from pg_proc where proname = 'shop_table_changed'`,
  );
  return row?.source.includes('left alone');
};

it('installs every trigger: 16 of the change feed and the audit guard', async () => {
  expect(await triggerCount()).toBe(17);
});

it('leaves triggers that are all there and current alone on the next start', async () => {
  await markFunction();
  await migrateDatabase(database);
  expect(await functionMarked()).toBe(true);
});

it('installs them again when one is missing (a migration that recreated its table)', async () => {
  await markFunction();
  await database.db.execute(sql`DROP TRIGGER shop_changes ON banners`);
  expect(await triggerCount()).toBe(16);
  await migrateDatabase(database);
  expect(await triggerCount()).toBe(17);
  expect(await functionMarked()).toBe(false);
});

it('installs them again when their statements changed since they were installed', async () => {
  await markFunction();
  await database.db.execute(
    sql`COMMENT ON FUNCTION shop_table_changed() IS 'shop triggers 0000000000000000'`,
  );
  await migrateDatabase(database);
  expect(await functionMarked()).toBe(false);
});

it('refuses a database made by another version of the one-migration schema, saying what to do', async () => {
  await database.db.execute(
    sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('older init', 1700000000000)`,
  );
  await database.db.execute(
    sql`update drizzle.__drizzle_migrations set created_at = 1700000000000 where hash <> 'older init'`,
  );
  await expect(migrateDatabase(database)).rejects.toThrow(
    /made by another version of the shop's schema .*2023-11-14T22:13:20\.000Z.*Remove the embedded database/,
  );
});
