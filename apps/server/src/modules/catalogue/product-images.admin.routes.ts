import {
  imageMessages,
  MAX_IMAGE_BYTES,
  productImageAltSchema,
  productImageOrderSchema,
  productImagesSchema,
  productImageUploadSchema,
} from '@shop/contract/admin/product-images';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { base64BodyLimit, uploadLimit } from '../../http/upload-limit.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type ImageContext,
  listProductImages,
  removeProductImage,
  reorderProductImages,
  setProductImageAlt,
  uploadProductImage,
} from './product-images.service.ts';

/**
 * A product's images in the back office (permission 'catalogue'): list, upload (JSON with the
 * file in base64: no multipart parser needed, and the upload is an ordinary operation of the
 * OpenAPI document), reorder (the first is the main image), alt text and removal.
 */

const params = z.object({ id: idParam });
const fileParams = z.object({ id: idParam, file: z.string().max(200) });
const answer = { 200: productImagesSchema };

export async function productImagesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: product images'];
  const guard = requireStaff(ctx, 'catalogue');
  const imageContext = (request: FastifyRequest): ImageContext => {
    const staff = staffOf(request);
    return {
      db: ctx.db,
      mediaDir: ctx.config.mediaDir,
      audit: (tx, entry) => recordAudit(tx, { ...entry, staffId: staff.id, ip: request.ip }),
    };
  };

  api.get(
    '/products/:id/images',
    {
      preHandler: guard,
      schema: { tags, summary: "A product's images, main image first", params, response: answer },
    },
    async (request) => ({ items: await listProductImages(ctx.db, request.params.id) }),
  );

  api.post(
    '/products/:id/images',
    {
      preHandler: guard,
      ...uploadLimit(base64BodyLimit(MAX_IMAGE_BYTES), imageMessages.tooLarge),
      schema: {
        tags,
        summary:
          'Adds a JPEG, PNG or WebP image (base64, at most 10 MB and 40 megapixels); resized copies follow in the background',
        params,
        body: productImageUploadSchema,
        response: { 201: productImagesSchema },
      },
    },
    async (request, reply) => {
      const items = await uploadProductImage(imageContext(request), request.params.id, request.body);
      return reply.code(201).send({ items });
    },
  );

  api.put(
    '/products/:id/images/order',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Puts the images in a new order (every file name once); the first becomes the main image',
        params,
        body: productImageOrderSchema,
        response: answer,
      },
    },
    async (request) => ({
      items: await reorderProductImages(imageContext(request), request.params.id, request.body.file_names),
    }),
  );

  api.patch(
    '/products/:id/images/:file',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Sets an image's alt text",
        params: fileParams,
        body: productImageAltSchema,
        response: answer,
      },
    },
    async (request) => ({
      items: await setProductImageAlt(
        imageContext(request),
        request.params.id,
        request.params.file,
        request.body.alt_text,
      ),
    }),
  );

  api.delete(
    '/products/:id/images/:file',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Takes an image off the product (the file stays: past orders show it)',
        params: fileParams,
        response: answer,
      },
    },
    async (request) => ({
      items: await removeProductImage(imageContext(request), request.params.id, request.params.file),
    }),
  );
}
