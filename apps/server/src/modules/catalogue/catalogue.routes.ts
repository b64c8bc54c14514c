import {
  categoryExpands,
  categorySchema,
  categorySortFields,
  productDetailSchema,
  productSchema,
  productSortFields,
} from '@shop/contract/catalogue';
import { idText } from '@shop/contract/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import {
  collectionResponse,
  collectionSchema,
  pageRequest,
  paginationQuery,
  parseExpand,
  parseSort,
} from '../../http/collection.ts';
import { inProcessReadsOf } from '../../http/in-process-reads.ts';
import { cacheTags, answerJsonFor, publicGetCache, responseCacheOf } from '../../http/response-cache.ts';
import { getProductDetail, listCategories, listProducts, shopConsumerCareOf } from './catalogue.service.ts';
import { categoryTreeOf } from './category-tree.ts';
import { productAnswers } from './product-answers.ts';
import { productSearchOf } from './product-search.ts';
import { idParam, searchParam } from '../../http/query-params.ts';

/** GET categories, products, products/{id} under /backend/api/web (product rules §7). */
export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicGetCache(responseCacheOf(ctx), { scope: 'catalogue', json: answerJsonFor(ctx.config) });
  const search = productSearchOf(ctx);
  const memory = { index: search, tree: categoryTreeOf(ctx), answers: productAnswers(() => search.size) };
  // Read the catalogue into memory once the server listens, not on the first search, and not
  // before listening: the first answers (a health check, a page) must not wait for 100,000 rows.
  // Reads that need it wait for it.
  app.addHook('onListen', async () => {
    void search.ready().catch(() => undefined);
  });

  api.get(
    '/categories',
    {
      onRequest: cache.onRequest,
      schema: {
        tags: ['catalogue'],
        summary: 'Active categories (Yii2 collection); expand=products_count adds product counts',
        querystring: z.object(paginationQuery),
        response: { 200: collectionSchema(categorySchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageRequest(q);
      const { items, total } = await listCategories(ctx.db, {
        sort: parseSort(q.sort ?? q.order, categorySortFields, [
          { field: 'display_order', direction: 'asc' },
        ]),
        withProductsCount: parseExpand(q.expand, categoryExpands).has('products_count'),
        page,
      });
      const { body, headers } = collectionResponse(items, total, page);
      return cache.send(request, reply, body, headers);
    },
  );

  const reads = inProcessReadsOf(ctx);

  const productsQuery = z.object({
    ...paginationQuery,
    'ProductsSearch[product_labels]': searchParam(100),
    // An empty filter is no filter (Yii2's andFilterWhere), as for every other search field.
    'ProductsSearch[category_id]': searchParam(12)
      .transform((value) => value?.trim() || undefined)
      .pipe(idText('must be a category id').optional()),
    'ProductsSearch[keyword]': searchParam(1000),
  });
  /** A page of products; the route and a page's loaders (in-process-reads.ts) read it alike. */
  async function readProducts({ query: q }: { query: z.output<typeof productsQuery> }) {
    const page = pageRequest(q);
    const sortText = q.sort ?? q.order;
    const sort = sortText?.trim() ? parseSort(sortText, productSortFields, []) : null;
    const { items, total } = await listProducts(
      ctx.db,
      {
        categoryId: q['ProductsSearch[category_id]'],
        label: q['ProductsSearch[product_labels]'],
        keyword: q['ProductsSearch[keyword]'],
        sort,
        page,
      },
      memory,
    );
    const { body, headers } = collectionResponse(items, total, page);
    // A sale changes this answer if it shows the product, or if the page is ordered by stock.
    const tags = items.map((p) => cacheTags.product(p.id));
    if (sort?.some((s) => s.field === 'available_stock')) tags.push(cacheTags.orderByStock);
    if (sort?.some((s) => s.field === 'selling_price')) tags.push(cacheTags.orderByPrice);
    return { body, headers, tags };
  }

  api.get(
    '/products',
    {
      onRequest: cache.onRequest,
      schema: {
        tags: ['catalogue'],
        summary: 'Active products: featured, by category (with sub-categories) or by keyword',
        querystring: productsQuery,
        response: { 200: collectionSchema(productSchema) },
      },
    },
    async (request, reply) => {
      const { body, headers, tags } = await readProducts({ query: request.query });
      return cache.send(request, reply, body, headers, tags);
    },
  );
  reads.add('/products', { query: productsQuery, scope: cache.scope, read: readProducts });

  const productParams = z.object({ id: idParam });
  /** One product with its declarations, or null (the route's 404). */
  async function readProduct({ params }: { params: z.output<typeof productParams> }) {
    const product = await getProductDetail(memory, params.id, () => shopConsumerCareOf(ctx));
    // The consumer-care default comes from the settings, whose changes the content tag follows.
    return product && { body: product, tags: [cacheTags.product(product.id), cacheTags.content] };
  }

  api.get(
    '/products/:id',
    {
      onRequest: cache.onRequest,
      schema: {
        tags: ['catalogue'],
        summary:
          'One active product with its package declarations (maker, origin, net quantity, unit price, …)',
        params: productParams,
        response: { 200: productDetailSchema },
      },
    },
    async (request, reply) => {
      const answer = await readProduct({ params: request.params });
      if (!answer) throw AppError.notFound('Product not found.');
      return cache.send(request, reply, answer.body, {}, answer.tags);
    },
  );
  reads.add('/products/:id', { params: productParams, scope: cache.scope, read: readProduct });
}
