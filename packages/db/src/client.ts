import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { RemotePGlite } from './pglite-remote.ts';
import { PGLITE_SETTINGS } from './pglite-settings.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle every repository takes; the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded instance, when it runs in this thread (tests clone it). */
  pglite?: PGlite;
  /** The embedded database, when it runs on a thread of its own (the server's). */
  remote?: RemotePGlite;
  /** The node-postgres pool, when there is one. */
  pool?: pg.Pool;
  /** The PostgreSQL connection string, when there is one (a listener opens its own connection). */
  url?: string;
}

export interface DatabaseOptions {
  /** postgres://… for a real server; unset → embedded PGlite. */
  url?: string | undefined;
  /** Folder of the embedded database; unset → in memory. */
  dataDir?: string | undefined;
  /**
   * Embedded PGlite on a thread of its own (pglite-remote.ts): the server's choice, so that no
   * query holds its event loop. Tools and tests keep it in their own thread. `true` starts the
   * thread here (not with `loadDataDir`: a dump is not sent to the thread, and the database then
   * opens in this thread); a thread already starting (`startPgliteThread`) is used as it is — the
   * server starts it before it loads its other modules (server.ts).
   */
  ownThread?: boolean | Promise<RemotePGlite> | undefined;
  /** Told when the embedded database's own thread (started here) stops without being closed. */
  onThreadStopped?: ((error: Error) => void) | undefined;
  /** A PGlite dump (from dumpDataDir) to start from — tests use this to skip migrations. */
  loadDataDir?: Blob | File | undefined;
  /** Connection pool size for PostgreSQL. */
  poolSize?: number | undefined;
  /**
   * Told when an idle pooled connection breaks (PostgreSQL restarted, the connection was
   * terminated, a network blip); the pool drops it and opens a new one when next needed.
   * Default: a warning on stderr.
   */
  onConnectionLost?: ((error: Error) => void) | undefined;
}

/**
 * Opens the database. Only the driver in use is loaded (node-postgres or PGlite, each with its
 * Drizzle adapter): the other one's modules were ~60 ms of every start.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    // PostgreSQL returns bigint (count(*)) as strings; numbers up to 2^53 are safe for our counts.
    pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener, node-postgres re-emits an idle connection's error as an unhandled
    // 'error' event, which ends the process: a database restart would take the shop down with it.
    pool.on(
      'error',
      options.onConnectionLost ??
        ((error) => console.warn(`PostgreSQL: an idle connection was lost (${error.message})`)),
    );
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, url: options.url, close: () => pool.end() };
  }
  const started = options.ownThread instanceof Promise ? options.ownThread : undefined;
  if (started || (options.ownThread && !options.loadDataDir)) {
    const [remote, { drizzle: drizzlePglite }] = await Promise.all([
      started ??
        import('./pglite-remote.ts').then(({ startPgliteThread }) =>
          startPgliteThread({ dataDir: options.dataDir, onStopped: options.onThreadStopped }),
        ),
      import('drizzle-orm/pglite'),
    ]);
    // Drizzle's PGlite driver asks its client for query, exec and transaction only.
    const db = drizzlePglite({ client: remote as unknown as PGlite, schema }) as unknown as Db;
    return { db, kind: 'pglite', remote, close: () => remote.close() };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}
