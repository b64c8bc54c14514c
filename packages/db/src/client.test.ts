import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { queryRows } from './seed/raw-rows.ts';

/**
 * Rule (RSS < 300 MiB, ADR 0010): embedded PGlite keeps a small shared buffer pool. Its postgres
 * zeroes the whole pool when it starts, so initdb's 128 MB were resident from the first second.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
});
afterAll(() => database?.close());

it('opens embedded PGlite with a 16 MB buffer pool and room for 20 connections', async () => {
  const [settings] = await queryRows<{ shared_buffers: string; max_connections: string }>(
    database.db,
    sql`select current_setting('shared_buffers') as shared_buffers,
               current_setting('max_connections') as max_connections`,
  );
  expect(settings).toEqual({ shared_buffers: '16MB', max_connections: '20' });
});
