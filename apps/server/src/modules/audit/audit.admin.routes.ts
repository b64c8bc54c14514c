import { Readable } from 'node:stream';
import { auditEntrySchema } from '@shop/contract/admin/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { collectionSchema, pageRequest, paginationQuery, sendCollection } from '../../http/collection.ts';
import { idParam, searchParam } from '../../http/query-params.ts';
import { requireStaff } from '../../http/require-staff.ts';
import { auditCsv, listAudit } from './audit-query.ts';

const filterQuery = {
  staff_id: idParam.optional(),
  entity: searchParam(100),
  entity_id: searchParam(100),
  action: searchParam(100),
  from: searchParam(40),
  to: searchParam(40),
};

/** The audit log (owner only): a filtered, paged list and the same as CSV. */
export async function auditAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: audit'];
  const auditor = requireStaff(ctx, 'audit');

  api.get(
    '/audit',
    {
      preHandler: auditor,
      schema: {
        tags,
        summary: 'The audit log, newest first (filters: staff, entity, action, date range)',
        querystring: z.object({ ...filterQuery, ...paginationQuery }),
        response: { 200: collectionSchema(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const { items, total } = await listAudit(ctx.db, request.query, page);
      return sendCollection(reply, items, total, page);
    },
  );

  api.get(
    '/audit/export.csv',
    {
      preHandler: auditor,
      schema: {
        tags,
        summary: 'The filtered audit log as CSV',
        querystring: z.object(filterQuery),
        response: {
          200: { description: 'CSV, one row per entry', content: { 'text/csv': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      // Parse the filters before the first byte goes out, so a bad date is still a clean 400.
      const rows = auditCsv(ctx.db, request.query);
      const first = await rows.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* rows;
      }
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
          .header('cache-control', 'no-store')
          // The response schema documents the CSV; the body itself is streamed in batches.
          .send(Readable.from(all()) as unknown as string)
      );
    },
  );
}
