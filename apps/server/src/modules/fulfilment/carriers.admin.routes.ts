import { adminCarrierSchema, carrierInputSchema, carrierStatusSchema } from '@shop/contract/admin/carriers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { createCarrier, listCarriers, setCarrierActive, updateCarrier } from './carriers-admin.service.ts';

const idParams = z.object({ id: idParam });

/**
 * The shop's carriers (permission 'settings', like the rest of the shop's configuration): list,
 * add, edit, switch off or on. Staff who ship read the active ones at GET /carriers (orders).
 */
export async function carriersAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: carriers'];
  const guard = requireStaff(ctx, 'settings');
  const actorOf = (request: FastifyRequest) => ({ staffId: staffOf(request).id, ip: request.ip });

  api.get(
    '/shipping-carriers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every carrier, switched off ones too, in the ship dialog’s order',
        response: { 200: z.object({ items: z.array(adminCarrierSchema) }) },
      },
    },
    async () => ({ items: await listCarriers(ctx.db) }),
  );

  api.post(
    '/shipping-carriers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Adds a carrier',
        description:
          'The tracking URL template is an https address with `{tracking}` where the tracking number ' +
          'goes, or null for a carrier without a tracking page. Names are unique, case aside.',
        body: carrierInputSchema,
        response: { 201: adminCarrierSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCarrier(ctx.db, actorOf(request), request.body)),
  );

  api.put(
    '/shipping-carriers/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Edits a carrier (orders already shipped keep their carrier name and tracking link)',
        params: idParams,
        body: carrierInputSchema,
        response: { 200: adminCarrierSchema },
      },
    },
    async (request) => updateCarrier(ctx.db, actorOf(request), request.params.id, request.body),
  );

  api.patch(
    '/shipping-carriers/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Switches a carrier off (gone from the ship dialog and carrier files) or on',
        params: idParams,
        body: carrierStatusSchema,
        response: { 200: adminCarrierSchema },
      },
    },
    async (request) => setCarrierActive(ctx.db, actorOf(request), request.params.id, request.body.is_active),
  );
}
