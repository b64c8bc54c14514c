import type { FoundFile } from './media-files.ts';

/**
 * Small media files kept in memory after their first request: the thumbnails and copies a
 * storefront page shows (a product's 120x120 or 300x300 WebP is 3–15 KB), so that a new
 * visitor's browser asking for a page's pictures costs no file-system work per picture.
 *
 * Why: a thumbnail sent from disk took 0.61–0.69 ms of the server's CPU (10,000-product shop,
 * 172 thumbnails asked round and round by 8 clients): a `stat` per name tried, then a read stream
 * that opened, read (into a 64 KiB buffer each time) and closed the file. Read whole into one
 * buffer it took 0.38–0.40 ms; kept, 0.20–0.22 ms (ADR 0012, "2026-11-30, night"). A category
 * page shows up to 100 such pictures, a few dozen of them at first (they load lazily).
 *
 * Fresh within a second, as everything else the shop shows (ADR 0009): a file is looked up on disk
 * again once its copy is older than `freshMs`, and read again only if its size or modification
 * time changed — an operator may replace an original under the same name. A name that is no
 * longer found is dropped. Bounded: files over `maxFileBytes` (a catalogue PDF, a large original)
 * are streamed from disk every time; the kept bytes stay under `maxBytes`, the least recently
 * asked going first.
 */
export interface KeptMediaOptions {
  /** The most bytes kept in all. */
  maxBytes?: number;
  /** The largest file kept. */
  maxFileBytes?: number;
  /** How long a kept copy is sent without looking at the disk again (ms). */
  freshMs?: number;
  now?: () => number;
}

/** A media file found: its bytes when it is small enough to keep, else null (stream it). */
export interface MediaFile {
  file: FoundFile;
  bytes: Buffer | null;
}

/** The default bound: ~600 thumbnails of 300x300, a few pages' worth. */
export const KEPT_MEDIA_BYTES = 8 * 1024 * 1024;
export const KEPT_MEDIA_FILE_BYTES = 256 * 1024;
export const KEPT_MEDIA_FRESH_MS = 1_000;

interface Entry extends MediaFile {
  checkedAt: number;
}

export function keptMedia(options: KeptMediaOptions = {}) {
  const maxBytes = options.maxBytes ?? KEPT_MEDIA_BYTES;
  const maxFileBytes = options.maxFileBytes ?? KEPT_MEDIA_FILE_BYTES;
  const freshMs = options.freshMs ?? KEPT_MEDIA_FRESH_MS;
  const now = options.now ?? Date.now;
  /** In order of last use, least recent first (a Map keeps insertion order). */
  const entries = new Map<string, Entry>();
  let bytesKept = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytesKept -= entry.bytes?.byteLength ?? 0;
  }

  function keep(key: string, entry: Entry) {
    drop(key);
    entries.set(key, entry);
    bytesKept += entry.bytes?.byteLength ?? 0;
    for (const [oldest] of entries) {
      if (bytesKept <= maxBytes) break;
      drop(oldest);
    }
  }

  const unchanged = (a: FoundFile, b: FoundFile) =>
    a.path === b.path && a.stats.size === b.stats.size && a.stats.mtimeMs === b.stats.mtimeMs;

  return {
    /**
     * The file a media URL names (`key`), found by `find` on disk, with its bytes read by `read`:
     * from memory while the kept copy is fresh, else looked up (and read if it changed) again.
     * Null when it is not found, or vanished before it could be read.
     */
    async lookup(
      key: string,
      find: () => Promise<FoundFile | null>,
      read: (file: FoundFile) => Promise<Buffer | null>,
    ): Promise<MediaFile | null> {
      const kept = entries.get(key);
      if (kept && now() - kept.checkedAt < freshMs) {
        // Most recently used now: moved to the end.
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const checkedAt = now();
      const file = await find();
      if (!file) {
        drop(key);
        return null;
      }
      if (file.stats.size > maxFileBytes) {
        drop(key);
        return { file, bytes: null };
      }
      const current = entries.get(key);
      const bytes = current?.bytes && unchanged(current.file, file) ? current.bytes : await read(file);
      if (!bytes) {
        drop(key);
        return null;
      }
      // A file replaced between the lookup and the read is read in full; its new size and time
      // are seen at the next lookup, which reads it again.
      if (bytes.byteLength > maxFileBytes) return { file, bytes };
      const entry = { file, bytes, checkedAt };
      keep(key, entry);
      return entry;
    },

    /** Bytes kept now (for tests and the bound). */
    get bytes() {
      return bytesKept;
    },
  };
}

export type KeptMedia = ReturnType<typeof keptMedia>;
