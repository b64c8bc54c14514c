import { type Stats, createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, resolve, sep } from 'node:path';
import { NUMERIC_ID } from '@shop/contract/collection';
import { pictures } from './picture-drawer.ts';

/**
 * Files under DATA_DIR/media, served under /backend/data (product rules §7, product rules §7): originals, and
 * variants made on first request (in the picture process, picture-drawer.ts) and kept on disk: square crops (120x120, 300x300) and
 * copies at most w480 / w800 / w1200 pixels wide (the storefront's srcset for banners).
 */

export const VARIANT_SIZES = {
  '120x120': { width: 120, height: 120 },
  '300x300': { width: 300, height: 300 },
  w480: { width: 480 },
  w800: { width: 800 },
  w1200: { width: 1200 },
} as const;
export type VariantSize = keyof typeof VARIANT_SIZES;

const contentTypes: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
};
/** Formats sharp can read to make a variant. */
const resizable = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.svg']);

// One path segment: letters, digits and a few punctuation marks; no slash, backslash, NUL or
// leading dot, so neither '..' nor hidden files nor absolute paths can be named.
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._ ()+-]{0,199}$/;
const FOLDER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isFileName(name: string): boolean {
  return FILE_NAME.test(name) && !name.includes('..') && extname(name).toLowerCase() in contentTypes;
}
export const isFolderName = (name: string) => FOLDER.test(name);
export const isProductId = (id: string) => NUMERIC_ID.test(id);
export const isVariantSize = (size: string): size is VariantSize => Object.hasOwn(VARIANT_SIZES, size);

export function contentTypeOf(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface FoundFile {
  path: string;
  stats: Stats;
  contentType: string;
}

/** Most pixels an image may have to be decoded (a decompression bomb claims billions). */
export const MAX_DECODE_PIXELS = 50_000_000;

/**
 * Writes the WebP variant of the image at `originalPath` to `target`, in the picture process: a
 * square is cropped to fill; a width-limited copy keeps its shape and never grows. Written then
 * renamed, so that a concurrent reader never sees half a file.
 */
export function writeVariant(
  originalPath: string,
  target: string,
  size: { width: number; height?: number },
): Promise<void> {
  return pictures.drawVariant(originalPath, target, size, MAX_DECODE_PIXELS);
}

/** Where the generated variant of `folder/…/file` lives: `folder/…/size/file.webp`. */
export function variantPath(mediaDir: string, folder: string[], size: VariantSize, file: string): string {
  return resolve(mediaDir, ...folder, size, `${basename(file)}.webp`);
}

export function createMediaFiles(mediaDir: string, onError: (error: unknown, path: string) => void) {
  const root = resolve(mediaDir);
  const inFlight = new Map<string, Promise<FoundFile | null>>();

  /** The absolute path of segments under the media root, or null if it would leave it. */
  function within(...segments: string[]): string | null {
    const path = resolve(root, ...segments);
    return path.startsWith(root + sep) ? path : null;
  }

  async function fileAt(path: string | null, contentType?: string): Promise<FoundFile | null> {
    if (!path) return null;
    try {
      const stats = await stat(path);
      return stats.isFile() ? { path, stats, contentType: contentType ?? contentTypeOf(path) } : null;
    } catch {
      return null;
    }
  }

  async function makeVariant(
    original: FoundFile,
    target: string,
    size: { width: number; height?: number },
  ): Promise<FoundFile | null> {
    try {
      await writeVariant(original.path, target, size);
      return fileAt(target, 'image/webp');
    } catch (error) {
      onError(error, original.path);
      return null;
    }
  }

  return {
    /** An original file: `folder/.../file`. */
    original(folder: string[], file: string): Promise<FoundFile | null> {
      return fileAt(within(...folder, file));
    },

    /**
     * A square variant: a file stored at `folder/size/file` wins; else the generated
     * `folder/size/file.webp`; else it is made now from `folder/file` (once, even under load).
     */
    async variant(folder: string[], size: VariantSize, file: string): Promise<FoundFile | null> {
      const stored = await fileAt(within(...folder, size, file));
      if (stored) return stored;
      const target = within(...folder, size, `${basename(file)}.webp`);
      if (!target) return null;
      const cached = await fileAt(target, 'image/webp');
      if (cached) return cached;
      if (!resizable.has(extname(file).toLowerCase())) return null;
      const original = await fileAt(within(...folder, file));
      if (!original) return null;
      let job = inFlight.get(target);
      if (!job) {
        job = makeVariant(original, target, VARIANT_SIZES[size]).finally(() => inFlight.delete(target));
        inFlight.set(target, job);
      }
      return job;
    },

    /** A large file, streamed from disk. */
    open(file: FoundFile) {
      return createReadStream(file.path);
    },

    /** A small file's bytes in one buffer (kept-media.ts keeps them), or null if it is gone. */
    async read(file: FoundFile): Promise<Buffer | null> {
      try {
        return await readFile(file.path);
      } catch {
        return null;
      }
    },
  };
}

export type MediaFiles = ReturnType<typeof createMediaFiles>;
