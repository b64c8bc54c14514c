import { adminCouponSchema, couponInputSchema, couponStatusSchema } from '@shop/contract/admin/coupons';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { createCoupon, listCoupons, setCouponActive, updateCoupon } from './coupons-admin.service.ts';

const idParams = z.object({ id: idParam });

/** Coupons (permission 'coupons'): list with usage, create, edit, switch off or on. */
export async function couponsAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: coupons'];
  const guard = requireStaff(ctx, 'coupons');
  const actorOf = (request: FastifyRequest) => ({ staffId: staffOf(request).id, ip: request.ip });

  api.get(
    '/coupons',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every coupon with its state and usage so far, newest first',
        response: { 200: z.object({ items: z.array(adminCouponSchema) }) },
      },
    },
    async () => ({ items: await listCoupons(ctx.db) }),
  );

  api.post(
    '/coupons',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Creates a coupon',
        body: couponInputSchema,
        response: { 201: adminCouponSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon(ctx.db, actorOf(request), request.body)),
  );

  api.put(
    '/coupons/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replaces a coupon’s terms (orders placed keep their discount)',
        params: idParams,
        body: couponInputSchema,
        response: { 200: adminCouponSchema },
      },
    },
    async (request) => updateCoupon(ctx.db, actorOf(request), request.params.id, request.body),
  );

  api.patch(
    '/coupons/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Switches a coupon off (the checkout refuses it at once) or on',
        params: idParams,
        body: couponStatusSchema,
        response: { 200: adminCouponSchema },
      },
    },
    async (request) => setCouponActive(ctx.db, actorOf(request), request.params.id, request.body.is_active),
  );
}
