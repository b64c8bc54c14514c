import {
  grievanceCreatedSchema,
  grievanceLookupQuerySchema,
  grievanceRequestSchema,
  grievanceTicketParamsSchema,
  grievanceViewSchema,
  sellerInformationSchema,
} from '@shop/contract/grievances';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { optionalCustomerId } from '../../http/authenticate.ts';
import { fieldErrorsSchema, namedErrorSchema } from '../../http/error-schemas.ts';
import { answerJsonFor, publicGetCache, responseCacheOf } from '../../http/response-cache.ts';
import { fileGrievance, lookupGrievance } from './grievances.service.ts';
import { sellerInformation } from './seller-information.service.ts';

/** GET seller_information, POST grievances, GET grievances/{ticket} under /backend/api/web. */
export async function grievancesRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['grievances'];

  // Kept in the public cache as the settings it is made of are (scope 'content': any settings
  // change drops it), so that /seller-information is a kept page like the content pages: it was
  // twelve setting reads and a full render for every visitor.
  const cache = publicGetCache(responseCacheOf(ctx), { scope: 'content', json: answerJsonFor(ctx.config) });
  api.get(
    '/seller_information',
    {
      schema: {
        tags,
        summary:
          "The seller's legal name, address, GSTIN, FSSAI licence, customer care and grievance officer",
        response: { 200: sellerInformationSchema },
      },
      onRequest: cache.onRequest,
    },
    async (request, reply) => cache.send(request, reply, await sellerInformation(ctx)),
  );

  api.post(
    '/grievances',
    {
      schema: {
        tags,
        summary:
          'File a grievance (guest, or a customer with a Bearer token); answers its ticket number and mails an acknowledgement at once. captcha_value is the solved ALTCHA payload; 5 a minute per client.',
        body: grievanceRequestSchema,
        response: { 200: grievanceCreatedSchema, 422: fieldErrorsSchema, 429: namedErrorSchema },
      },
    },
    async (request) =>
      fileGrievance(ctx, request.body, {
        ip: request.ip,
        customerId: await optionalCustomerId(ctx, request),
      }),
  );

  api.get(
    '/grievances/:ticket',
    {
      schema: {
        tags,
        summary:
          'The status of a grievance: only with the e-mail address it was filed with (else 404); 30 look-ups a minute per client.',
        params: grievanceTicketParamsSchema,
        querystring: grievanceLookupQuerySchema,
        response: {
          200: grievanceViewSchema,
          404: namedErrorSchema,
          422: fieldErrorsSchema,
          429: namedErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return lookupGrievance(ctx, request.params.ticket, request.query.email, request.ip);
    },
  );
}
