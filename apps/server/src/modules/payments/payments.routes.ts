import { createPaymentRequestSchema, verifyPaymentRequestSchema } from '@shop/contract/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { customerOf, requireCustomer } from '../../http/authenticate.ts';
import { pageRequest, paginationQuery, sendCollection } from '../../http/collection.ts';
import { ensureCodAllowance } from './cod-allowance.ts';
import { selfOrigin } from './gateway-settings.ts';
import {
  handlePaypalWebhook,
  handlePaytmWebhook,
  handleRazorpayWebhook,
} from './payment-webhooks.service.ts';
import { createPayment, listPaymentGateways, type PaymentsDeps, verifyPayment } from './payments.service.ts';
import { bindRefundGateways } from './refunds.service.ts';

function headersOf(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(request.headers))
    out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

function rawOf(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body)
    ? request.body
    : Buffer.from(typeof request.body === 'string' ? request.body : '');
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
    async (request) => {
      const customerId = customerOf(request).id;
      if (request.body.payment_gateway === 'cod') await ensureCodAllowance(ctx, customerId, request.body.id);
      return createPayment(deps, customerId, request.body);
    },
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
    hooks.post('/payments/webhooks/razorpay', options, async (request) => {
      await handleRazorpayWebhook(deps, rawOf(request), headersOf(request));
      return ok;
    });
    hooks.post('/payments/webhooks/paypal', options, async (request) => {
      await handlePaypalWebhook(deps, rawOf(request), headersOf(request));
      return ok;
    });
    hooks.post('/payments/webhooks/paytm', options, async (request) => {
      const body = request.body;
      let parsed: unknown = body;
      if (Buffer.isBuffer(body)) {
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          parsed = {};
        }
      }
      // `null`, a list or a string is no notification: it fails the signature check like `{}`.
      const params =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
      await handlePaytmWebhook(deps, params);
      return ok;
    });
  });
}
