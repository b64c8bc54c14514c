/**
 * The new embedded database a shop starts from: PGlite's data folder with the schema migrated and
 * no rows, made once when the server is built (scripts/build-server.mjs, `apps/server/dist/new-database`)
 * and copied into a new shop's data folder by the database's thread (pglite-thread.mjs).
 *
 * Why: PGlite makes a new data folder by running PostgreSQL's initdb in WebAssembly, and keeps a
 * copy of its whole heap meanwhile. A new shop's first start held ~700 MiB of RSS for those seconds
 * (701–722 MiB in four starts), over twice what the shop holds under load, so a machine or
 * container had to have that much for a start that happens once. Copying a made folder (41 MiB,
 * ~0.1 s) and opening it costs what any later start costs; the start skips initdb, and its
 * migration finds nothing to do (ADR 0012, "2026-12-01, later").
 *
 * Run as `node --import tsx packages/db/src/new-database.ts <folder>`: in a process of its own, so
 * that the build's memory goes when it ends.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

/** Makes the new database in `folder` (replacing what is there), written beside it and then renamed. */
export async function makeNewDatabase(folder: string): Promise<void> {
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: partial });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  if (!existsSync(`${partial}/PG_VERSION`)) throw new Error(`PGlite wrote no database in ${partial}`);
  rmSync(folder, { recursive: true, force: true });
  renameSync(partial, folder);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2];
  if (!folder) throw new Error('Usage: new-database.ts <folder>');
  await makeNewDatabase(folder);
}
