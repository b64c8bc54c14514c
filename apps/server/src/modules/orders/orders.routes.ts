import {
  applyCouponRequestSchema,
  checkoutRequestSchema,
  orderStatusFilterSchema,
  priceCartRequestSchema,
} from '@shop/contract/orders';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { customerOf, requireCustomer } from '../../http/authenticate.ts';
import { pageRequest, paginationQuery, parseSort, sendCollection } from '../../http/collection.ts';
import { minimumOrderPaise, priceCart } from './cart-pricing.service.ts';
import { applyCoupon, checkout } from './checkout.service.ts';
import { cancelOrderAsCustomer } from './order-cancellation.service.ts';
import { orderDetails } from './order-details.service.ts';
import { listCustomerOrders } from './order-history.service.ts';
import { paiseToRupees } from '@shop/contract/money';
import { idParam } from '../../http/query-params.ts';

/** The shared path id rule: an id that is no id ("abc", "-1", "2147483648") is a 404 like an unknown one. */
const idParams = z.object({ id: idParam });
const SORTABLE = ['id', 'created_at', 'total_amount'] as const;

/**
 * The Idempotency-Key header: printable, 1–100 characters; anything else is a 400 — an empty one
 * too, since a client that sends the header means a retry to be recognised, and a blank key would
 * silently make every retry a new order.
 */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  if (!/^[\x21-\x7e]{1,100}$/.test(value.trim()))
    throw new AppError('bad-request', 'Idempotency-Key must be 1–100 printable characters (a UUID is best).');
  return value.trim();
}

/** The customer behind an optional Bearer token (apply_coupon works logged out too). */
async function optionalCustomerId(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  const match = /^Bearer\s+(\S{1,200})$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return null;
  const row = await ctx.findAccessToken(match[1]);
  return row && row.scope === 'full' ? row.customerId : null;
}

/** Cart pricing, coupons, checkout and order history (product rules §7 /orders…). */
export async function ordersRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auth = requireCustomer(ctx);
  const tags = ['orders'];

  api.post('/orders/price_cart', { schema: { tags, body: priceCartRequestSchema } }, async (request) => ({
    items: await priceCart(
      ctx.db,
      request.body.items.map((i) => i.item_id),
    ),
    minimum_order_amount: paiseToRupees(await minimumOrderPaise(ctx.db)),
  }));

  api.post('/orders/apply_coupon', { schema: { tags, body: applyCouponRequestSchema } }, async (request) =>
    applyCoupon(ctx.db, request.body, await optionalCustomerId(ctx, request)),
  );

  api.post(
    '/orders/checkout',
    { onRequest: auth, schema: { tags, body: checkoutRequestSchema } },
    async (request) => checkout(ctx, customerOf(request).id, request.body, idempotencyKeyOf(request)),
  );

  api.get(
    '/orders',
    {
      onRequest: auth,
      schema: {
        tags,
        querystring: z.looseObject({ ...paginationQuery, status: orderStatusFilterSchema }),
        description: 'Own orders, newest first; `status=shipped,delivered` keeps those statuses only.',
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const sort = parseSort(request.query.sort, SORTABLE, [{ field: 'id', direction: 'desc' }]);
      const { items, total } = await listCustomerOrders(
        ctx.db,
        customerOf(request).id,
        page,
        sort,
        request.query.status,
      );
      return sendCollection(reply, items, total, page);
    },
  );

  api.get('/orders/:id', { onRequest: auth, schema: { tags, params: idParams } }, async (request) =>
    orderDetails(ctx, customerOf(request).id, request.params.id),
  );

  api.post(
    '/orders/:id/cancel',
    {
      onRequest: auth,
      schema: {
        tags,
        params: idParams,
        summary: 'Cancel an own order before it is packed',
        description:
          'Allowed while the order is pending or confirmed; otherwise 409 with the reason. Stock and ' +
          'coupon use return, the customer and the shop are mailed, and money captured by a gateway ' +
          'is refunded in full automatically. Answers the order details with `refunds`. Repeating ' +
          'the call on a cancelled order is a 409 and refunds nothing twice.',
      },
    },
    async (request) => cancelOrderAsCustomer(ctx, customerOf(request).id, request.params.id),
  );
}
