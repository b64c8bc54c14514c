import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { PGLITE_SETTINGS } from './pglite-settings.ts';

/**
 * Embedded PGlite on a thread of its own, asked through messages.
 *
 * PGlite is PostgreSQL compiled to WebAssembly, and it runs wherever it is called: in the server's
 * thread, every query held the event loop for as long as PostgreSQL worked on it. A fresh server
 * reading 10,000 products in batches held it for 40–440 ms a batch, and a health check or a favicon
 * that touched no database waited for most of the read (ADR 0012, "2026-11-29, early morning"; on
 * its own thread, a favicon waited a median of 15–25 ms: "midnight"). Here the server's thread
 * only sends a query and reads the rows back.
 *
 * The class offers what the shop uses of PGlite: Drizzle's driver (`query`, `exec`,
 * `transaction`), the change feed's `listen`, and `close`. A transaction stays open in the
 * database's thread until its callback here settles; other queries queue behind it there, as they
 * do in PGlite itself.
 */
export class RemotePGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #exited: Error | null = null;
  #closing = false;
  /** Whether this start copied the new database into an empty folder (`newDatabase`). */
  copiedNewDatabase = false;

  private constructor(worker: Worker, onStopped: ((error: Error) => void) | undefined) {
    this.#worker = worker;
    worker.on('message', (message: Reply) => {
      if ('notification' in message) {
        for (const listener of this.#listeners.get(message.notification) ?? []) listener(message.payload);
        return;
      }
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.error) pending.reject(databaseError(message.error));
      else pending.resolve(message.result);
    });
    const fail = (error: Error) => {
      this.#exited = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    // An uncaught error in the thread comes first as 'error', then as 'exit'.
    worker.on('error', fail);
    worker.on('exit', (code) => {
      const error = this.#exited ?? new Error(`The embedded database's thread stopped (exit code ${code})`);
      fail(error);
      // Told a turn later. A thread that fails to open posts why and ends at once. When its end is
      // handled first, Node delivers the posted reply and then 'exit' in the same turn, before
      // `create` has heard the reply and marked the end as expected: a clean-clone CI run on
      // 2026-11-30 reported the stop beside the reason (pglite-remote.test.ts "reports why the
      // database did not open …" failed once).
      setImmediate(() => {
        if (!this.#closing) onStopped?.(error);
      });
    });
  }

  /** Starts the database's thread and waits until PostgreSQL in it answers. */
  static async create(options: RemotePGliteOptions): Promise<RemotePGlite> {
    // The thread's young generation is sized by the process's --max-semi-space-size (8 MiB in
    // scripts/server-flags.mjs: 16 MiB resident, two halves), which a Worker's resourceLimits
    // cannot lower, so the flag is lowered while the thread's heap is made. The thread's garbage
    // is small (a query's rows; a batch of the catalogue is one text): 1 MiB held its heap at
    // 20 instead of 23–24 MiB after load, and the server's RSS at 184–188 instead of 193–206 MiB
    // (two starts each; ADR 0012, "2026-11-29, midnight").
    const semiSpace = /--max-semi-space-size=(\d+)/.exec(process.execArgv.join(' '))?.[1];
    if (semiSpace) setFlagsFromString('--max-semi-space-size=1');
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: {
        options: options.dataDir ? { dataDir: options.dataDir } : {},
        newDatabase: options.newDatabase,
        settings: options.settings,
      },
    });
    if (semiSpace) {
      const restore = () => setFlagsFromString(`--max-semi-space-size=${semiSpace}`);
      worker.once('online', restore).once('error', restore);
    }
    const remote = new RemotePGlite(worker, options.onStopped);
    try {
      const ready = (await new Promise((resolve, reject) => remote.#pending.set(0, { resolve, reject }))) as {
        copied: boolean;
      };
      remote.copiedNewDatabase = ready.copied;
    } catch (error) {
      // The caller hears why PostgreSQL did not start; the thread's end is no news then.
      remote.#closing = true;
      throw error;
    }
    return remote;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#ask({ op: 'query', sql, params, ...optionsMessage(options) }) as Promise<Results<T>>;
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#ask({ op: 'exec', sql, ...optionsMessage(options) }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const id = (await this.#ask({ op: 'begin' })) as number;
    const tx: RemoteTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#ask({ op: 'query', tx: id, sql, params, ...optionsMessage(options) }) as Promise<Results<R>>,
      exec: (sql: string, options?: QueryOptions) =>
        this.#ask({ op: 'exec', tx: id, sql, ...optionsMessage(options) }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#ask({ op: 'end', tx: id, commit: false });
      throw error;
    }
    await this.#ask({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Calls `callback` with each notification on `channel`; resolves to a function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#ask({ op: 'listen', channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      await this.#ask({ op: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (this.#exited || this.#closing) return;
    this.#closing = true;
    try {
      await this.#ask({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }

  #ask(message: Request): Promise<unknown> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }
}

/**
 * Starts the shop's embedded database on a thread of its own, in `dataDir` (made when missing),
 * with the shop's PostgreSQL settings. The server calls it before it loads its other modules
 * (server.ts), so that PostgreSQL's start (~1 s, most of it compiling and starting its
 * WebAssembly) runs beside that loading; `openDatabase({ ownThread })` takes the promise.
 */
export async function startPgliteThread(options: {
  dataDir?: string | undefined;
  newDatabase?: string | undefined;
  onStopped?: ((error: Error) => void) | undefined;
}): Promise<RemotePGlite> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return RemotePGlite.create({
    dataDir: options.dataDir,
    newDatabase: options.newDatabase,
    settings: PGLITE_SETTINGS,
    onStopped: options.onStopped,
  });
}

export interface RemotePGliteOptions {
  /** Folder of the database; unset → in memory. */
  dataDir?: string | undefined;
  /**
   * A new database's folder to copy when `dataDir` is missing or empty (new-database.ts: the build
   * makes one); unset, or not a database → PGlite makes the folder with initdb.
   */
  newDatabase?: string | undefined;
  /** PostgreSQL settings (`name=value`) beside PGlite's own start parameters. */
  settings: string[];
  /**
   * Told when the thread stops without being closed (PostgreSQL in it aborted, out of memory):
   * every query fails from then on, so the server stops rather than answer errors.
   */
  onStopped?: ((error: Error) => void) | undefined;
}

/** What a transaction's callback gets: queries run inside the transaction. */
export interface RemoteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

type Request =
  | {
      op: 'query';
      sql: string;
      params?: unknown[] | undefined;
      tx?: number;
      rowMode?: string;
      keepText?: number[];
    }
  | { op: 'exec'; sql: string; tx?: number; rowMode?: string; keepText?: number[] }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' };

type Reply =
  | { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } }
  | { notification: string; payload: string };

/**
 * A function cannot cross threads, so a query's result parsers are sent as the type ids whose
 * text is kept as it is: the one parser Drizzle passes (on dates, times and their arrays).
 */
function optionsMessage(options: QueryOptions | undefined): { rowMode?: string; keepText?: number[] } {
  if (!options) return {};
  const message: { rowMode?: string; keepText?: number[] } = {};
  if (options.rowMode) message.rowMode = options.rowMode;
  if (options.parsers) {
    message.keepText = Object.entries(options.parsers).map(([oid, parse]) => {
      if (parse('2026-01-01', Number(oid)) !== '2026-01-01')
        throw new Error(`Only text-keeping parsers reach the embedded database's thread (type ${oid})`);
      return Number(oid);
    });
  }
  if (options.serializers || options.blob) throw new Error('Not supported across threads');
  return message;
}

/** An Error carrying PostgreSQL's fields (code, constraint, detail…), as PGlite throws them. */
function databaseError(fields: Record<string, unknown> & { message: string }): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(message), rest);
  if (typeof name === 'string') error.name = name;
  return error;
}
