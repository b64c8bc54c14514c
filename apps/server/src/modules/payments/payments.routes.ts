import { createPaymentRequestSchema, verifyPaymentRequestSchema } from '@shop/contract/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { sendNamedError } from '../../plugins/error-handler.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../plugins/json-body.ts';
import { findUnstorableText } from '../../plugins/text-guard.ts';
import { customerOf, requireCustomer } from '../../http/authenticate.ts';
import {
  pageRequest,
  paginationQuery,
  parseSort,
  sendCollection,
  sortInMemory,
} from '../../http/collection.ts';
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

/** Routes of the payments module, mounted under /backend/api/web (product rules §7 orders/payment…). */
/** `sort=` fields of the gateway list; without one it keeps the shop's display order. */
const GATEWAY_SORTS = ['id', 'name', 'internal_name', 'display_order'] as const;

export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps: PaymentsDeps = { ctx, origin: () => selfOrigin(app.server, ctx.config) };
  bindRefundGateways(ctx, deps.origin);
  const auth = requireCustomer(ctx);
  const tags = ['payments'];

  // A static segment: Fastify prefers it to the orders module's GET orders/:id.
  // A collection like every other list (product rules §7): {items, _meta} and X-Pagination-* headers.
  api.get(
    '/orders/payment_gateways',
    { schema: { tags, querystring: z.looseObject(paginationQuery) } },
    async (request, reply) => {
      const sort = parseSort(request.query.sort, GATEWAY_SORTS, []);
      const page = pageRequest(request.query);
      const gateways = sortInMemory(
        await listPaymentGateways(deps),
        sort,
        (gateway, field) => gateway[field],
      );
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
    // The global NUL guard skips raw bodies. A webhook whose JSON holds a NUL character or a lone
    // UTF-16 surrogate ("\ud800") could not be recorded (PostgreSQL jsonb holds neither) and
    // would fail as a 500 even when signed: it is refused like any other body with one.
    hooks.addHook('preValidation', async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body.toString('utf8'));
      } catch {
        return;
      }
      // The walks below recurse; a gateway's event nests about 8 levels.
      if (nestsDeeperThan(parsed, MAX_JSON_DEPTH))
        return sendNamedError(
          reply,
          400,
          `The webhook body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
        );
      const unstorable = findUnstorableText(parsed);
      if (unstorable) return reply.code(422).send([unstorable]);
    });
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
