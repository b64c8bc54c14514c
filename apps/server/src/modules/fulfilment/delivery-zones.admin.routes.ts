import { adminDeliveryZoneSchema, deliveryZoneInputSchema } from '@shop/contract/admin/delivery-zones';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import {
  createDeliveryZone,
  deleteDeliveryZone,
  listDeliveryZones,
  updateDeliveryZone,
} from './delivery-zones-admin.service.ts';

const idParams = z.object({ id: idParam });

/** Delivery zones (permission 'settings'): list, create, edit, delete; each change audited. */
export async function deliveryZonesAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: delivery zones'];
  const guard = requireStaff(ctx, 'settings');
  const actorOf = (request: FastifyRequest) => ({ staffId: staffOf(request).id, ip: request.ip });
  const rules =
    'The most specific zone that matches a pincode serves it: a listed pincode, then the longest ' +
    'prefix, then the state, then the default (one default zone at most). Amounts in paise; a cash ' +
    'on delivery limit is above 0, or null for none. A change applies to the next ' +
    'delivery quote and checkout (cached quotes are dropped).';

  api.get(
    '/delivery-zones',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Every delivery zone, oldest first (switched-off ones too)',
        description: rules,
        response: { 200: z.object({ items: z.array(adminDeliveryZoneSchema) }) },
      },
    },
    async () => ({ items: await listDeliveryZones(ctx) }),
  );

  api.post(
    '/delivery-zones',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Creates a delivery zone',
        description: rules,
        body: deliveryZoneInputSchema,
        response: { 201: adminDeliveryZoneSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDeliveryZone(ctx, actorOf(request), request.body)),
  );

  api.put(
    '/delivery-zones/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replaces a delivery zone’s terms (orders placed keep their delivery charge)',
        description: rules,
        params: idParams,
        body: deliveryZoneInputSchema,
        response: { 200: adminDeliveryZoneSchema },
      },
    },
    async (request) => updateDeliveryZone(ctx, actorOf(request), request.params.id, request.body),
  );

  api.delete(
    '/delivery-zones/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Deletes a delivery zone (its pincodes fall to the next matching zone)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDeliveryZone(ctx, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
