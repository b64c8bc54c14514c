import {
  captchaChallengeSchema,
  contactQueryRequestSchema,
  messageResponseSchema,
  newsletterRequestSchema,
} from '@shop/contract/engagement';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { createCaptchaChallenge } from './captcha.service.ts';
import { submitContactQuery, subscribeToNewsletter } from './engagement.service.ts';

/** POST newsletters, GET captcha/challenge, POST contact_queries under /backend/api/web. */
export async function engagementRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/newsletters',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Subscribe an e-mail address to the newsletter (idempotent)',
        body: newsletterRequestSchema,
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
      schema: {
        tags: ['engagement'],
        summary: 'Send an enquiry to the shop; captcha_value is the solved ALTCHA payload',
        body: contactQueryRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({ message: await submitContactQuery(ctx, request.body, request.ip) }),
  );
}
