import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { makeNewDatabase } from './new-database.ts';
import { startPgliteThread } from './pglite-remote.ts';
import { queryRows } from './seed/raw-rows.ts';

/**
 * Rule (ADR 0012, "2026-12-01, later"): a new shop's embedded database is a copy of the one the
 * build made (schema migrated, no rows), not PGlite's initdb, which held ~700 MiB while it ran; a
 * folder that already holds a database is opened as it is.
 */

let root: string;
let made: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'new-database-'));
  made = join(root, 'made');
  await makeNewDatabase(made);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Opens `dataDir` on its own thread, as the server does, with the made database to copy. */
async function open(dataDir: string) {
  const thread = startPgliteThread({ dataDir, newDatabase: made });
  const database = await openDatabase({ ownThread: thread });
  return { database, copied: (await thread).copiedNewDatabase };
}

const tables = (database: Awaited<ReturnType<typeof open>>['database']) =>
  queryRows<{ products: string | null; migrations: number }>(
    database.db,
    sql`select to_regclass('products')::text as products,
               (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
  );

describe('the new database a shop starts from', () => {
  it('is made with the schema migrated, written beside its folder and then renamed', () => {
    expect(existsSync(join(made, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${made}.partial`)).toBe(false);
  });

  it('is copied into a new shop’s empty folder, which then has the schema and no rows', async () => {
    const dataDir = join(root, 'shop-a');
    const { database, copied } = await open(dataDir);
    try {
      expect(copied).toBe(true);
      expect(await tables(database)).toEqual([{ products: 'products', migrations: 1 }]);
      const [count] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from products`,
      );
      expect(count?.n).toBe(0);
      // The migration finds nothing to do, and the change feed's triggers are installed as on any start.
      await migrateDatabase(database);
      expect(await tables(database)).toEqual([{ products: 'products', migrations: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('is not copied over a folder that holds a database: what the shop wrote stays', async () => {
    const dataDir = join(root, 'shop-b');
    const first = await open(dataDir);
    await first.database.db.execute(sql`insert into categories (name, url_slug) values ('Kept', 'kept')`);
    await first.database.close();
    const second = await open(dataDir);
    try {
      expect(second.copied).toBe(false);
      const rows = await queryRows<{ name: string }>(second.database.db, sql`select name from categories`);
      expect(rows).toEqual([{ name: 'Kept' }]);
    } finally {
      await second.database.close();
    }
  });

  it('replaces what a copy stopped halfway left beside the folder', async () => {
    const dataDir = join(root, 'shop-c');
    mkdirSync(`${dataDir}.partial/base`, { recursive: true });
    writeFileSync(`${dataDir}.partial/base/half-written`, 'x');
    const { database, copied } = await open(dataDir);
    try {
      expect(copied).toBe(true);
      expect(existsSync(`${dataDir}.partial`)).toBe(false);
      expect(existsSync(join(dataDir, 'base/half-written'))).toBe(false);
      expect(await tables(database)).toEqual([{ products: 'products', migrations: 1 }]);
    } finally {
      await database.close();
    }
  });
});
