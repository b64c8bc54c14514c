import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PaypalAccount, SimAccounts } from './accounts.ts';
import {
  basicCredentials,
  browserScript,
  type SimPluginOptions,
  isRecord,
  randomId,
  registerSimBodyParsers,
  stringOf,
} from './sim-common.ts';
import { RefundSwitch } from './refund-switch.ts';
import { WebhookSender } from './webhook-sender.ts';

/** Currencies PayPal accepts (INR is not among them for cross-border checkout since 2021). */
const CURRENCIES = new Set([
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'CHF',
  'SGD',
  'HKD',
  'NZD',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
]);
const VALUE = /^\d{1,10}(?:\.\d+)?$/;
const TWO_DECIMALS = /^\d{1,10}(?:\.\d{1,2})?$/;

interface Money {
  currency_code: string;
  value: string;
}

interface Capture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
  amount: Money;
  final_capture: boolean;
  create_time: string;
}

export interface PaypalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  amount: Money;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

const toCents = (value: string) => Math.round(Number(value) * 100);

export interface PaypalOrder {
  id: string;
  clientId: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units: Array<{
    reference_id: string;
    amount: Money;
    custom_id?: string;
    payments?: { captures: Capture[]; refunds?: PaypalRefund[] };
  }>;
  payer?: { payer_id: string; email_address: string; name: { given_name: string; surname: string } };
  /** Set when the shopper chose "Decline": the funding instrument fails at capture. */
  instrumentDeclined: boolean;
  create_time: string;
  update_time: string;
}

function paypalError(
  reply: FastifyReply,
  status: number,
  name: string,
  message: string,
  issue?: string,
  description?: string,
) {
  return reply.code(status).send({
    name,
    message,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
    links: [],
  });
}

export interface PaypalSimOptions {
  accounts: SimAccounts;
  webhooks?: WebhookSender;
}

/**
 * A simulator of PayPal's REST API: OAuth client-credentials tokens, Orders v2 (create, get,
 * capture; PayPal-Request-Id idempotency; the documented 4xx issues), webhooks with PAYPAL-*
 * transmission headers and the verify-webhook-signature call, and the JS SDK's Buttons.
 */
export function createPaypalSim(options: PaypalSimOptions) {
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const orders = new Map<string, PaypalOrder>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  /** Refund id → the refund, its capture and order; PayPal-Request-Id → refund id. */
  const refunds = new Map<
    string,
    { refund: PaypalRefund; captureId: string; orderId: string; clientId: string }
  >();
  const refundRequests = new Map<string, string>();
  const refundSwitch = new RefundSwitch();
  const webhooks = options.webhooks ?? new WebhookSender();
  const signingKey = randomBytes(32);
  const script = browserScript('paypal-sdk');

  const transmissionSignature = (id: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${createHash('sha256').update(body).digest('hex')}`)
      .digest('base64');

  async function bearer(request: FastifyRequest, reply: FastifyReply): Promise<PaypalAccount | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1] ? tokens.get(match[1]) : undefined;
    const account =
      token && token.expiresAt > Date.now() ? await options.accounts.paypal(token.clientId) : undefined;
    if (!account) {
      await paypalError(
        reply,
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
      return null;
    }
    return account;
  }

  const view = ({ clientId: _c, instrumentDeclined: _d, ...order }: PaypalOrder, base: string) => ({
    ...order,
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' },
      { href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });

  function sendEvent(
    account: PaypalAccount,
    base: string,
    eventType: string,
    resourceType: string,
    resource: unknown,
  ) {
    if (!account.webhookUrl) return;
    const event = {
      id: `WH-${randomId('', 17).toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: eventType,
      resource,
      links: [],
    };
    const body = JSON.stringify(event);
    const id = randomUUID();
    const time = new Date().toISOString();
    webhooks.send({
      url: account.webhookUrl,
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': id,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': transmissionSignature(id, time, account.webhookId, body),
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-KESAR-SIM`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    });
  }

  const plugin: FastifyPluginAsync<SimPluginOptions> = async (app, { routeConfig = {} }) => {
    registerSimBodyParsers(app);
    const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${app.prefix}`;

    app.get('/sdk/js', { config: routeConfig }, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );

    app.post('/v1/oauth2/token', { config: routeConfig }, async (request, reply) => {
      const credentials = basicCredentials(request);
      const account = credentials ? await options.accounts.paypal(credentials[0]) : undefined;
      if (!credentials || !account || account.clientSecret !== credentials[1]) {
        return reply
          .code(401)
          .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const body = isRecord(request.body) ? request.body : {};
      if (body.grant_type !== 'client_credentials') {
        return reply
          .code(400)
          .send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      }
      const accessToken = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.set(accessToken, { clientId: account.clientId, expiresAt: Date.now() + 32_400_000 });
      return reply.send({
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: accessToken,
        token_type: 'Bearer',
        app_id: 'APP-KESARSIM',
        expires_in: 32400,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      });
    });

    app.post('/v2/checkout/orders', { config: routeConfig }, async (request, reply) => {
      const account = await bearer(request, reply);
      if (!account) return reply;
      const requestId = request.headers['paypal-request-id'];
      const idemKey = typeof requestId === 'string' ? `${account.clientId}:${requestId}` : undefined;
      const previous = idemKey ? idempotent.get(idemKey) : undefined;
      if (previous) return reply.code(previous.status).send(previous.body);
      const body = isRecord(request.body) ? request.body : {};
      const invalid = (issue: string, description: string) =>
        paypalError(
          reply,
          400,
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          issue,
          description,
        );
      const unprocessable = (issue: string, description: string) =>
        paypalError(
          reply,
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          issue,
          description,
        );
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
        return invalid('INVALID_PARAMETER_VALUE', 'intent');
      const units = Array.isArray(body.purchase_units) ? body.purchase_units : [];
      if (units.length === 0) return invalid('MISSING_REQUIRED_PARAMETER', 'purchase_units');
      const purchaseUnits: PaypalOrder['purchase_units'] = [];
      for (const [index, unit] of units.entries()) {
        const amount = isRecord(unit) && isRecord(unit.amount) ? unit.amount : undefined;
        const currency = stringOf(amount?.currency_code);
        const value = stringOf(amount?.value);
        if (!currency || !value)
          return invalid('MISSING_REQUIRED_PARAMETER', `purchase_units[${index}].amount`);
        if (!VALUE.test(value))
          return invalid('INVALID_PARAMETER_VALUE', `purchase_units[${index}].amount.value`);
        if (!CURRENCIES.has(currency))
          return unprocessable('CURRENCY_NOT_SUPPORTED', 'Currency code is not currently supported.');
        if (!TWO_DECIMALS.test(value))
          return unprocessable(
            'DECIMAL_PRECISION',
            'The value of the field should not be more than two decimal places.',
          );
        if (Number(value) <= 0) return unprocessable('AMOUNT_MISMATCH', 'Amount must be greater than zero.');
        const reference = isRecord(unit) ? stringOf(unit.reference_id) : undefined;
        const custom = isRecord(unit) ? stringOf(unit.custom_id) : undefined;
        purchaseUnits.push({
          reference_id: reference ?? 'default',
          amount: { currency_code: currency, value },
          ...(custom ? { custom_id: custom } : {}),
        });
      }
      const now = new Date().toISOString();
      const order: PaypalOrder = {
        id: randomId('', 17).toUpperCase(),
        clientId: account.clientId,
        intent: body.intent,
        status: 'CREATED',
        purchase_units: purchaseUnits,
        instrumentDeclined: false,
        create_time: now,
        update_time: now,
      };
      orders.set(order.id, order);
      const created = { id: order.id, status: order.status, links: view(order, baseOf(request)).links };
      if (idemKey) idempotent.set(idemKey, { status: 201, body: created });
      return reply.code(201).send(created);
    });

    const orderOf = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const account = await bearer(request, reply);
      if (!account) return null;
      const order = orders.get(request.params.id);
      if (!order || order.clientId !== account.clientId) {
        await paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'The specified resource does not exist.',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        );
        return null;
      }
      return { account, order };
    };

    app.get<{ Params: { id: string } }>(
      '/v2/checkout/orders/:id',
      { config: routeConfig },
      async (request, reply) => {
        const found = await orderOf(request, reply);
        if (!found) return reply;
        return reply.send(view(found.order, baseOf(request)));
      },
    );

    app.post<{ Params: { id: string } }>(
      '/v2/checkout/orders/:id/capture',
      { config: routeConfig },
      async (request, reply) => {
        const found = await orderOf(request, reply);
        if (!found) return reply;
        const { account, order } = found;
        const requestId = request.headers['paypal-request-id'];
        const idemKey =
          typeof requestId === 'string' ? `${account.clientId}:capture:${requestId}` : undefined;
        const previous = idemKey ? idempotent.get(idemKey) : undefined;
        if (previous) return reply.code(previous.status).send(previous.body);
        const unprocessable = (issue: string, description: string) =>
          paypalError(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
            issue,
            description,
          );
        if (order.status === 'COMPLETED')
          return unprocessable(
            'ORDER_ALREADY_CAPTURED',
            "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          );
        if (order.status !== 'APPROVED')
          return unprocessable(
            'ORDER_NOT_APPROVED',
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
          );
        if (order.instrumentDeclined)
          return unprocessable(
            'INSTRUMENT_DECLINED',
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          );
        const now = new Date().toISOString();
        for (const unit of order.purchase_units) {
          unit.payments = {
            captures: [
              {
                id: randomId('', 17).toUpperCase(),
                status: 'COMPLETED',
                amount: unit.amount,
                final_capture: true,
                create_time: now,
              },
            ],
          };
        }
        order.status = 'COMPLETED';
        order.update_time = now;
        const body = view(order, baseOf(request));
        if (idemKey) idempotent.set(idemKey, { status: 201, body });
        for (const unit of order.purchase_units) {
          for (const capture of unit.payments?.captures ?? []) {
            sendEvent(account, baseOf(request), 'PAYMENT.CAPTURE.COMPLETED', 'capture', {
              ...capture,
              ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
              supplementary_data: { related_ids: { order_id: order.id } },
            });
          }
        }
        return reply.code(201).send(body);
      },
    );

    refundSwitch.register(app, routeConfig);

    const refundView = (refund: PaypalRefund, base: string) => ({
      ...refund,
      links: [{ href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' }],
    });

    function findCapture(clientId: string, captureId: string) {
      for (const order of orders.values()) {
        if (order.clientId !== clientId) continue;
        for (const unit of order.purchase_units) {
          const capture = unit.payments?.captures.find((c) => c.id === captureId);
          if (capture) return { order, unit, capture };
        }
      }
      return undefined;
    }

    const notFound = (reply: FastifyReply) =>
      paypalError(
        reply,
        404,
        'RESOURCE_NOT_FOUND',
        'The specified resource does not exist.',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist. Please check the resource ID and try again.',
      );

    /**
     * Refund a capture: empty body = the rest, `amount` = partial, repeatable up to the capture,
     * in its currency. PayPal-Request-Id: a repeat answers the first request's refund as it is now.
     */
    app.post<{ Params: { id: string } }>(
      '/v2/payments/captures/:id/refund',
      { config: routeConfig },
      async (request, reply) => {
        const account = await bearer(request, reply);
        if (!account) return reply;
        const base = baseOf(request);
        const requestId = request.headers['paypal-request-id'];
        const idemKey = typeof requestId === 'string' ? `${account.clientId}:refund:${requestId}` : undefined;
        const previousId = idemKey ? refundRequests.get(idemKey) : undefined;
        const previous = previousId ? refunds.get(previousId) : undefined;
        if (previous) return reply.code(200).send(refundView(previous.refund, base));
        const found = findCapture(account.clientId, request.params.id);
        if (!found) return notFound(reply);
        const { order, unit, capture } = found;
        const unprocessable = (issue: string, description: string) =>
          paypalError(
            reply,
            422,
            'UNPROCESSABLE_ENTITY',
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
            issue,
            description,
          );
        if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
          return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
        }
        const taken = (unit.payments?.refunds ?? [])
          .filter((r) => r.status !== 'FAILED' && r.status !== 'CANCELLED')
          .reduce((sum, r) => sum + toCents(r.amount.value), 0);
        const left = toCents(capture.amount.value) - taken;
        const body = isRecord(request.body) ? request.body : {};
        const asked = isRecord(body.amount) ? body.amount : undefined;
        if (asked && asked.currency_code !== capture.amount.currency_code) {
          return unprocessable(
            'REFUND_CURRENCY_MISMATCH',
            'Refund must be in the same currency as the capture.',
          );
        }
        const value = asked ? stringOf(asked.value) : (left / 100).toFixed(2);
        if (!value || !TWO_DECIMALS.test(value) || toCents(value) <= 0) {
          return paypalError(
            reply,
            400,
            'INVALID_REQUEST',
            'Request is not well-formed, syntactically incorrect, or violates schema.',
            'INVALID_PARAMETER_VALUE',
            'The value of a field is invalid.',
          );
        }
        if (toCents(value) > left) {
          return unprocessable(
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
        }
        const now = new Date().toISOString();
        const refund: PaypalRefund = {
          id: randomId('', 17).toUpperCase(),
          status: 'PENDING',
          amount: { currency_code: capture.amount.currency_code, value },
          ...(stringOf(body.note_to_payer) ? { note_to_payer: stringOf(body.note_to_payer) } : {}),
          create_time: now,
          update_time: now,
        };
        if (unit.payments) unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
        refunds.set(refund.id, {
          refund,
          captureId: capture.id,
          orderId: order.id,
          clientId: account.clientId,
        });
        if (idemKey) refundRequests.set(idemKey, refund.id);
        const answer = refundView({ ...refund }, base);
        const outcome = refundSwitch.take();
        if (outcome !== 'hold') settleRefund(account, base, refund.id, outcome);
        return reply.code(201).send(answer);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/v2/payments/refunds/:id',
      { config: routeConfig },
      async (request, reply) => {
        const account = await bearer(request, reply);
        if (!account) return reply;
        const entry = refunds.get(request.params.id);
        if (!entry || entry.clientId !== account.clientId) return notFound(reply);
        return reply.send(refundView(entry.refund, baseOf(request)));
      },
    );

    app.get<{ Params: { id: string } }>(
      '/v2/payments/captures/:id',
      { config: routeConfig },
      async (request, reply) => {
        const account = await bearer(request, reply);
        if (!account) return reply;
        const found = findCapture(account.clientId, request.params.id);
        if (!found) return notFound(reply);
        return reply.send({
          ...found.capture,
          supplementary_data: { related_ids: { order_id: found.order.id } },
        });
      },
    );

    app.post(
      '/v1/notifications/verify-webhook-signature',
      { config: routeConfig },
      async (request, reply) => {
        const account = await bearer(request, reply);
        if (!account) return reply;
        const body = isRecord(request.body) ? request.body : {};
        const fields = [
          'auth_algo',
          'cert_url',
          'transmission_id',
          'transmission_sig',
          'transmission_time',
          'webhook_id',
        ];
        const missing = fields.find((f) => typeof body[f] !== 'string');
        if (missing || !isRecord(body.webhook_event)) {
          return paypalError(
            reply,
            400,
            'VALIDATION_ERROR',
            'Invalid request - see details',
            'MISSING_REQUIRED_PARAMETER',
            missing ?? 'webhook_event',
          );
        }
        const expected = Buffer.from(
          transmissionSignature(
            String(body.transmission_id),
            String(body.transmission_time),
            String(body.webhook_id),
            JSON.stringify(body.webhook_event),
          ),
        );
        const actual = Buffer.from(String(body.transmission_sig));
        const ok =
          body.webhook_id === account.webhookId &&
          expected.length === actual.length &&
          timingSafeEqual(expected, actual);
        return reply.send({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      },
    );

    /** What the PayPal pop-up does when the shopper approves (or picks a card that will be declined). */
    app.post('/checkoutnow/approve', { config: routeConfig }, async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const order = orders.get(stringOf(body.token) ?? '');
      if (!order || order.clientId !== body.client_id) {
        return paypalError(
          reply,
          404,
          'RESOURCE_NOT_FOUND',
          'The specified resource does not exist.',
          'INVALID_RESOURCE_ID',
        );
      }
      if (order.status === 'CREATED') {
        order.status = 'APPROVED';
        order.instrumentDeclined = body.outcome === 'decline';
        order.payer = {
          payer_id: randomId('', 13).toUpperCase(),
          email_address: 'sb-buyer@personal.example.com',
          name: { given_name: 'Sandbox', surname: 'Buyer' },
        };
        order.update_time = new Date().toISOString();
        const account = await options.accounts.paypal(order.clientId);
        if (account)
          sendEvent(
            account,
            baseOf(request),
            'CHECKOUT.ORDER.APPROVED',
            'checkout-order',
            view(order, baseOf(request)),
          );
      }
      return reply.send({ orderID: order.id, payerID: order.payer?.payer_id ?? '' });
    });
  };

  /**
   * A refund reaches its final state: COMPLETED (PAYMENT.CAPTURE.REFUNDED is sent, the capture
   * shows REFUNDED or PARTIALLY_REFUNDED) or FAILED (seen by asking the refund).
   */
  function settleRefund(account: PaypalAccount, base: string, refundId: string, outcome: 'process' | 'fail') {
    const entry = refunds.get(refundId);
    if (entry?.refund.status !== 'PENDING') return;
    const order = orders.get(entry.orderId);
    const unit = order?.purchase_units.find((u) =>
      u.payments?.captures.some((c) => c.id === entry.captureId),
    );
    const capture = unit?.payments?.captures.find((c) => c.id === entry.captureId);
    entry.refund.status = outcome === 'fail' ? 'FAILED' : 'COMPLETED';
    entry.refund.update_time = new Date().toISOString();
    if (outcome === 'fail' || !capture || !unit) return;
    const refunded = (unit.payments?.refunds ?? [])
      .filter((r) => r.status === 'COMPLETED')
      .reduce((sum, r) => sum + toCents(r.amount.value), 0);
    capture.status = refunded >= toCents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    sendEvent(account, base, 'PAYMENT.CAPTURE.REFUNDED', 'refund', {
      ...entry.refund,
      links: [
        { href: `${base}/v2/payments/refunds/${entry.refund.id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${entry.captureId}`, rel: 'up', method: 'GET' },
      ],
    });
  }

  /** Settles every held refund (the switch's `hold`). */
  async function settleRefunds(base: string, outcome: 'process' | 'fail' = 'process') {
    for (const [id, entry] of refunds) {
      if (entry.refund.status !== 'PENDING') continue;
      const account = await options.accounts.paypal(entry.clientId);
      if (account) settleRefund(account, base, id, outcome);
    }
  }

  return { plugin, orders, refunds, refundSwitch, settleRefunds, webhooks };
}

export type PaypalSim = ReturnType<typeof createPaypalSim>;
