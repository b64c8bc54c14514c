import { createPaymentRequestSchema, verifyPaymentRequestSchema } from '@shop/contract/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { customerOf, requireCustomer } from '../../http/authenticate.ts';
import { pageRequest, paginationQuery, sendCollection } from '../../http/collection.ts';
import { selfOrigin } from './gateway-settings.ts';
import { handleGatewayWebhook } from './payment-webhooks.service.ts';
import { createPayment, listPaymentGateways, type PaymentsDeps, verifyPayment } from './payments.service.ts';
import type { WebhookRequest } from './providers/payment-provider.ts';
import { bindRefundGateways } from './refunds.service.ts';

function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(request.headers))
    out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

/**
 * A webhook as its provider reads it: JSON bodies stay the exact bytes the gateway signed; a form
 * post (Paytm's notification) arrives as fields. A JSON body is offered as fields too (Paytm may
 * post either); `null`, a list or a string is no notification and fails the signature check.
 */
function webhookRequestOf(request: FastifyRequest): WebhookRequest {
  const body = request.body;
  const rawBody = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : '');
  let parsed: unknown = body;
  if (Buffer.isBuffer(body)) {
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      parsed = {};
    }
  }
  const form =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  return { rawBody, form, headers: headersOf(request) };
}

/** Routes of the payments module, mounted under /backend/api/web (spec §7 orders/payment…). */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentsDeps = { ctx, origin: () => selfOrigin(app.server, ctx.config) };
  bindRefundGateways(ctx, deps.origin);
  const auth = requireCustomer(ctx);
  const tags = ['payments'];

  // A static segment: Fastify prefers it to the orders module's GET orders/:id.
  // A collection like every other list (DESIGN §3): {items, _meta} and X-Pagination-* headers.
  api.get(
    '/orders/payment_gateways',
    { schema: { tags, querystring: z.looseObject(paginationQuery) } },
    async (request, reply) => {
      const page = pageRequest(request.query);
      const gateways = await listPaymentGateways(deps);
      return sendCollection(
        reply,
        gateways.slice(page.offset, page.offset + page.perPage),
        gateways.length,
        page,
      );
    },
  );

  api.post(
    '/orders/payment',
    { onRequest: auth, schema: { tags, body: createPaymentRequestSchema } },
    async (request) => createPayment(deps, customerOf(request).id, request.body),
  );

  api.post(
    '/orders/verify_payment',
    { onRequest: auth, schema: { tags, body: verifyPaymentRequestSchema } },
    async (request) => verifyPayment(deps, customerOf(request).id, request.body),
  );

  // Webhooks need the exact bytes the gateway signed: their own scope keeps JSON bodies raw.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const ok = { status: 'ok' };
    // Gateways send bursts (Razorpay: three events per payment) and retry; they get their own,
    // higher limit instead of the shoppers' per-IP POST limit.
    const options = { schema: { tags }, config: { rateLimit: { max: 600, timeWindow: 60_000 } } };
    for (const gateway of ['razorpay', 'paypal', 'paytm'] as const) {
      hooks.post(`/payments/webhooks/${gateway}`, options, async (request) => {
        await handleGatewayWebhook(deps, gateway, webhookRequestOf(request));
        return ok;
      });
    }
  });
}
