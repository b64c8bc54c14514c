import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import {
  imageMessages as m,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MIN_IMAGE_SIDE,
} from '@shop/contract/admin/product-images';
import { AppError } from '../../http/app-error.ts';
import { pictures } from './picture-drawer.ts';

/**
 * Images staff upload (a product's pictures, a banner, a testimonial's photo, a gallery photo):
 * checked in the picture process before they are kept, stored under a fresh name, written whole
 * before they appear. The caller records the upload and queues its resized copies
 * (media-variants.service.ts) in its own transaction.
 */

const formats = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/**
 * Checks an uploaded file from its header before anything decodes it: a JPEG, PNG or WebP of at
 * most MAX_IMAGE_PIXELS (a 50,000 × 50,000 PNG of a few kilobytes would otherwise take 7.5 GB of
 * memory to decode), then decodes it once, with sharp's limitInputPixels as a second guard, to
 * refuse a damaged file now rather than in the background job. Both happen in the picture process
 * (media/picture-drawer.ts), never in the server's own.
 */
export async function checkImage(
  data: Buffer,
): Promise<{ extension: string; width: number; height: number }> {
  if (data.length > MAX_IMAGE_BYTES) throw new AppError('bad-request', m.tooLarge);
  // A picture process that dies over a file (a crafted one can crash libvips) cannot read it: the
  // upload is refused as unreadable, and the server, which no longer holds libvips, carries on.
  const facts = await pictures.inspect(data, MAX_IMAGE_PIXELS).catch(() => {
    throw AppError.invalid('data_base64', m.damaged);
  });
  if (!facts.readable)
    throw AppError.invalid('data_base64', facts.overPixelLimit ? m.tooManyPixels : m.notImage);
  const extension = formats[facts.format as keyof typeof formats];
  if (!extension) throw AppError.invalid('data_base64', m.notImage);
  const { width, height } = facts;
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    throw AppError.invalid('data_base64', m.tooManyPixels);
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) throw AppError.invalid('data_base64', m.tooSmall);
  if (!facts.decodes) throw AppError.invalid('data_base64', m.damaged);
  return { extension, width, height };
}

/** A stored name: the uploaded name cleaned to [a-z0-9-], a random suffix, the real extension. */
export function storedName(uploaded: string, extension: string): string {
  const base =
    uploaded
      .slice(0, uploaded.length - extname(uploaded).length)
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  return `${base}-${randomBytes(4).toString('hex')}.${extension}`;
}

/**
 * Writes an upload's bytes to `mediaDir/…folder/fileName`: to a hidden temporary file first, then
 * renamed, so a page never links a half-written picture.
 */
export async function storeOriginal(
  mediaDir: string,
  folder: readonly string[],
  fileName: string,
  data: Buffer,
): Promise<void> {
  const directory = join(mediaDir, ...folder);
  await mkdir(directory, { recursive: true });
  const temporary = join(directory, `.${fileName}.tmp`);
  await writeFile(temporary, data);
  await rename(temporary, join(directory, fileName));
}

/**
 * Stores an upload's original (`storeOriginal`), then records it with `record` (the rows that link
 * the file, its queued copies, the audit entry). When recording fails — a product that reached its
 * 12 images while this upload waited its turn, a lost connection — the file is removed again: no
 * row links it, and nothing else ever would. Before 2026-12-05 each refused upload left its
 * original behind.
 */
export async function storeRecordedOriginal<T>(
  mediaDir: string,
  folder: readonly string[],
  fileName: string,
  data: Buffer,
  record: () => Promise<T>,
): Promise<T> {
  await storeOriginal(mediaDir, folder, fileName, data);
  try {
    return await record();
  } catch (error) {
    // The upload's own error is the answer; a file that cannot be removed stays, as before.
    await rm(join(mediaDir, ...folder, fileName), { force: true }).catch(() => undefined);
    throw error;
  }
}
