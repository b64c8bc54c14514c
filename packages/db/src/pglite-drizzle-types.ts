/**
 * What Drizzle's PGlite driver imports from PGlite itself, for the compiled server, where PGlite
 * runs on its own thread (pglite-remote.ts): `types`, for the type ids whose text the driver
 * keeps, and `PGlite`, which its `drizzle()` only constructs when given no client. The server's
 * build (scripts/build-server.mjs) points the driver's import here, so that the server's thread
 * does not load PGlite's 500 KB of JavaScript beside the database's thread: ~7 MiB of memory and
 * ~55 ms of every start. pglite-drizzle-types.test.ts holds the ids to PGlite's own.
 */
export const types = { DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186 } as const;

export class PGlite {
  constructor() {
    throw new Error('The compiled server opens PGlite on its own thread (@shop/db/pglite-remote)');
  }
}
