// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, and
// the server's thread asks it for queries through messages (pglite-remote.ts, which documents
// why). Plain JavaScript, so that the compiled server and the TypeScript tests start the same
// file with no loader.
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {import('node:worker_threads').MessagePort} */
const port = /** @type {never} */ (parentPort);

/** The fields of a PostgreSQL error the shop reads (code, constraint…), which a clone would drop. */
function errorFields(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

/**
 * The result-type parsers a caller asked for. Only the identity parser crosses threads (a
 * function cannot be sent): Drizzle asks for it on date and time types, to keep PostgreSQL's text.
 */
const identity = (value) => value;
function optionsFor(message) {
  if (!message.rowMode && !message.keepText) return undefined;
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.keepText) options.parsers = Object.fromEntries(message.keepText.map((oid) => [oid, identity]));
  return options;
}

/**
 * A new shop's data folder (missing or empty) gets a copy of the new database the build made
 * (new-database.ts says why), copied beside it and then renamed, so that a start stopped halfway
 * leaves no half a database. A folder with anything in it is PGlite's to open, as it was.
 * Returns whether it copied.
 */
function copyNewDatabase(made, dataDir) {
  if (!made || !dataDir || !existsSync(`${made}/PG_VERSION`)) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(made, partial, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
  return true;
}

let pglite;
let copied = false;
try {
  copied = copyNewDatabase(workerData.newDatabase, workerData.options.dataDir);
  pglite = await PGlite.create({
    ...workerData.options,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...workerData.settings.flatMap((setting) => ['-c', setting])],
  });
} catch (error) {
  port.postMessage({ id: 0, error: errorFields(error) });
  process.exit(1); // ends this thread only
}

/** Open transactions by id: each waits for its `end` message while its queries arrive. */
const transactions = new Map();
/** What a transaction's callback is rejected with when the server's thread rolls it back. */
const ROLLED_BACK = new Error('rolled back');

async function handle(message) {
  const target = message.tx === undefined ? pglite : transactions.get(message.tx)?.tx;
  switch (message.op) {
    case 'query':
      if (!target) throw new Error('The transaction has ended');
      return target.query(message.sql, message.params, optionsFor(message));
    case 'exec':
      if (!target) throw new Error('The transaction has ended');
      return target.exec(message.sql, optionsFor(message));
    case 'begin': {
      // PGlite runs one transaction at a time and queues other queries behind it; the transaction
      // stays open until the server's thread sends `end`.
      let opened;
      const ready = new Promise((resolve) => {
        opened = resolve;
      });
      const done = pglite.transaction(
        (tx) =>
          new Promise((end, abort) => {
            transactions.set(message.id, { tx, end, abort, done });
            opened();
          }),
      );
      await Promise.race([ready, done]);
      return message.id;
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('The transaction has ended');
      transactions.delete(message.tx);
      if (message.commit) {
        open.end();
        await open.done;
      } else {
        open.abort(ROLLED_BACK);
        await open.done.catch((error) => {
          if (error !== ROLLED_BACK) throw error;
        });
      }
      return null;
    }
    case 'listen':
      await pglite.listen(message.channel, (payload) =>
        port.postMessage({ notification: message.channel, payload }),
      );
      return null;
    case 'unlisten':
      await pglite.unlisten(message.channel);
      return null;
    case 'close':
      await pglite.close();
      return null;
    default:
      throw new Error(`Unknown request ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error) => port.postMessage({ id: message.id, error: errorFields(error) }),
  );
});
port.postMessage({ id: 0, result: { copied } });
