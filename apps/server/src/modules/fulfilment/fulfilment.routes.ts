import { deliveryMessages, deliveryQuoteSchema } from '@shop/contract/delivery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { namedErrorSchema } from '../../http/error-schemas.ts';
import { answerJsonFor, publicGetCache, responseCacheOf } from '../../http/response-cache.ts';
import { deliveryQuote, isPincode } from './fulfilment.service.ts';

/**
 * GET delivery/{pincode} under /backend/api/web: a public read, answered from the response cache
 * like the catalogue (a change of pincodes or zones drops the cached quotes on every instance).
 */
export async function fulfilmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicGetCache(responseCacheOf(ctx), { scope: 'delivery', json: answerJsonFor(ctx.config) });

  api.get(
    '/delivery/:pincode',
    {
      onRequest: cache.onRequest,
      schema: {
        tags: ['delivery'],
        summary:
          'Delivery to a pincode: serviceable, city and state, charge, free-delivery threshold, ETA, cash on delivery',
        description:
          'The amounts (`charge`, `free_above`, `cod_max`, `cod_fee`) are rupees, as in every answer.',
        // Any text: the service answers everything but six digits with its own 400 (a length rule here
        // made long input a 404 instead).
        params: z.object({ pincode: z.string() }),
        response: { 200: deliveryQuoteSchema, 400: namedErrorSchema },
      },
    },
    async (request, reply) => {
      const pincode = request.params.pincode.trim();
      if (!isPincode(pincode)) throw new AppError('bad-request', deliveryMessages.invalidPincode);
      return cache.send(request, reply, await deliveryQuote(ctx.db, pincode));
    },
  );
}
