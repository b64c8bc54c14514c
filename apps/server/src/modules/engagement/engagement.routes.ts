import {
  captchaChallengeSchema,
  contactQueryRequestSchema,
  messageResponseSchema,
  newsletterRequestSchema,
} from '@shop/contract/engagement';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendNamedError } from '../../plugins/error-handler.ts';
import { createCaptchaChallenge } from './captcha.service.ts';
import { submitContactQuery, subscribeToNewsletter } from './engagement.service.ts';

/**
 * A body that is not a JSON object (missing, a string, an array) is read as `{}`, so the
 * answer is the usual 422 list naming each missing field rather than a field called "body".
 */
const objectBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value && typeof value === 'object' && !Array.isArray(value) ? value : {}), schema);

/**
 * Form posts take JSON only. Fastify would also parse text/plain; a client that sends another
 * type gets a named 415 instead of a confusing list of missing fields.
 */
async function requireJsonBody(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type'];
  if (type === undefined) return undefined;
  const mediaType = type.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'application/json') return undefined;
  return sendNamedError(reply, 415, `Unsupported Media Type: send the form as application/json.`);
}

/** POST newsletters, GET captcha/challenge, POST contact_queries under /backend/api/web. */
export async function engagementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/newsletters',
    {
      onRequest: requireJsonBody,
      schema: {
        tags: ['engagement'],
        summary: 'Subscribe an e-mail address to the newsletter (idempotent)',
        body: objectBody(newsletterRequestSchema),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ message: await subscribeToNewsletter(ctx, request.body.email, request.ip) }),
  );

  api.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['engagement'],
        summary: 'A signed ALTCHA proof-of-work challenge (expires in 10 minutes)',
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // The library's type has every optional field; the schema checks what the widget needs.
      return captchaChallengeSchema.parse(await createCaptchaChallenge(ctx.config.captchaHmacKey));
    },
  );

  api.post(
    '/contact_queries',
    {
      onRequest: requireJsonBody,
      schema: {
        tags: ['engagement'],
        summary: 'Send an enquiry to the shop; captcha_value is the solved ALTCHA payload',
        body: objectBody(contactQueryRequestSchema),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ message: await submitContactQuery(ctx, request.body, request.ip) }),
  );
}
