import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { auditGuardStatements } from './audit-guard.ts';
import { changeFeedStatements } from './change-feed.ts';
import type { Database, Db, Schema } from './client.ts';
import { queryRows } from './seed/raw-rows.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Brings the schema up to date. Runs on every start; safe with several instances on
 * PostgreSQL because the whole run holds an advisory lock.
 * pg_trgm is created here because drizzle-kit does not emit CREATE EXTENSION; the change
 * notification triggers (change-feed.ts) and the audit guard are installed after the migration
 * for the same reason (installTriggers, below).
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
      await refuseUnknownSchema(db);
      await migrateNodePg(db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
      await installTriggers(db);
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return;
  }
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await refuseUnknownSchema(db);
  await migratePglite(db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  await installTriggers(db);
}

/**
 * Refuses a database whose last migration is not one of this checkout's. Until the first release
 * the schema is one migration, made again on every change (ADR 0003), so a database made before
 * such a change cannot be brought up to date: without this, the start failed on the migration's
 * first statement ("Failed query: CREATE TYPE …"), which did not say what to do.
 */
async function refuseUnknownSchema(db: Db): Promise<void> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return;
  const [last] = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return;
  // What the migrator itself records as a migration's created_at (the journal's `when`).
  const known = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  if (known.includes(Number(last.created_at))) return;
  throw new Error(
    `This database was made by another version of the shop's schema (its last migration is of ${new Date(Number(last.created_at)).toISOString()}), which this version cannot bring up to date: until the first release the schema is one migration, made again on every change. Remove the embedded database (\`rm -rf data/db\`, or DATA_DIR/db) or point DATABASE_URL at a new database, and start again: the shop is seeded anew.`,
  );
}

/**
 * The functions and triggers kept outside the Drizzle schema: the change feed's and the audit
 * guard's. Running their ~20 statements on every start was ~100 ms of an embedded PGlite's start
 * (its catalogue caches are cold), so they run only when something is off: a trigger missing (a
 * migration that recreated a table drops its trigger) or statements that changed since they were
 * installed, told by the fingerprint left in a comment on one of the functions.
 */
const triggerStatements = [...changeFeedStatements, ...auditGuardStatements];
const triggerNames = [
  ...new Set(triggerStatements.flatMap((s) => /CREATE (?:OR REPLACE )?TRIGGER (\w+)/.exec(s)?.[1] ?? [])),
];
const triggerCount = triggerStatements.filter((s) => /CREATE (?:OR REPLACE )?TRIGGER /.test(s)).length;
const fingerprint = `shop triggers ${createHash('sha256').update(triggerStatements.join(';\n')).digest('hex').slice(0, 16)}`;

async function installTriggers(db: Db): Promise<void> {
  const [state] = await queryRows<{ noted: string | null; triggers: number }>(
    db,
    sql`select obj_description(to_regproc('shop_table_changed')::oid, 'pg_proc') as noted,
               (select count(*)::int from pg_trigger
                 where tgname = any(${sql.param(triggerNames)}::text[]) and not tgisinternal) as triggers`,
  );
  if (state?.noted === fingerprint && state.triggers === triggerCount) return;
  for (const statement of triggerStatements) await db.execute(sql.raw(statement));
  await db.execute(sql.raw(`COMMENT ON FUNCTION shop_table_changed() IS '${fingerprint}'`));
}
