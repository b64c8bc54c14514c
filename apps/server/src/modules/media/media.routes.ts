import { basename } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { matchesEtag } from '../../http/etag.ts';
import { sendNamedError } from '../../plugins/error-handler.ts';
import {
  createMediaFiles,
  type FoundFile,
  isFileName,
  isFolderName,
  isProductId,
  isVariantSize,
  type MediaFiles,
} from './media-files.ts';
import { keptMedia, type MediaFile } from './kept-media.ts';

/** Originals may be replaced under the same name by an operator: a day, then revalidate by ETag. */
const ORIGINAL_CACHE = 'public, max-age=86400';
/** Variants follow their original's name and rarely change: a week (as long as the icon cache, 168 h). */
const VARIANT_CACHE = 'public, max-age=604800';

const notFound = (reply: FastifyReply) => sendNamedError(reply, 404, 'File not found.');

function etagOf(file: FoundFile): string {
  return `"${file.stats.size.toString(36)}-${Math.floor(file.stats.mtimeMs).toString(36)}"`;
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  files: MediaFiles,
  { file, bytes }: MediaFile,
  cacheControl: string,
) {
  const etag = etagOf(file);
  reply
    .header('ETag', etag)
    .header('Last-Modified', file.stats.mtime.toUTCString())
    .header('Cache-Control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (file.contentType === 'application/pdf') {
    // Shown in the browser's viewer; "Save" keeps the real name (the footer's catalogue link).
    reply.header('Content-Disposition', `inline; filename="${basename(file.path)}"`);
  }
  if (file.contentType === 'image/svg+xml')
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  reply.type(file.contentType);
  if (bytes) return reply.header('Content-Length', String(bytes.byteLength)).send(bytes);
  return reply.header('Content-Length', String(file.stats.size)).send(files.open(file));
}

const segment = z.string().max(200);

/**
 * GET /backend/data/… (product rules §7): products/{id}/{file}, products/{id}/{size}/{file},
 * {folder}/{file}, {folder}/{size}/{file}; size is 120x120 or 300x300 (square) or w480, w800, w1200
 * (at most that wide, for responsive images). Every name is checked against a strict
 * pattern before it touches the file system; anything else is a JSON 404.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const files = createMediaFiles(ctx.config.mediaDir, (error, path) =>
    ctx.log.warn({ err: error, path }, 'could not make an image variant'),
  );
  const kept = keptMedia();
  /** The file a URL names, from memory while fresh (kept-media.ts), else from `find`. */
  const lookup = (key: string, find: () => Promise<FoundFile | null>) => kept.lookup(key, find, files.read);
  const tags = ['media'];

  api.get(
    '/products/:productId/:file',
    {
      schema: {
        tags,
        summary: 'Original product image',
        params: z.object({ productId: segment, file: segment }),
      },
    },
    async (request, reply) => {
      const { productId, file } = request.params;
      if (!isProductId(productId) || !isFileName(file)) return notFound(reply);
      const found = await lookup(`products/${productId}/${file}`, () =>
        files.original(['products', productId], file),
      );
      return found ? send(request, reply, files, found, ORIGINAL_CACHE) : notFound(reply);
    },
  );

  api.get(
    '/products/:productId/:size/:file',
    {
      schema: {
        tags,
        summary:
          'Product image resized to 120x120, 300x300, w480, w800 or w1200 (WebP, made on first request)',
        params: z.object({ productId: segment, size: segment, file: segment }),
      },
    },
    async (request, reply) => {
      const { productId, size, file } = request.params;
      if (!isProductId(productId) || !isVariantSize(size) || !isFileName(file)) return notFound(reply);
      const found = await lookup(`products/${productId}/${size}/${file}`, () =>
        files.variant(['products', productId], size, file),
      );
      return found ? send(request, reply, files, found, VARIANT_CACHE) : notFound(reply);
    },
  );

  api.get(
    '/:folder/:file',
    {
      schema: {
        tags,
        summary: 'A media file, e.g. banners/x.webp, assets/logo.png, files/catalogue.pdf',
        params: z.object({ folder: segment, file: segment }),
      },
    },
    async (request, reply) => {
      const { folder, file } = request.params;
      if (!isFolderName(folder) || !isFileName(file)) return notFound(reply);
      const found = await lookup(`${folder}/${file}`, () => files.original([folder], file));
      return found ? send(request, reply, files, found, ORIGINAL_CACHE) : notFound(reply);
    },
  );

  api.get(
    '/:folder/:size/:file',
    {
      schema: {
        tags,
        summary: 'A media image resized to 120x120, 300x300, w480, w800 or w1200 (e.g. banners/w800/x.webp)',
        params: z.object({ folder: segment, size: segment, file: segment }),
      },
    },
    async (request, reply) => {
      const { folder, size, file } = request.params;
      if (!isFolderName(folder) || !isVariantSize(size) || !isFileName(file)) return notFound(reply);
      const found = await lookup(`${folder}/${size}/${file}`, () => files.variant([folder], size, file));
      return found ? send(request, reply, files, found, VARIANT_CACHE) : notFound(reply);
    },
  );
}
