import { randomBytes } from 'node:crypto';
import { close, open, read, unlink, write } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { memoryResponseCache } from '../http/response-cache.ts';

/**
 * The files kept pages live in (page-cache.ts), under `DATA_DIR/pages/<this app>`: pages are
 * appended to segment files of `SEGMENT_BYTES` each, and a page is named by its segment, its offset
 * and its length.
 *
 * Why files and not the process's memory: brotli bytes of the kept pages were ~40 MiB of the
 * server's resident memory, which took it past 300 MiB while pages were rendered at 100,000
 * products (ADR 0012). In files, the operating system caches the pages that are read and can give
 * that memory to whoever needs it; the process keeps only the index (URL, headers, tags, where the
 * page lies) and the most recently read pages, 4 MiB of them (`RECENT_BYTES`).
 *
 * Why segments and not a file per page: making a file costs the file system far more than writing
 * the same bytes at the end of an open one. On ext4 here, a 12 KB page cost 0.68–1.25 ms of CPU
 * (open, write and close on the thread pool, most of it in the kernel) in a file of its own, and
 * 0.02 ms appended to a segment; a kept page's first render is 5–8 ms (ADR 0012, "2026-11-30,
 * night"). A read of a 25 KB page: 26–29 µs (open, read, close) against 14–16 µs from the segment's
 * open descriptor. A removed page leaves its bytes where they are until the segment goes: a
 * segment is deleted once none of its pages is kept, and the oldest are deleted while the segments
 * hold more than `DISK_BYTES` (their pages then read as gone, and are rendered again when asked
 * for; a page that stays popular is kept again within the index's five minutes, in a new segment).
 *
 * As a web server's proxy cache does, the directory is this process's scratch space: emptied when
 * the app closes, and left-overs of a process that did not get to close are removed by the next
 * start on the same host (another host sharing the volume keeps its own).
 */
export interface PageFiles {
  /** Writes a page's bytes; where they lie, or null when they could not be written (disk full …). */
  write(body: Buffer): Promise<string | null>;
  /** The `bytes` bytes of a page; null when it is gone (removed, its segment deleted) or short. */
  read(file: string, bytes: number): Promise<Buffer | null>;
  /** Gives a page up: it reads as gone from now on, and its segment goes with its last page. */
  remove(file: string): void;
  /** Pages written and not removed, and the bytes of the segments on disk (for tests and stats). */
  usage(): { pages: number; diskBytes: number };
  /** Removes the directory with every page in it. */
  close(): Promise<void>;
}

/** Bytes of pages a segment file takes before the next one is started: ~700 product pages. */
export const SEGMENT_BYTES = 8 * 1024 * 1024;

/**
 * Bytes of segment files at most: twice the kept pages' own bound (page-cache.ts
 * `PAGE_CACHE_BYTES`), for the bytes of removed pages that wait for the rest of their segment.
 */
export const DISK_BYTES = 256 * 1024 * 1024;

/**
 * Bytes of recently read (or written) pages kept in memory as well. A page's place is never given
 * out again, so a page found here is the one the index points to: no change can make it stale. With
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

/**
 * Where no page can be kept in a file (`DATA_DIR` cannot be written): every page is rendered, but
 * the smallest, which the index holds itself (page-cache.ts `INLINE_PAGE_BYTES`).
 */
export const NO_PAGE_FILES: PageFiles = {
  write: async () => null,
  read: async () => null,
  remove: () => undefined,
  usage: () => ({ pages: 0, diskBytes: 0 }),
  close: async () => undefined,
};

/** A segment file: its descriptor, and the pages in it that are still kept. */
interface Segment {
  path: string;
  /** The open descriptor; null when the file could not be made. */
  fd: Promise<number | null>;
  /** Bytes given out so far: where the next page goes. */
  end: number;
  /** Kept pages: offset → length. A removed page is deleted here, and reads as gone. */
  pages: Map<number, number>;
  /** Reads and writes under way: the descriptor is closed only after the last (its number could
   * otherwise be given to another file while a read still uses it). */
  busy: number;
  /** Deleted: no longer read or written, closed once `busy` is 0. */
  gone: boolean;
}

/** `<segment path>#<offset>+<length>`: where a page lies. */
const PLACE = /^(.*)#(\d+)\+(\d+)$/;

function openSegmentFile(path: string): Promise<number | null> {
  return new Promise((resolve) => open(path, 'w+', (error, fd) => resolve(error ? null : fd)));
}

function writeAt(fd: number, body: Buffer, at: number): Promise<boolean> {
  return new Promise((resolve) =>
    write(fd, body, 0, body.byteLength, at, (error, written) =>
      resolve(!error && written === body.byteLength),
    ),
  );
}

function readAt(fd: number, bytes: number, at: number): Promise<Buffer | null> {
  // Its own storage, never a slice of Node's shared pool: it may be kept (http/kept-bytes.ts).
  const body = Buffer.allocUnsafeSlow(bytes);
  return new Promise((resolve) =>
    read(fd, body, 0, bytes, at, (error, got) => resolve(error || got !== bytes ? null : body)),
  );
}

/** Opens a new page directory under `root` (created if need be). */
export async function openPageFiles(
  root: string,
  recentBytes = RECENT_BYTES,
  limits: { segmentBytes?: number; diskBytes?: number } = {},
): Promise<PageFiles> {
  const segmentBytes = limits.segmentBytes ?? SEGMENT_BYTES;
  const diskBytes = limits.diskBytes ?? DISK_BYTES;
  const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
  await mkdir(root, { recursive: true });
  await removeLeftOvers(root, host);
  const folder = `${host}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dir = join(root, folder);
  await mkdir(dir);
  madeHere.add(folder);
  // Page bodies by place, least recently read first: the response cache's LRU, without tags or
  // expiry (a place never comes back with other bytes). It counts each page's place and body
  // against the budget.
  const recent = memoryResponseCache<{ body: Buffer }>({
    ttlMs: Number.POSITIVE_INFINITY,
    maxEntries: Number.POSITIVE_INFINITY,
    maxBytes: recentBytes,
  });
  /** Segments on disk by path, oldest first (a Map keeps insertion order). */
  const segments = new Map<string, Segment>();
  let current: Segment | null = null;
  let made = 0;
  /** Segments being closed and deleted (what `close` waits for). */
  const closing = new Set<Promise<void>>();

  function release(segment: Segment) {
    segment.busy -= 1;
    if (segment.gone && segment.busy === 0) closeSegment(segment);
  }

  function closeSegment(segment: Segment) {
    const closed = segment.fd.then(
      (fd) =>
        new Promise<void>((resolve) => {
          unlink(segment.path, () => (fd === null ? resolve() : close(fd, () => resolve())));
        }),
    );
    closing.add(closed);
    void closed.then(() => closing.delete(closed));
  }

  /** Deletes a segment: its pages read as gone from now on. */
  function drop(segment: Segment) {
    if (segment.gone) return;
    segment.gone = true;
    segments.delete(segment.path);
    segment.pages.clear();
    if (current === segment) current = null;
    if (segment.busy === 0) closeSegment(segment);
  }

  /** The segment the next `bytes` go to: a new one when the current one is full. */
  function segmentFor(bytes: number): Segment {
    if (current && current.end > 0 && current.end + bytes > segmentBytes) {
      const full = current;
      current = null;
      if (full.pages.size === 0 && full.busy === 0) drop(full);
    }
    if (!current) {
      const path = join(dir, `${(made++).toString(36)}.pages`);
      current = { path, fd: openSegmentFile(path), end: 0, pages: new Map(), busy: 0, gone: false };
      segments.set(path, current);
    }
    return current;
  }

  /** Pages kept in the segments, and the segments' bytes on disk. */
  function usage() {
    let pages = 0;
    let bytes = 0;
    for (const segment of segments.values()) {
      pages += segment.pages.size;
      bytes += segment.end;
    }
    return { pages, diskBytes: bytes };
  }

  /** The oldest segments go while the segments take more than `diskBytes`. */
  function boundDisk() {
    let onDisk = usage().diskBytes;
    for (const segment of segments.values()) {
      if (onDisk <= diskBytes) return;
      if (segment === current) continue;
      onDisk -= segment.end;
      drop(segment);
    }
  }

  function placeOf(file: string): { segment: Segment; at: number; length: number } | null {
    const match = PLACE.exec(file);
    const segment = match ? segments.get(match[1] as string) : undefined;
    if (!match || !segment) return null;
    const at = Number(match[2]);
    const length = Number(match[3]);
    return segment.pages.get(at) === length ? { segment, at, length } : null;
  }

  return {
    async write(body) {
      const segment = segmentFor(body.byteLength);
      const at = segment.end;
      segment.end += body.byteLength;
      segment.busy += 1;
      let written = false;
      try {
        const fd = await segment.fd;
        // A file that could not be made (the directory is gone) is not tried again: the next
        // page starts another.
        if (fd === null) drop(segment);
        else written = !segment.gone && (await writeAt(fd, body, at));
      } finally {
        release(segment);
      }
      if (!written || segment.gone) {
        if (segment !== current && segment.pages.size === 0 && segment.busy === 0) drop(segment);
        return null;
      }
      segment.pages.set(at, body.byteLength);
      const file = `${segment.path}#${at}+${body.byteLength}`;
      recent.set(file, { body });
      boundDisk();
      return segment.gone ? null : file;
    },
    async read(file, bytes) {
      const place = placeOf(file);
      if (!place || place.length !== bytes) return null;
      const known = recent.get(file)?.body;
      if (known?.byteLength === bytes) return known;
      const { segment } = place;
      segment.busy += 1;
      try {
        const fd = await segment.fd;
        const body = fd === null || segment.gone ? null : await readAt(fd, bytes, place.at);
        if (body) recent.set(file, { body });
        return body;
      } finally {
        release(segment);
      }
    },
    remove(file) {
      recent.delete(file);
      const place = placeOf(file);
      if (!place) return;
      place.segment.pages.delete(place.at);
      if (place.segment.pages.size === 0 && place.segment !== current) drop(place.segment);
    },
    usage,
    close: async () => {
      recent.clear();
      for (const segment of [...segments.values()]) drop(segment);
      await rm(dir, { recursive: true, force: true });
      await Promise.all([...closing]);
      madeHere.delete(folder);
    },
  };
}
