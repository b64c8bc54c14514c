import { DASHBOARD_RANGES, dashboardSchema } from '@shop/contract/admin/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireStaff } from '../../http/require-staff.ts';
import { dashboardOf } from './dashboard.service.ts';

/** The back office's home (permission 'orders'): sales, refunds and what waits to be shipped. */
export async function dashboardAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/dashboard',
    {
      preHandler: requireStaff(ctx, 'orders'),
      schema: {
        tags: ['admin: dashboard'],
        summary:
          'Revenue, orders, average order, by method and day, top products, low stock, shipments, mails, refunds',
        description:
          '`range`: `today` (since midnight in India), `7d` or `30d` (including today). Revenue: paid and ' +
          'confirmed cash-on-delivery orders placed in the period, minus refunds processed in it.',
        querystring: z.object({ range: z.enum(DASHBOARD_RANGES).default('today') }),
        response: { 200: dashboardSchema },
      },
    },
    async (request) => dashboardOf(ctx.db, request.query.range, await ctx.mail.failedCount()),
  );
}
