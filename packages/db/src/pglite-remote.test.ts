import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { categories } from './schema/index.ts';
import { queryRows } from './seed/raw-rows.ts';

/**
 * Rule (ADR 0012, "2026-11-29, midnight"): the server's embedded PGlite runs on a thread of its
 * own, so that no query holds the server's event loop, and it behaves as PGlite in the server's
 * thread did: the schema's migration, transactions, PostgreSQL's error codes and change
 * notifications.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ ownThread: true });
  await migrateDatabase(database);
});
afterAll(() => database?.close());

const newCategory = (name: string) => ({ name, urlSlug: name.toLowerCase().replaceAll(' ', '-') });

describe('embedded PGlite on its own thread', () => {
  it('runs there, with the buffer pool of PGlite in this thread, and migrates the schema', async () => {
    expect(database.remote).toBeDefined();
    expect(database.pglite).toBeUndefined();
    const [settings] = await queryRows<{ shared_buffers: string; trgm: string }>(
      database.db,
      sql`select current_setting('shared_buffers') as shared_buffers,
                 (select extname from pg_extension where extname = 'pg_trgm') as trgm`,
    );
    expect(settings).toEqual({ shared_buffers: '16MB', trgm: 'pg_trgm' });
  });

  it("does not hold this thread's event loop while a query runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    await queryRows(database.db, sql`select count(*) from generate_series(1, 3000000)`);
    const took = performance.now() - started;
    clearInterval(timer);
    // In this thread the query would have held the loop throughout: no tick at all.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 5 / 4));
  });

  it('keeps dates and times as PostgreSQL wrote them, as Drizzle asks', async () => {
    const [raw] = await queryRows<{ at: unknown; day: unknown }>(
      database.db,
      sql`select '2026-11-30 10:15:00+05:30'::timestamptz as at, '2026-11-30'::date as day`,
    );
    expect(raw).toEqual({ at: '2026-11-30 04:45:00+00', day: '2026-11-30' });
    const [row] = await database.db
      .insert(categories)
      .values(newCategory('Dated snacks'))
      .returning({ createdAt: categories.createdAt });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('commits a transaction, and a query from outside waits until it ends', async () => {
    let outside: Promise<unknown> | undefined;
    let outsideSettled = false;
    let settledInside: boolean | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(categories).values(newCategory('Committed nuts'));
      outside = queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from categories where name = 'Committed nuts'`,
      ).finally(() => {
        outsideSettled = true;
      });
      // A savepoint inside: Drizzle's nested transaction, rolled back alone.
      await tx
        .transaction(async (inner) => {
          await inner.insert(categories).values(newCategory('Nested and undone'));
          inner.rollback();
        })
        .catch(() => undefined);
      // Asked after the query from outside: had that one not waited, it would have been answered.
      await tx.execute(sql`select 1`);
      settledInside = outsideSettled;
    });
    expect(settledInside).toBe(false);
    expect(await outside).toEqual([{ n: 1 }]);
    const nested = await database.db
      .select()
      .from(categories)
      .where(eq(categories.name, 'Nested and undone'));
    expect(nested).toEqual([]);
  });

  it('rolls a transaction back when its callback throws, and the next one runs', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(categories).values(newCategory('Rolled back dates'));
        throw new Error('a mistake');
      }),
    ).rejects.toThrow('a mistake');
    const rows = await database.db.select().from(categories).where(eq(categories.name, 'Rolled back dates'));
    expect(rows).toEqual([]);
    await database.db.transaction((tx) => tx.insert(categories).values(newCategory('After the rollback')));
  });

  it("reports PostgreSQL's error code and constraint, as the shop reads them", async () => {
    await database.db.execute(sql`create table unique_probe (k text primary key)`);
    await database.db.execute(sql`insert into unique_probe values ('lock')`);
    const error = await database.db.execute(sql`insert into unique_probe values ('lock')`).then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
    );
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toBe('unique_probe_pkey');
  });

  it('delivers a notification before the answer of the query that sent it', async () => {
    const remote = database.remote;
    if (!remote) throw new Error('no remote database');
    const heard: string[] = [];
    const stop = await remote.listen('shop_test_channel', (payload) => heard.push(payload));
    await remote.query(`select pg_notify('shop_test_channel', 'sold out')`);
    expect(heard).toEqual(['sold out']);
    await stop();
    await remote.query(`select pg_notify('shop_test_channel', 'again')`);
    expect(heard).toEqual(['sold out']);
  });
});

it('refuses queries once closed, with a clear error', async () => {
  const closing = await openDatabase({ ownThread: true });
  await closing.close();
  await expect(closing.remote?.query('select 1')).rejects.toThrow(/embedded database's thread stopped/);
});

it('reports why the database did not open, and does not also report its thread stopping', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bad-pglite-'));
  writeFileSync(join(dataDir, 'PG_VERSION'), '9\n');
  const stopped: Error[] = [];
  await expect(
    openDatabase({ ownThread: true, dataDir, onThreadStopped: (error) => stopped.push(error) }),
  ).rejects.toThrow(/PGlite/);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(stopped).toEqual([]);
  rmSync(dataDir, { recursive: true, force: true });
});
