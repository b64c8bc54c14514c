import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { installAuditGuard } from './audit-guard.ts';
import { installChangeTriggers } from './change-feed.ts';
import type { Database } from './client.ts';
import type { Schema } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Brings the schema up to date. Runs on every start; safe with several instances on
 * PostgreSQL because the whole run holds an advisory lock.
 * pg_trgm is created here because drizzle-kit does not emit CREATE EXTENSION; the change
 * notification triggers (change-feed.ts) are (re)created after the migration for the same reason.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const { db } = database;
  if (database.kind === 'postgres') {
    const pool = database.pool;
    if (!pool) throw new Error('PostgreSQL database without a pool');
    // The migrator of the driver in use only (client.ts says why).
    const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator');
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727001)');
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
      await installChangeTriggers(db);
      await installAuditGuard(db);
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return;
  }
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  await installChangeTriggers(db);
  await installAuditGuard(db);
}
