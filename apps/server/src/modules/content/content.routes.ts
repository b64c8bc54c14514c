import {
  assetSchema,
  bannerSchema,
  contentBlockSchema,
  imageGalleryItemSchema,
  menuSchema,
  pageSchema,
  settingSchema,
  shopFileSchema,
  testimonialSchema,
  videoGalleryItemSchema,
} from '@shop/contract/content';
import type { Db } from '@shop/db/client';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  collectionResponse,
  collectionSchema,
  pageRequest,
  paginationQuery,
  parseSort,
  type SortTerm,
} from '../../http/collection.ts';
import { searchParam } from '../../http/query-params.ts';
import { publicGetCache, responseCacheOf } from '../../http/response-cache.ts';
import * as repo from './content.repository.ts';
import * as content from './content.service.ts';

interface ListRouteSpec<S extends string, T extends z.ZodType> {
  path: string;
  summary: string;
  /** Yii2 search form name, e.g. 'MenusSearch' for `MenusSearch[category]`. */
  searchForm: string;
  /** Filterable fields of the search form. */
  searchFields: readonly string[];
  sortable: Record<S, unknown>;
  defaultSort: SortTerm<S>[];
  item: T;
  list(db: Db, request: content.ListRequest<S>): Promise<content.ListResult<z.infer<T>>>;
}

/** GET menus, settings, clienttestimonials, banners, galleries, assets, contents, files, pages (spec §7). */
export async function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicGetCache(responseCacheOf(ctx), { scope: 'content' });

  /** One read-only Yii2 collection route: filters, sort allow-list, paging, response cache. */
  function listRoute<S extends string, T extends z.ZodType>(spec: ListRouteSpec<S, T>) {
    const searchKeys = Object.fromEntries(
      spec.searchFields.map((f) => [`${spec.searchForm}[${f}]`, searchParam(200)]),
    );
    const sortFields = Object.keys(spec.sortable) as S[];
    api.get(
      `/${spec.path}`,
      {
        onRequest: cache.onRequest,
        schema: {
          tags: ['content'],
          summary: spec.summary,
          querystring: z.object({ ...paginationQuery, ...searchKeys }),
          response: { 200: collectionSchema(spec.item) },
        },
      },
      async (request, reply) => {
        const q = request.query as Record<string, string | undefined> & { page: number; 'per-page': number };
        const page = pageRequest(q);
        const filters: Record<string, string | undefined> = {};
        for (const field of spec.searchFields) {
          const value = q[`${spec.searchForm}[${field}]`];
          if (value !== undefined && value !== '') filters[field] = value;
        }
        // The storefront sends `order=display_order` for testimonials (spec §7); Yii2 calls it `sort`.
        const sort = parseSort(q.sort ?? q.order, sortFields, spec.defaultSort);
        const { items, total } = await spec.list(ctx.db, {
          filters,
          sort,
          paging: { limit: page.perPage, offset: page.offset },
        });
        const { body, headers } = collectionResponse(items, total, page);
        return cache.send(request, reply, body, headers);
      },
    );
  }

  const byDisplayOrder = [{ field: 'display_order', direction: 'asc' }] as const;
  const byId = [{ field: 'id', direction: 'asc' }] as const;

  listRoute({
    path: 'menus',
    summary: 'Menu items (header-menus, footer-quick-link-menus); parent_id 0 = top level',
    searchForm: 'MenusSearch',
    searchFields: ['category'],
    sortable: repo.menuSort,
    defaultSort: [...byDisplayOrder],
    item: menuSchema,
    list: content.listMenus,
  });
  listRoute({
    path: 'settings',
    summary: 'Public settings (never secrets); HTML values sanitised',
    searchForm: 'SettingsSearch',
    searchFields: ['module_name', 'key'],
    sortable: repo.settingSort,
    defaultSort: [...byId],
    item: settingSchema,
    list: content.listSettings,
  });
  listRoute({
    path: 'clienttestimonials',
    summary: 'Client testimonials, by display_order',
    searchForm: 'ClienttestimonialsSearch',
    searchFields: [],
    sortable: repo.testimonialSort,
    defaultSort: [...byDisplayOrder],
    item: testimonialSchema,
    list: content.listTestimonials,
  });
  listRoute({
    path: 'banners',
    summary: 'Active banners, optionally of one category',
    searchForm: 'BannersSearch',
    searchFields: ['category'],
    sortable: repo.bannerSort,
    defaultSort: [...byDisplayOrder],
    item: bannerSchema,
    list: content.listBanners,
  });
  listRoute({
    path: 'imagegallery',
    summary: 'Photo gallery items of a category',
    searchForm: 'ImagegallerySearch',
    searchFields: ['category'],
    sortable: repo.imageGallerySort,
    defaultSort: [...byDisplayOrder],
    item: imageGalleryItemSchema,
    list: content.listGalleryImages,
  });
  listRoute({
    path: 'videogallery',
    summary: 'Video gallery items of a category',
    searchForm: 'VideogallerySearch',
    searchFields: ['category'],
    sortable: repo.videoGallerySort,
    defaultSort: [...byDisplayOrder],
    item: videoGalleryItemSchema,
    list: content.listGalleryVideos,
  });
  listRoute({
    path: 'assets',
    summary: 'Named images (logos, home images)',
    searchForm: 'AssetsSearch',
    searchFields: ['name'],
    sortable: repo.assetSort,
    defaultSort: [...byId],
    item: assetSchema,
    list: content.listAssets,
  });
  listRoute({
    path: 'contents',
    summary: 'Content blocks; HTML sanitised',
    searchForm: 'ContentsSearch',
    searchFields: ['name'],
    sortable: repo.contentSort,
    defaultSort: [...byId],
    item: contentBlockSchema,
    list: content.listContents,
  });
  listRoute({
    path: 'files',
    summary: 'Downloadable files (catalogue PDF) under /backend/data/files/',
    searchForm: 'FilesSearch',
    searchFields: [],
    sortable: repo.fileSort,
    defaultSort: [...byId],
    item: shopFileSchema,
    list: content.listFiles,
  });
  listRoute({
    path: 'pages',
    summary: 'Content pages; PageSearch[url_slug] selects one; content is sanitised HTML',
    searchForm: 'PageSearch',
    searchFields: ['url_slug'],
    sortable: repo.pageSort,
    defaultSort: [...byId],
    item: pageSchema,
    list: content.listPages,
  });
}
