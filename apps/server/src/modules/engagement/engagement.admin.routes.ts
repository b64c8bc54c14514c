import {
  adminListSchema,
  contactMessageFilters,
  contactMessageSchema,
  contactMessageUpdateSchema,
  subscriberSchema,
} from '@shop/contract/admin/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam, searchParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import {
  contactMessagesCsv,
  listContactMessages,
  listSubscribers,
  markContactMessage,
  subscribersCsv,
} from './engagement-admin.service.ts';

const windowQuery = {
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** Newsletter subscribers (list, CSV) and contact messages (list, CSV, mark handled); permission 'content'. */
export async function engagementAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: content'];
  const guard = requireStaff(ctx, 'content');

  api.get(
    '/newsletter/subscribers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Newsletter subscribers, newest first; q matches part of the address',
        querystring: z.object({ q: searchParam(254), ...windowQuery }),
        response: { 200: adminListSchema(subscriberSchema) },
      },
    },
    async (request) => listSubscribers(ctx.db, request.query.q ?? '', request.query),
  );

  api.get(
    '/newsletter/subscribers/export.csv',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every newsletter subscriber as CSV (email, subscribed_at)',
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="newsletter-subscribers-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(await subscribersCsv(ctx.db));
    },
  );

  api.get(
    '/contact-messages',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Contact messages, newest first (status: open by default, handled or all)',
        querystring: z.object({ status: z.enum(contactMessageFilters).default('open'), ...windowQuery }),
        response: { 200: adminListSchema(contactMessageSchema) },
      },
    },
    async (request) => listContactMessages(ctx.db, request.query.status, request.query),
  );

  api.get(
    '/contact-messages/export.csv',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'The contact messages of a filter as CSV, newest first (status: open by default, handled or all)',
        querystring: z.object({ status: z.enum(contactMessageFilters).default('open') }),
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="contact-messages-${request.query.status}-${day}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(await contactMessagesCsv(ctx.db, request.query.status));
    },
  );

  api.patch(
    '/contact-messages/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Marks a contact message handled, or open again',
        params: z.object({ id: idParam }),
        body: contactMessageUpdateSchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) =>
      markContactMessage(
        ctx.db,
        { staffId: staffOf(request).id, ip: request.ip },
        request.params.id,
        request.body.handled,
      ),
  );
}
