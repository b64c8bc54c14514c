import {
  ADMIN_CUSTOMER_SORTS,
  adminCustomerDetailSchema,
  adminCustomerRowSchema,
} from '@shop/contract/admin/customers';
import { messageResponseSchema } from '@shop/contract/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  collectionSchema,
  pageRequest,
  paginationQuery,
  parseSort,
  sendCollection,
} from '../../http/collection.ts';
import { idParam, searchParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { newestOrdersOfCustomer } from '../orders/order-admin.service.ts';
import { adminCustomerDetail, pageOfAdminCustomers, setCustomerBlocked } from './customers-admin.service.ts';
import { resendVerificationForCustomer } from './customers-signup.service.ts';

const idParams = z.object({ id: idParam });

/** Orders shown on a customer's details; the order list filtered by `customer` has the rest. */
const DETAIL_ORDERS = 50;

/** The back office's customers (permission 'customers'): list, details, block/unblock, resend. */
export async function customersAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: customers'];
  const guard = requireStaff(ctx, 'customers');

  api.get(
    '/customers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Customers, newest first; `q` finds part of an e-mail, a name or a mobile number',
        description: '`state`: `blocked`, `active` or `unverified`. `sort`: `created_at`, `email`.',
        querystring: z.object({
          q: searchParam(100),
          state: z.enum(['blocked', 'active', 'unverified']).optional(),
          ...paginationQuery,
        }),
        response: { 200: collectionSchema(adminCustomerRowSchema) },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const sort = parseSort(request.query.sort, ADMIN_CUSTOMER_SORTS, [
        { field: 'created_at', direction: 'desc' },
      ]);
      const { items, total } = await pageOfAdminCustomers(
        ctx.db,
        { q: request.query.q, state: request.query.state },
        page,
        sort,
      );
      return sendCollection(reply, items, total, page);
    },
  );

  api.get(
    '/customers/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One customer with their saved addresses and newest orders',
        params: idParams,
        response: { 200: adminCustomerDetailSchema },
      },
    },
    async (request) => {
      const detail = await adminCustomerDetail(ctx.db, request.params.id);
      return { ...detail, orders: await newestOrdersOfCustomer(ctx.db, request.params.id, DETAIL_ORDERS) };
    },
  );

  for (const [path, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    api.post(
      `/customers/:id/${path}`,
      {
        preHandler: guard,
        schema: {
          tags,
          summary: blocked
            ? 'Block a customer: logged out everywhere, cannot log in or check out'
            : 'Unblock a customer: they can log in and order again',
          params: idParams,
          response: { 200: adminCustomerRowSchema },
        },
      },
      async (request) =>
        ctx.db.transaction(async (tx) => {
          const { before, after } = await setCustomerBlocked(tx, request.params.id, blocked);
          // Blocking a blocked customer again changes nothing, and the log keeps changes only.
          if (before === after.blocked) return after;
          await recordAudit(tx, {
            staffId: staffOf(request).id,
            action: `customer.${path}`,
            entity: 'customer',
            entityId: request.params.id,
            before: { blocked: before },
            after: { blocked: after.blocked },
            ip: request.ip,
          });
          return after;
        }),
    );
  }

  api.post(
    '/customers/:id/resend-verification',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Send a new verification code for an unverified customer's pending sign-up",
        description:
          '409 when the e-mail is verified or no sign-up is pending; 429 within the 60-second cool-down.',
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) =>
      resendVerificationForCustomer(ctx, request.params.id, (tx) =>
        recordAudit(tx, {
          staffId: staffOf(request).id,
          action: 'customer.resend_verification',
          entity: 'customer',
          entityId: request.params.id,
          ip: request.ip,
        }),
      ),
  );
}
