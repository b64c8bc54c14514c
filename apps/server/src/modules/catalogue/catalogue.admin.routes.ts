import {
  adminCategorySchema,
  adminProductRowSchema,
  adminProductSchema,
  bulkRequestSchema,
  bulkResultSchema,
  catalogueAdminMessages,
  categoryCreateSchema,
  categoryMoveSchema,
  categoryReorderSchema,
  categoryUpdateSchema,
  type ProductFilter,
  productCreateSchema,
  productListSorts,
  productUpdateSchema,
  stockAdjustSchema,
  stockHistorySchema,
  stockStates,
} from '@shop/contract/admin/catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { collectionSchema, pageRequest, paginationQuery, sendCollection } from '../../http/collection.ts';
import { idParam, searchParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import type { Actor } from './actor.ts';
import {
  categoryTree,
  createCategory,
  moveCategory,
  reorderCategories,
  updateCategory,
} from './category-admin.service.ts';
import {
  adminProduct,
  bulkUpdateProducts,
  createProduct,
  listAdminProducts,
  updateProduct,
} from './product-admin.service.ts';
import { productNamesOf } from './product-names.ts';
import { adjustStock, stockHistory } from './stock.service.ts';

/** A yes/no query parameter: true/false or 1/0; empty means "no filter". */
const flagParam = searchParam(5).pipe(
  z
    .enum(['', 'true', 'false', '1', '0'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
);

/** An optional enum query parameter; empty means "no filter". */
function choiceParam<const T extends readonly [string, ...string[]]>(values: T) {
  return searchParam(40)
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional());
}

const productListQuery = z.object({
  ...paginationQuery,
  q: searchParam(200),
  category_id: searchParam(12)
    .transform((v) => v?.trim() || undefined)
    .pipe(idParam.optional()),
  include_subcategories: flagParam,
  visibility: choiceParam(['visible', 'hidden']),
  featured: flagParam,
  stock: choiceParam([...stockStates, 'reorder']),
});

const treeSchema = z.object({ items: z.array(adminCategorySchema) });
const idParams = z.object({ id: idParam });

/**
 * The back office's catalogue: the category tree, products (list, edit, bulk actions) and stock
 * (adjustments, history, the low-stock list), under /backend/api/admin. Catalogue edits need the
 * permission 'catalogue'; stock needs 'stock' (staff adjust stock, but do not edit products).
 */
export async function catalogueAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = requireStaff(ctx, 'catalogue');
  const stock = requireStaff(ctx, 'stock');
  const categoryTags = ['admin: categories'];
  const productTags = ['admin: products'];
  const stockTags = ['admin: stock'];
  const productNames = productNamesOf(ctx);
  const names = (text: string) => productNames.matching(text);
  const actorOf = (request: FastifyRequest): Actor => ({ staffId: staffOf(request).id, ip: request.ip });
  // A write's own change notifications have reached this instance's caches before it answers, so
  // the next storefront request shows it (on PostgreSQL they make a round trip through LISTEN).
  const settled = () => ctx.changes.flush();

  api.get(
    '/categories',
    {
      preHandler: catalogue,
      schema: {
        tags: categoryTags,
        summary: 'The whole category tree, hidden categories too, with product counts and earlier slugs',
        response: { 200: treeSchema },
      },
    },
    async () => ({ items: await categoryTree(ctx.db) }),
  );

  api.post(
    '/categories',
    {
      preHandler: catalogue,
      schema: {
        tags: categoryTags,
        summary: 'Create a category (last under its parent; slug from the name when left out)',
        body: categoryCreateSchema,
        response: { 201: adminCategorySchema },
      },
    },
    async (request, reply) => {
      const id = await createCategory(ctx.db, request.body, actorOf(request));
      await settled();
      return reply.code(201).send(await categoryOf(id));
    },
  );

  async function categoryOf(id: number) {
    const found = (await categoryTree(ctx.db)).find((c) => c.id === id);
    if (!found) throw AppError.notFound(catalogueAdminMessages.categoryNotFound);
    return found;
  }

  api.patch(
    '/categories/:id',
    {
      preHandler: catalogue,
      schema: {
        tags: categoryTags,
        summary: 'Rename, change the slug (the old address answers 301), hide or show a category',
        params: idParams,
        body: categoryUpdateSchema,
        response: { 200: adminCategorySchema },
      },
    },
    async (request) => {
      await updateCategory(ctx.db, request.params.id, request.body, actorOf(request));
      await settled();
      return categoryOf(request.params.id);
    },
  );

  api.post(
    '/categories/:id/move',
    {
      preHandler: catalogue,
      schema: {
        tags: categoryTags,
        summary:
          'Move a category (with its sub-categories) under a new parent at a position; cycles are refused',
        params: idParams,
        body: categoryMoveSchema,
        response: { 200: treeSchema },
      },
    },
    async (request) => {
      await moveCategory(ctx.db, request.params.id, request.body, actorOf(request));
      await settled();
      return { items: await categoryTree(ctx.db) };
    },
  );

  api.put(
    '/categories/order',
    {
      preHandler: catalogue,
      schema: {
        tags: categoryTags,
        summary: 'Put the children of one parent in a new order (every child once)',
        body: categoryReorderSchema,
        response: { 200: treeSchema },
      },
    },
    async (request) => {
      await reorderCategories(ctx.db, request.body, actorOf(request));
      await settled();
      return { items: await categoryTree(ctx.db) };
    },
  );

  api.get(
    '/products',
    {
      preHandler: catalogue,
      schema: {
        tags: productTags,
        summary:
          'Products, hidden ones too (Yii2 collection): search by name or id, filter by category, visibility, featured, stock state; sort',
        querystring: productListQuery,
        response: { 200: collectionSchema(adminProductRowSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageRequest(q);
      const { items, total } = await listAdminProducts(
        ctx.db,
        filterOf(q),
        sortOf(q.sort, '-id'),
        { page: page.page, perPage: page.perPage },
        names,
      );
      return sendCollection(reply, items, total, page);
    },
  );

  api.post(
    '/products',
    {
      preHandler: catalogue,
      schema: {
        tags: productTags,
        summary: 'Create a product (prices in paise, description sanitised, opening stock recorded)',
        body: productCreateSchema,
        response: { 201: adminProductSchema },
      },
    },
    async (request, reply) => {
      const id = await createProduct(ctx.db, request.body, actorOf(request));
      await settled();
      return reply.code(201).send(await productOf(id));
    },
  );

  async function productOf(id: number) {
    const product = await adminProduct(ctx.db, id);
    if (!product) throw AppError.notFound(catalogueAdminMessages.productNotFound);
    return product;
  }

  api.get(
    '/products/:id',
    {
      preHandler: catalogue,
      schema: {
        tags: productTags,
        summary: 'One product with every field of the edit form',
        params: idParams,
        response: { 200: adminProductSchema },
      },
    },
    async (request) => productOf(request.params.id),
  );

  api.patch(
    '/products/:id',
    {
      preHandler: catalogue,
      schema: {
        tags: productTags,
        summary: 'Change the fields given (stock changes through adjustments)',
        params: idParams,
        body: productUpdateSchema,
        response: { 200: adminProductSchema },
      },
    },
    async (request) => {
      await updateProduct(ctx.db, request.params.id, request.body, actorOf(request));
      await settled();
      return productOf(request.params.id);
    },
  );

  api.post(
    '/products/bulk',
    {
      preHandler: catalogue,
      schema: {
        tags: productTags,
        summary:
          'Hide/show, feature/unfeature, change prices by ± % (rounded to rupees or paise, held at the MRP) or move to a category: chosen products or every product a filter matches',
        body: bulkRequestSchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      const result = await bulkUpdateProducts(ctx.db, request.body, actorOf(request), names);
      await settled();
      return result;
    },
  );

  api.get(
    '/products/:id/stock',
    {
      preHandler: stock,
      schema: {
        tags: stockTags,
        summary: "A product's stock and its history (adjustments, sales, released orders), newest first",
        params: idParams,
        querystring: z.object(paginationQuery),
        response: { 200: stockHistorySchema },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const history = await stockHistory(ctx.db, request.params.id, {
        limit: page.perPage,
        offset: page.offset,
      });
      if (!history) throw AppError.notFound(catalogueAdminMessages.productNotFound);
      return history;
    },
  );

  api.post(
    '/products/:id/stock',
    {
      preHandler: stock,
      schema: {
        tags: stockTags,
        summary: 'Adjust stock with a reason: units in or out (never below zero), or the counted stock',
        params: idParams,
        body: stockAdjustSchema,
        response: { 200: stockHistorySchema },
      },
    },
    async (request) => {
      await adjustStock(ctx.db, request.params.id, request.body, actorOf(request));
      await settled();
      const history = await stockHistory(ctx.db, request.params.id, { limit: 20, offset: 0 });
      if (!history) throw AppError.notFound(catalogueAdminMessages.productNotFound);
      return history;
    },
  );

  api.get(
    '/stock/low',
    {
      preHandler: stock,
      schema: {
        tags: stockTags,
        summary:
          "Products at or below their low-stock threshold (the product's own or the shop's), fewest first; with `scope=all` every product",
        description:
          "The stock screen of the staff role, which may adjust any product's stock but not open the " +
          'product list: `scope=all` lists every product (a delivery of one that is not running low is ' +
          'recorded too).',
        querystring: z.object({
          ...paginationQuery,
          q: searchParam(200),
          scope: z.enum(['low', 'all']).optional(),
        }),
        response: { 200: collectionSchema(adminProductRowSchema) },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { items, total } = await listAdminProducts(
        ctx.db,
        { q: request.query.q, stock: request.query.scope === 'all' ? undefined : 'reorder' },
        sortOf(request.query.sort, 'available_stock'),
        { page: page.page, perPage: page.perPage },
        names,
      );
      return sendCollection(reply, items, total, page);
    },
  );
}

function filterOf(q: z.infer<typeof productListQuery>): ProductFilter {
  return {
    q: q.q,
    category_id: q.category_id,
    include_subcategories: q.include_subcategories,
    visibility: q.visibility,
    featured: q.featured,
    stock: q.stock,
  };
}

function sortOf(
  sort: string | undefined,
  fallback: (typeof productListSorts)[number],
): (typeof productListSorts)[number] {
  const wanted = sort?.trim();
  if (!wanted) return fallback;
  if (!(productListSorts as readonly string[]).includes(wanted))
    throw new AppError('bad-request', `Unknown sort "${wanted}". Allowed: ${productListSorts.join(', ')}.`);
  return wanted as (typeof productListSorts)[number];
}
