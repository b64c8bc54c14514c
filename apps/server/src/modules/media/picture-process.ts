/**
 * Entry of the process that draws and checks pictures for the server (picture-drawer.ts forks it
 * on the first picture and lets it go when it has been idle a while). sharp, and with it libvips,
 * its threads and what they allocate, live here and never in the server: loading sharp alone took
 * a server's RSS 24 MiB higher for good, and drawing the missing copies of a new visitor's
 * pictures (the bench's visitor scenario) took the PGlite bench's largest RSS from 314 to 333 MiB
 * (ADR 0012, "2026-12-01: pictures drawn in a process of their own").
 *
 * It answers each message on its own, in any order, by the message's id.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { PictureAnswer, PictureFacts, PictureRequest } from './picture-drawer.ts';

// No libvips image cache (each picture is read once) and one thread per drawing.
sharp.cache(false);
sharp.concurrency(1);

// The server went away (stopped, crashed, or done with this process): nothing is left to draw for.
process.once('disconnect', () => process.exit(0));

process.on('message', (request: PictureRequest) => {
  void answer(request).then((message) => process.send?.(message));
});

async function answer(request: PictureRequest): Promise<PictureAnswer> {
  try {
    if (request.kind === 'variant') {
      await drawVariant(request.original, request.target, request.size, request.maxPixels);
      return { id: request.id, ok: true };
    }
    if (request.kind === 'demo-media') {
      // Loaded only for a new shop's first start: the seed's pictures and their templates.
      const { ensureDemoMedia } = await import('@shop/db/seed/media/demo-media');
      return { id: request.id, ok: true, written: await ensureDemoMedia(request.mediaDir, request.options) };
    }
    return { id: request.id, ok: true, facts: await inspect(request.data, request.maxPixels) };
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Writes the WebP copy of `original` to `target`: a square is cropped to fill; a width-limited copy
 * keeps its shape and never grows. Written then renamed, so that a concurrent reader never sees
 * half a file.
 */
async function drawVariant(
  original: string,
  target: string,
  size: { width: number; height?: number },
  maxPixels: number,
): Promise<void> {
  const data = await sharp(original, { limitInputPixels: maxPixels })
    .rotate()
    .resize(size.width, size.height, size.height ? { fit: 'cover' } : { withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, target);
}

/**
 * What an uploaded file is, from its header; then, if it is within `maxPixels`, whether it decodes
 * whole (a damaged file is refused at upload, not in the background job). sharp's
 * limitInputPixels refuses a larger image at its header, before anything is decoded.
 */
async function inspect(data: Uint8Array, maxPixels: number): Promise<PictureFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: maxPixels }).metadata();
  } catch (error) {
    const overPixelLimit = /pixel limit/i.test(error instanceof Error ? error.message : '');
    return { readable: false, overPixelLimit };
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  let decodes = false;
  if (width * height <= maxPixels) {
    try {
      await sharp(data, { limitInputPixels: maxPixels, failOn: 'error' }).resize(32).toBuffer();
      decodes = true;
    } catch {
      // damaged: decodes stays false
    }
  }
  return { readable: true, format: meta.format, width, height, decodes };
}
