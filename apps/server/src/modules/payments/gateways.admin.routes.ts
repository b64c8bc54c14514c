import {
  adminGatewayNames,
  adminGatewaySchema,
  gatewayTestResultSchema,
  gatewayUpdateSchema,
} from '@shop/contract/admin/gateways';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { selfOrigin } from './gateway-settings.ts';
import { listAdminGateways, testGatewayConnection, updateGateway } from './gateways-admin.service.ts';

const gatewayParams = z.object({ gateway: z.enum(adminGatewayNames) });

/** Payment gateways (permission 'gateways', the owner's alone): keys are write-only. */
export async function gatewaysAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: payment gateways'];
  const guard = requireStaff(ctx, 'gateways');

  api.get(
    '/payment-gateways',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The gateways: on or off, test or live, and the last four characters of each key',
        response: { 200: z.object({ items: z.array(adminGatewaySchema) }) },
      },
    },
    async () => ({ items: await listAdminGateways(ctx) }),
  );

  api.patch(
    '/payment-gateways/:gateway',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Switches a gateway on or off, test or live, and replaces keys (empty keys stay)',
        params: gatewayParams,
        body: gatewayUpdateSchema,
        response: { 200: adminGatewaySchema },
      },
    },
    async (request) =>
      updateGateway(
        ctx,
        { staffId: staffOf(request).id, ip: request.ip },
        request.params.gateway,
        request.body,
      ),
  );

  api.post(
    '/payment-gateways/:gateway/test',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Asks the gateway whether it accepts the saved keys, or the keys given (not saved)',
        params: gatewayParams,
        body: z
          .object({ keys: z.record(z.string().max(40), z.string().trim().max(200)).optional() })
          .optional(),
        response: { 200: gatewayTestResultSchema },
      },
    },
    async (request) =>
      testGatewayConnection(
        ctx,
        selfOrigin(app.server, ctx.config),
        request.params.gateway,
        request.body?.keys ?? {},
      ),
  );
}
