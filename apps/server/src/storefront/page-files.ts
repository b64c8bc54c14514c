import { randomBytes } from 'node:crypto';
import { close, open, read } from 'node:fs';
import { mkdir, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { memoryResponseCache } from '../http/response-cache.ts';

/**
 * The files kept pages live in (page-cache.ts), one per page, under `DATA_DIR/pages/<this app>`.
 *
 * Why files and not the process's memory: brotli bytes of the kept pages were ~40 MiB of the
 * server's resident memory, which took it past 300 MiB while pages were rendered at 100,000
 * products (ADR 0012). In files, the operating system caches the pages that are read and can give
 * that memory to whoever needs it; the process keeps only the index (URL, headers, tags, file
 * name) and the most recently read pages, 4 MiB of them (`RECENT_BYTES`). A hit on a file costs
 * an open, a read and a close on libuv's pool: ~0.1 ms more CPU than one from memory, which the
 * popular pages (home, the first pages of categories) are therefore answered from. As a
 * web server's proxy cache does, the directory is this process's scratch space: emptied when the
 * app closes, and left-overs of a process that did not get to close are removed by the next start
 * on the same host (another host sharing the volume keeps its own).
 */
export interface PageFiles {
  /** Writes a page's bytes; the file's path, or null when it could not be written (disk full …). */
  write(body: Buffer): Promise<string | null>;
  /** The `bytes` bytes of a page's file; null when the file is gone or short. */
  read(file: string, bytes: number): Promise<Buffer | null>;
  /** Removes a page's file (in the background: nobody waits for it). */
  remove(file: string): void;
  /** Removes the directory with every page in it. */
  close(): Promise<void>;
}

/**
 * Bytes of recently read (or written) pages kept in memory as well. A file's name is never used
 * again, so a page found here is the one the index points to: no change can make it stale. With
 * the small pages the index holds itself (page-cache.ts `INLINE_BUDGET_BYTES`, also 4 MiB), the
 * kept pages' bytes in memory stay at the 8 MiB these recent pages alone had before.
 */
export const RECENT_BYTES = 4 * 1024 * 1024;

/** `<host>-<pid>-<random>`: one directory per app, so apps (and tests) in one process never share. */
const OWN_DIRECTORY = /^(.+)-(\d+)-[0-9a-f]+$/;

/** The page directories this process made: a directory of its pid that is not one of them is an
 * earlier process's (a container restarts with the same host name and pid 1). */
const madeHere = new Set<string>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the page directories that processes of this host left behind when they stopped. */
async function removeLeftOvers(root: string, host: string): Promise<void> {
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const match = OWN_DIRECTORY.exec(name);
    if (!match || match[1] !== host || madeHere.has(name)) continue;
    const pid = Number(match[2]);
    if (pid !== process.pid && running(pid)) continue;
    await rm(join(root, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function readFileOfSize(file: string, bytes: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    open(file, 'r', (openError, fd) => {
      if (openError) return resolve(null);
      // Its own storage, never a slice of Node's shared pool: it may be kept (http/kept-bytes.ts).
      const body = Buffer.allocUnsafeSlow(bytes);
      read(fd, body, 0, bytes, 0, (readError, got) => {
        close(fd, () => undefined);
        resolve(readError || got !== bytes ? null : body);
      });
    });
  });
}

/**
 * Where no page can be kept in a file (`DATA_DIR` cannot be written): every page is rendered, but
 * the smallest, which the index holds itself (page-cache.ts `INLINE_PAGE_BYTES`).
 */
export const NO_PAGE_FILES: PageFiles = {
  write: async () => null,
  read: async () => null,
  remove: () => undefined,
  close: async () => undefined,
};

/** Opens a new page directory under `root` (created if need be). */
export async function openPageFiles(root: string, recentBytes = RECENT_BYTES): Promise<PageFiles> {
  const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
  await mkdir(root, { recursive: true });
  await removeLeftOvers(root, host);
  const folder = `${host}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(root, folder);
  await mkdir(dir);
  madeHere.add(folder);
  // Page bodies by file name (`0.br`, `1.br` …: the directory is this app's), least recently read
  // first: the response cache's LRU, without tags or expiry (a name never comes back with other
  // bytes). It counts each page's name and body against the budget.
  const recent = memoryResponseCache<{ body: Buffer }>({
    ttlMs: Number.POSITIVE_INFINITY,
    maxEntries: Number.POSITIVE_INFINITY,
    maxBytes: recentBytes,
  });
  let written = 0;
  return {
    async write(body) {
      const file = join(dir, `${(written++).toString(36)}.br`);
      try {
        await writeFile(file, body);
        recent.set(basename(file), { body });
        return file;
      } catch {
        await unlink(file).catch(() => undefined);
        return null;
      }
    },
    async read(file, bytes) {
      const name = basename(file);
      const known = recent.get(name)?.body;
      if (known?.byteLength === bytes) return known;
      const body = await readFileOfSize(file, bytes);
      if (body) recent.set(name, { body });
      return body;
    },
    remove(file) {
      recent.delete(basename(file));
      unlink(file).catch(() => undefined);
    },
    close: async () => {
      recent.clear();
      await rm(dir, { recursive: true, force: true });
      madeHere.delete(folder);
    },
  };
}
