/**
 * Loads the storefront's server build (React Router's `ServerBuild`) once per process, with React's
 * request storage left switched off.
 *
 * React's Node renderer (`react-dom/server`, `renderToPipeableStream`) runs each render inside an
 * `AsyncLocalStorage`. On Node 20 the first `run` of any such storage switches on Node's async hooks
 * for the rest of the process: from the first page rendered on, every promise of every request —
 * API answers, kept pages, pictures — calls into a JavaScript hook when it is made. In
 * `npm run bench` on 10,000 products (ADR 0012, "2026-11-30, late"), with a page rendered first as
 * in a shop in use, that cost a product's detail 0.067 against 0.055 ms of CPU, a search 0.221
 * against 0.201 ms, a kept page 0.098–0.106 against 0.081–0.095 ms.
 *
 * The storage serves only one purpose in React: `preload()`-style calls made *outside* React's own
 * synchronous work (from a component's async code) find their request through it. Inside that work
 * React keeps the request in a plain variable (`currentRequest`), which is where every call of the
 * storefront is made — the images it preloads are rendered, not preloaded by hand. So React's
 * storage is built, while `react-dom/server` loads, from a class whose `run` only calls the
 * function, and its `getStore` answers undefined, as a storage never entered does. Nothing else is
 * touched: the class is swapped in for the synchronous `require` of React's module alone, and put
 * back before anything else can run. The test `server-build.test.ts` renders pages and checks that
 * the hooks stayed off.
 *
 * Node 22's `AsyncContextFrame` (default from Node 24) makes the storage free; on such a Node this
 * changes nothing that matters.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';

const asyncHooks = createRequire(import.meta.url)('node:async_hooks') as typeof import('node:async_hooks');

/** A storage whose `run` does not enter it (and so switches no hooks on). */
class UnenteredStorage<T> extends asyncHooks.AsyncLocalStorage<T> {
  override run<R>(_store: T, callback: () => R): R;
  override run<R, A extends unknown[]>(_store: T, callback: (...args: A) => R, ...args: A): R;
  override run<R, A extends unknown[]>(_store: T, callback: (...args: A) => R, ...args: A): R {
    return callback(...args);
  }
}

/** Loads `react-dom/server` as the build will import it, with React's storage unentered. */
function loadReactServerWithoutHooks(serverEntry: string): void {
  const requireFromBuild = createRequire(serverEntry);
  const original = asyncHooks.AsyncLocalStorage;
  asyncHooks.AsyncLocalStorage = UnenteredStorage;
  try {
    requireFromBuild('react-dom/server');
  } catch {
    // A build without React's server renderer: its own import reports what is wrong.
  } finally {
    asyncHooks.AsyncLocalStorage = original;
  }
}

const builds = new Map<string, Promise<ServerBuild>>();

/** The server build at `serverEntry` (…/build/server/index.js), imported once. */
export function importServerBuild(serverEntry: string): Promise<ServerBuild> {
  let build = builds.get(serverEntry);
  if (!build) {
    loadReactServerWithoutHooks(serverEntry);
    build = import(pathToFileURL(serverEntry).href) as Promise<ServerBuild>;
    builds.set(serverEntry, build);
  }
  return build;
}
