import { randomUUID } from 'node:crypto';
import { CHANGE_CHANNEL, type DataChange, parseDataChange } from '@shop/db/change-feed';
import type { Database } from '@shop/db/client';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The database's change notifications (packages/db/src/change-feed.ts) inside one server process.
 *
 * PGlite delivers a notification before the query that raised it resolves, so a change is known
 * here by the time the code that made it goes on. On PostgreSQL one dedicated connection LISTENs;
 * every instance has its own, so a sale on one instance reaches the cached answers of all of them
 * within milliseconds. While that connection is down nothing can be promised: the feed reports
 * `live: false` and says `down` at once and every second until it is back (caches stop answering,
 * the catalogue's memory is read again), then `resync` (everything may have changed meanwhile).
 */
export type FeedEvent = { kind: 'change'; change: DataChange } | { kind: 'resync' } | { kind: 'down' };

export interface ChangeFeed {
  /** Calls `listener` for every event from now on; returns the unsubscribe function. */
  subscribe(listener: (event: FeedEvent) => void): () => void;
  /**
   * Resolves once every change committed before the call has reached the subscribers. A no-op on
   * PGlite; on PostgreSQL a notification of our own makes the round trip behind them.
   */
  flush(): Promise<void>;
  /** Whether changes are being received (false while PostgreSQL's listener reconnects). */
  readonly live: boolean;
  close(): Promise<void>;
}

/** Longest a write request waits for its changes to come back (then caches are emptied instead). */
const FLUSH_TIMEOUT_MS = 1_000;

function createEmitter() {
  const listeners = new Set<(event: FeedEvent) => void>();
  return {
    listeners,
    emit(event: FeedEvent, log: FastifyBaseLogger) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.error({ err: error }, 'change listener failed');
        }
      }
    },
  };
}

export async function startChangeFeed(database: Database, log: FastifyBaseLogger): Promise<ChangeFeed> {
  if (database.kind === 'pglite' && (database.pglite || database.remote)) return pgliteFeed(database, log);
  if (database.kind === 'postgres' && database.url) {
    const feed = postgresFeed(database, database.url, log);
    await feed.ready;
    return feed;
  }
  throw new Error('change feed: unknown database');
}

async function pgliteFeed(database: Database, log: FastifyBaseLogger): Promise<ChangeFeed> {
  // In this thread or on its own (the server's): either delivers a notification before the
  // answer to the query that caused it.
  const pglite = database.pglite ?? database.remote;
  if (!pglite) throw new Error('PGlite database without an instance');
  const { listeners, emit } = createEmitter();
  const unlisten = await pglite.listen(CHANGE_CHANNEL, (payload) => {
    const change = parseDataChange(payload);
    if (change) emit({ kind: 'change', change }, log);
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: () => Promise.resolve(),
    live: true,
    async close() {
      listeners.clear();
      await unlisten().catch(() => undefined);
    },
  };
}

function postgresFeed(
  database: Database,
  url: string,
  log: FastifyBaseLogger,
): ChangeFeed & { ready: Promise<void> } {
  const { listeners, emit } = createEmitter();
  const syncs = new Map<string, () => void>();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = 100;
  let retryTimer: NodeJS.Timeout | undefined;
  /** While nobody listens, `down` again every second: memory must not trust itself for long. */
  let downTicker: NodeJS.Timeout | undefined;

  function releaseSyncs() {
    for (const resolve of syncs.values()) resolve();
    syncs.clear();
  }

  function lost(c: pg.Client, error?: unknown) {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (live) {
      live = false;
      if (!closed)
        log.warn({ err: error }, 'change feed: listener connection lost, caches off until it is back');
      emit({ kind: 'down' }, log);
    }
    releaseSyncs();
    if (!closed && !downTicker) {
      downTicker = setInterval(() => emit({ kind: 'down' }, log), 1_000);
      downTicker.unref();
    }
    if (!closed) {
      retryTimer = setTimeout(connect, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, 5_000);
    }
  }

  async function connect() {
    if (closed) return;
    // node-postgres is loaded only here: the embedded database needs no listener connection.
    const { Client } = (await import('pg')).default;
    if (closed) return;
    const c = new Client({ connectionString: url, application_name: 'shop change feed' });
    client = c;
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || message.payload === undefined) return;
      if (message.payload.startsWith('{"sync":')) {
        const token = (JSON.parse(message.payload) as { sync: string }).sync;
        syncs.get(token)?.();
        syncs.delete(token);
        return;
      }
      const change = parseDataChange(message.payload);
      if (change) emit({ kind: 'change', change }, log);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      lost(c, error);
      return;
    }
    if (client !== c || closed) return;
    retryMs = 100;
    clearInterval(downTicker);
    downTicker = undefined;
    live = true;
    // Whatever changed while nobody listened is unknown: every cached answer is suspect.
    emit({ kind: 'resync' }, log);
  }

  const ready = connect();
  const feed: ChangeFeed = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async flush() {
      await ready;
      if (!live || !database.pool) return;
      const token = randomUUID();
      const arrived = new Promise<void>((resolve) => syncs.set(token, resolve));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), FLUSH_TIMEOUT_MS);
      });
      try {
        await database.pool.query('SELECT pg_notify($1, $2)', [
          CHANGE_CHANNEL,
          JSON.stringify({ sync: token }),
        ]);
        if ((await Promise.race([arrived, timeout])) === 'timeout') {
          log.warn('change feed: a flush timed out; caches emptied');
          emit({ kind: 'resync' }, log);
        }
      } finally {
        clearTimeout(timer);
        syncs.delete(token);
      }
    },
    get live() {
      return live;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(downTicker);
      listeners.clear();
      releaseSyncs();
      const c = client;
      client = null;
      live = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
  return Object.assign(feed, { ready });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Before a write request (checkout, cancellation, payment callback …) answers, the changes it
 * committed have reached this process's caches: the shopper's next request never sees the old
 * stock, even on PostgreSQL where notifications travel on another connection.
 */
export function registerFreshWrites(app: FastifyInstance, feed: ChangeFeed) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_METHODS.has(request.method)) await feed.flush();
    return payload;
  });
}
