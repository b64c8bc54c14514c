import {
  adminGrievanceSchema,
  GRIEVANCE_STATUSES,
  type GrievanceStatus,
  grievanceChangeSchema,
  grievanceTicketParamsSchema,
} from '@shop/contract/grievances';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { collectionSchema, pageRequest, paginationQuery, sendCollection } from '../../http/collection.ts';
import { searchParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { grievanceForStaff, listGrievances, updateGrievance } from './grievances.service.ts';

/**
 * Grievance tickets in the back office (permission 'customers'): the list with open ones first
 * to hand, one ticket, and moving it on — resolving mails the complainant what was done.
 */
export async function grievancesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: grievances'];
  const service = requireStaff(ctx, 'customers');

  api.get(
    '/grievances',
    {
      preHandler: service,
      schema: {
        tags,
        summary: 'Grievance tickets, newest first; `status=open,in_progress`, `q` = ticket number or e-mail',
        querystring: z.object({
          ...paginationQuery,
          status: z
            .string()
            .max(100)
            .optional()
            .transform((value, issue) => {
              const wanted = (value ?? '').split(',').filter(Boolean);
              if (wanted.some((s) => !(GRIEVANCE_STATUSES as readonly string[]).includes(s))) {
                issue.addIssue({ code: 'custom', message: `Use ${GRIEVANCE_STATUSES.join(', ')}.` });
                return z.NEVER;
              }
              return wanted as GrievanceStatus[];
            }),
          q: searchParam(100),
        }),
        response: { 200: collectionSchema(adminGrievanceSchema) },
      },
    },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const status = request.query.status;
      const statuses: GrievanceStatus[] =
        status === undefined ? [] : Array.isArray(status) ? status : [status];
      const { items, total } = await listGrievances(ctx.db, { statuses, q: request.query.q }, page);
      return sendCollection(reply, items, total, page);
    },
  );

  api.get(
    '/grievances/:ticket',
    {
      preHandler: service,
      schema: {
        tags,
        summary: 'One grievance ticket',
        params: grievanceTicketParamsSchema,
        response: { 200: adminGrievanceSchema },
      },
    },
    async (request) => grievanceForStaff(ctx.db, request.params.ticket),
  );

  api.post(
    '/grievances/:ticket/status',
    {
      preHandler: service,
      schema: {
        tags,
        summary: 'Mark a ticket in progress, or resolved with what was done (mailed to the complainant)',
        params: grievanceTicketParamsSchema,
        body: grievanceChangeSchema,
        response: { 200: adminGrievanceSchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const ticket = request.params.ticket.toUpperCase();
      await updateGrievance(ctx, ticket, request.body, (tx, before, after) =>
        recordAudit(tx, {
          staffId: staff.id,
          action: `grievance.${after.status}`,
          entity: 'grievance',
          entityId: ticket,
          before: { status: before.status },
          after: { status: after.status, resolution: after.resolution },
          ip: request.ip,
        }),
      );
      return grievanceForStaff(ctx.db, ticket);
    },
  );
}
