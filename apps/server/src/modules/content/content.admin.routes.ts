import {
  adminBannerSchema,
  adminMenuItemSchema,
  adminPageSchema,
  adminPhotoSchema,
  adminTestimonialSchema,
  adminVideoSchema,
  bannerInputSchema,
  mediaFolderListSchema,
  mediaUploadedSchema,
  mediaUploadSchema,
  menuInputSchema,
  pageInputSchema,
  photoInputSchema,
  testimonialInputSchema,
  videoInputSchema,
} from '@shop/contract/admin/content';
import { imageMessages, MAX_IMAGE_BYTES } from '@shop/contract/admin/product-images';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { base64BodyLimit, uploadLimit } from '../../http/upload-limit.ts';
import {
  bannerKind,
  type ContentMediaFolder,
  contentMediaFolders,
  mediaFilesIn,
  menuKind,
  pageKind,
  photoKind,
  requireMediaFile,
  testimonialKind,
  uploadMediaFile,
  videoKind,
} from './content-admin.service.ts';
import {
  type ContentKind,
  createContent,
  deleteContent,
  type Editor,
  getContent,
  listContent,
  updateContent,
} from './content-editing.ts';

const idParams = z.object({ id: idParam });

interface Mount<I, V> {
  /** URL path under the admin prefix: 'content/pages'. */
  path: string;
  noun: string;
  // biome-ignore lint/suspicious/noExplicitAny: each kind's table type differs; the schemas type the edges.
  kind: ContentKind<any, I, V>;
  input: z.ZodType<I>;
  view: z.ZodType<V>;
  /** The media folder the row's `image` must be a file of. */
  mediaFolder?: ContentMediaFolder;
}

/**
 * The back office's content (permission 'content'): list, read, create, replace and delete
 * pages, banners, testimonials, gallery photos and videos, and menu items; and the media files
 * those may link. Every write is audited; the storefront shows it on its next request.
 */
export async function contentAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: content'];
  const editorGuard = requireStaff(ctx, 'content');
  const editorOf = (request: FastifyRequest): Editor => ({
    db: ctx.db,
    staffId: staffOf(request).id,
    ip: request.ip,
  });

  /**
   * The five operations of one kind. The routes are declared without the type provider (one
   * generic function serves six kinds); the zod schemas still validate and serialise them.
   */
  function mount<I, V>(m: Mount<I, V>) {
    const body = (request: FastifyRequest) => request.body as I;
    const id = (request: FastifyRequest) => (request.params as { id: number }).id;
    const checkMedia = async (input: I) => {
      if (m.mediaFolder)
        await requireMediaFile(
          ctx.config.mediaDir,
          m.mediaFolder,
          (input as { image?: string | null }).image ?? null,
        );
    };
    app.get(
      `/${m.path}`,
      {
        preHandler: editorGuard,
        schema: { tags, summary: `Every ${m.noun}`, response: { 200: z.object({ items: z.array(m.view) }) } },
      },
      async () => ({ items: await listContent(ctx.db, m.kind) }),
    );
    app.get(
      `/${m.path}/:id`,
      {
        preHandler: editorGuard,
        schema: { tags, summary: `One ${m.noun}`, params: idParams, response: { 200: m.view } },
      },
      async (request) => getContent(ctx.db, m.kind, id(request)),
    );
    app.post(
      `/${m.path}`,
      {
        preHandler: editorGuard,
        schema: { tags, summary: `Creates a ${m.noun}`, body: m.input, response: { 201: m.view } },
      },
      async (request, reply) => {
        await checkMedia(body(request));
        return reply.code(201).send(await createContent(editorOf(request), m.kind, body(request)));
      },
    );
    app.put(
      `/${m.path}/:id`,
      {
        preHandler: editorGuard,
        schema: {
          tags,
          summary: `Replaces a ${m.noun}`,
          params: idParams,
          body: m.input,
          response: { 200: m.view },
        },
      },
      async (request) => {
        await checkMedia(body(request));
        return updateContent(editorOf(request), m.kind, id(request), body(request));
      },
    );
    app.delete(
      `/${m.path}/:id`,
      {
        preHandler: editorGuard,
        schema: { tags, summary: `Deletes a ${m.noun}`, params: idParams, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deleteContent(editorOf(request), m.kind, id(request));
        return reply.code(204).send(null);
      },
    );
  }

  mount({
    path: 'content/pages',
    noun: 'page',
    kind: pageKind,
    input: pageInputSchema,
    view: adminPageSchema,
  });
  mount({
    path: 'content/banners',
    noun: 'banner',
    kind: bannerKind,
    input: bannerInputSchema,
    view: adminBannerSchema,
    mediaFolder: 'banners',
  });
  mount({
    path: 'content/testimonials',
    noun: 'testimonial',
    kind: testimonialKind,
    input: testimonialInputSchema,
    view: adminTestimonialSchema,
    mediaFolder: 'clienttestimonials',
  });
  mount({
    path: 'content/gallery-photos',
    noun: 'gallery photo',
    kind: photoKind,
    input: photoInputSchema,
    view: adminPhotoSchema,
    mediaFolder: 'imagegallery',
  });
  mount({
    path: 'content/gallery-videos',
    noun: 'gallery video',
    kind: videoKind,
    input: videoInputSchema,
    view: adminVideoSchema,
  });
  mount({
    path: 'content/menus',
    noun: 'menu item',
    kind: menuKind,
    input: menuInputSchema,
    view: adminMenuItemSchema,
  });

  api.get(
    '/content/media/:folder',
    {
      preHandler: editorGuard,
      schema: {
        tags,
        summary: 'The image files a banner, testimonial or gallery photo may link, by folder',
        params: z.object({ folder: z.enum(contentMediaFolders) }),
        response: { 200: mediaFolderListSchema },
      },
    },
    async (request) => ({ files: await mediaFilesIn(ctx.config.mediaDir, request.params.folder) }),
  );

  api.post(
    '/content/media/:folder',
    {
      preHandler: editorGuard,
      ...uploadLimit(base64BodyLimit(MAX_IMAGE_BYTES), imageMessages.tooLarge),
      schema: {
        tags,
        summary:
          'Adds a JPEG, PNG or WebP image (base64, at most 10 MB and 40 megapixels) to a media folder; resized copies follow in the background',
        params: z.object({ folder: z.enum(contentMediaFolders) }),
        body: mediaUploadSchema,
        response: { 201: mediaUploadedSchema },
      },
    },
    async (request, reply) => {
      const { folder } = request.params;
      const file = await uploadMediaFile(editorOf(request), ctx.config.mediaDir, folder, request.body);
      return reply.code(201).send({ file, files: await mediaFilesIn(ctx.config.mediaDir, folder) });
    },
  );
}
