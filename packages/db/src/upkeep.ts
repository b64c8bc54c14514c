import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * VACUUM (ANALYZE) of the whole database: marks pages all-visible, so the covering indexes of the
 * order list and the dashboard answer from the index alone (an index-only scan), gives dead row
 * versions' space back, and refreshes the planner's statistics.
 *
 * PostgreSQL's autovacuum does this by itself in time. Embedded PGlite runs PostgreSQL in
 * single-user mode, where autovacuum never runs and the table statistics it would read are not
 * kept: without this, every sale's stock update and every order would stay a dead or unvisible
 * row version for good (the 30-day dashboard on 100,000 orders read 67,000 heap pages instead of
 * an index). Hence the server's hourly upkeep job on PGlite, and this after every bulk load
 * (seeding), as PostgreSQL's documentation advises for both.
 *
 * VACUUM skips pages already all-visible, so a run after an hour of trade costs what the hour
 * changed (milliseconds to a second). It cannot run inside a transaction.
 */
export async function vacuumAnalyze(database: Pick<Database, 'db'>): Promise<number> {
  const started = performance.now();
  await database.db.execute(sql`VACUUM (ANALYZE)`);
  return Math.round(performance.now() - started);
}
