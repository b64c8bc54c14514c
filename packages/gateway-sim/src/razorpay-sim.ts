import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RazorpayAccount, SimAccounts } from './accounts.ts';
import {
  basicCredentials,
  browserScript,
  type SimPluginOptions,
  isRecord,
  randomId,
  registerSimBodyParsers,
  stringOf,
  unixNow,
} from './sim-common.ts';
import { razorpayPaymentSignature, razorpayWebhookSignature } from './signatures/razorpay.ts';
import { WebhookSender } from './webhook-sender.ts';

/** Orders API minimum amounts in subunits (razorpay.com/docs: "The amount must be at least INR 1.00"). */
const MINIMUM_SUBUNITS: Record<string, number> = {
  INR: 100,
  USD: 50,
  EUR: 50,
  SGD: 50,
  CAD: 50,
  AUD: 50,
  NZD: 50,
  CHF: 50,
  GBP: 30,
  HKD: 400,
  AED: 10,
};

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  notes: Record<string, string> | [];
  created_at: number;
}

interface ErrorFields {
  description: string;
  field?: string;
  code?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: Record<string, string>;
}

function sendError(reply: FastifyReply, status: number, fields: ErrorFields) {
  return reply.code(status).send({
    error: {
      code: fields.code ?? 'BAD_REQUEST_ERROR',
      description: fields.description,
      source: fields.source ?? 'business',
      step: fields.step ?? 'payment_initiation',
      reason: fields.reason ?? 'input_validation_failed',
      metadata: fields.metadata ?? {},
      ...(fields.field ? { field: fields.field } : {}),
    },
  });
}

export interface RazorpaySimOptions {
  accounts: SimAccounts;
  webhooks?: WebhookSender;
}

/**
 * A simulator of Razorpay's REST API (Orders, Payments; Basic auth; error envelope; order
 * state created → attempted → paid), of Checkout.js (`/v1/checkout.js`) and of signed webhooks.
 */
export function createRazorpaySim(options: RazorpaySimOptions) {
  const orders = new Map<string, RazorpayOrder & { keyId: string }>();
  const payments = new Map<string, RazorpayPayment & { keyId: string }>();
  const webhooks = options.webhooks ?? new WebhookSender();
  const script = browserScript('razorpay-checkout');

  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<RazorpayAccount | null> {
    const credentials = basicCredentials(request);
    const account = credentials ? await options.accounts.razorpay(credentials[0]) : undefined;
    if (!credentials || !account || account.keySecret !== credentials[1]) {
      await sendError(reply, 401, {
        description: 'Authentication failed',
        reason: 'NA',
        source: 'NA',
        step: 'NA',
      });
      return null;
    }
    return account;
  }

  const publicOrder = ({ keyId: _k, ...order }: RazorpayOrder & { keyId: string }): RazorpayOrder => order;
  const publicPayment = ({ keyId: _k, ...payment }: RazorpayPayment & { keyId: string }): RazorpayPayment =>
    payment;

  function sendEvent(
    account: RazorpayAccount,
    event: string,
    payment: RazorpayPayment,
    order?: RazorpayOrder,
  ) {
    if (!account.webhookUrl) return;
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (order) payload.order = { entity: order };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_KesarSimulator',
      event,
      contains: order ? ['payment', 'order'] : ['payment'],
      payload,
      created_at: unixNow(),
    });
    webhooks.send({
      url: account.webhookUrl,
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': randomId('evt_'),
        'x-razorpay-signature': razorpayWebhookSignature(body, account.webhookSecret),
      },
    });
  }

  const plugin: FastifyPluginAsync<SimPluginOptions> = async (app, { routeConfig = {} }) => {
    registerSimBodyParsers(app);

    app.get('/v1/checkout.js', { config: routeConfig }, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );

    app.post('/v1/orders', { config: routeConfig }, async (request, reply) => {
      const account = await authenticate(request, reply);
      if (!account) return reply;
      const body = isRecord(request.body) ? request.body : {};
      const currency = body.currency === undefined ? 'INR' : body.currency;
      if (typeof currency !== 'string' || !(currency in MINIMUM_SUBUNITS)) {
        return sendError(reply, 400, { description: 'Currency is not supported', field: 'currency' });
      }
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return sendError(reply, 400, { description: 'The amount must be an integer.', field: 'amount' });
      }
      const minimum = MINIMUM_SUBUNITS[currency] ?? 100;
      if (amount < minimum) {
        return sendError(reply, 400, {
          description: `The amount must be at least ${currency} ${(minimum / 100).toFixed(2)}`,
          field: 'amount',
        });
      }
      const receipt = body.receipt === undefined ? null : body.receipt;
      if (receipt !== null && (typeof receipt !== 'string' || receipt.length > 40)) {
        return sendError(reply, 400, {
          description: 'The receipt may not be greater than 40 characters.',
          field: 'receipt',
        });
      }
      const notes = body.notes ?? [];
      if (isRecord(notes)) {
        const entries = Object.entries(notes);
        if (entries.length > 15) {
          return sendError(reply, 400, { description: 'Number of notes cannot exceed 15', field: 'notes' });
        }
        if (entries.some(([, v]) => typeof v !== 'string' || v.length > 256)) {
          return sendError(reply, 400, {
            description: 'The notes may not be greater than 256 characters.',
            field: 'notes',
          });
        }
      } else if (!Array.isArray(notes) || notes.length > 0) {
        return sendError(reply, 400, { description: 'The notes must be an array.', field: 'notes' });
      }
      const order: RazorpayOrder & { keyId: string } = {
        id: randomId('order_'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency,
        receipt,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: notes as Record<string, string> | [],
        created_at: unixNow(),
        keyId: account.keyId,
      };
      orders.set(order.id, order);
      return reply.send(publicOrder(order));
    });

    const notFound = (reply: FastifyReply) =>
      sendError(reply, 400, { description: 'The id provided does not exist', reason: 'NA', source: 'NA' });

    app.get<{ Params: { id: string } }>('/v1/orders/:id', { config: routeConfig }, async (request, reply) => {
      const account = await authenticate(request, reply);
      if (!account) return reply;
      const order = orders.get(request.params.id);
      if (!order || order.keyId !== account.keyId) return notFound(reply);
      return reply.send(publicOrder(order));
    });

    app.get<{ Params: { id: string } }>(
      '/v1/orders/:id/payments',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const order = orders.get(request.params.id);
        if (!order || order.keyId !== account.keyId) return notFound(reply);
        const items = [...payments.values()].filter((p) => p.order_id === order.id).map(publicPayment);
        return reply.send({ entity: 'collection', count: items.length, items });
      },
    );

    app.get<{ Params: { id: string } }>(
      '/v1/payments/:id',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const payment = payments.get(request.params.id);
        if (!payment || payment.keyId !== account.keyId) return notFound(reply);
        return reply.send(publicPayment(payment));
      },
    );

    app.post<{ Params: { id: string } }>(
      '/v1/payments/:id/capture',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const payment = payments.get(request.params.id);
        if (!payment || payment.keyId !== account.keyId) return notFound(reply);
        const body = isRecord(request.body) ? request.body : {};
        if (body.amount !== payment.amount) {
          return sendError(reply, 400, {
            description: 'Capture amount must be equal to the amount authorized',
            field: 'amount',
          });
        }
        if (payment.status === 'captured') {
          return sendError(reply, 400, { description: 'This payment has already been captured' });
        }
        if (payment.status !== 'authorized') {
          return sendError(reply, 400, {
            description: 'Only payments which have been authorized can be captured',
          });
        }
        payment.status = 'captured';
        payment.captured = true;
        sendEvent(account, 'payment.captured', publicPayment(payment));
        return reply.send(publicPayment(payment));
      },
    );

    /**
     * What Checkout.js does after the shopper approves or declines in its dialog: creates a
     * payment on the order (auto-captured, as orders are by default) and answers with the
     * handler's fields — or the 'payment.failed' error.
     */
    app.post('/checkout/pay', { config: routeConfig }, async (request, reply) => {
      const body = isRecord(request.body) ? request.body : {};
      const keyId = stringOf(body.key_id) ?? '';
      const account = await options.accounts.razorpay(keyId);
      if (!account) return sendError(reply, 401, { description: 'Authentication failed' });
      const order = orders.get(stringOf(body.order_id) ?? '');
      if (!order || order.keyId !== keyId) return notFound(reply);
      if (order.status === 'paid') {
        return sendError(reply, 400, { description: 'Order has already been paid' });
      }
      if (body.amount !== undefined && body.amount !== order.amount) {
        return sendError(reply, 400, {
          description: 'Amount does not match the order amount',
          field: 'amount',
        });
      }
      const declined = body.outcome === 'decline';
      order.attempts += 1;
      order.status = 'attempted';
      const payment: RazorpayPayment & { keyId: string } = {
        id: randomId('pay_'),
        entity: 'payment',
        amount: order.amount,
        currency: order.currency,
        status: declined ? 'failed' : 'authorized',
        order_id: order.id,
        method: 'card',
        captured: false,
        description: stringOf(body.description) ?? null,
        email: stringOf(body.email) ?? 'void@razorpay.com',
        contact: stringOf(body.contact) ?? '+919000090000',
        error_code: declined ? 'BAD_REQUEST_ERROR' : null,
        error_description: declined ? 'Your payment has been declined by your bank.' : null,
        error_source: declined ? 'bank' : null,
        error_step: declined ? 'payment_authorization' : null,
        error_reason: declined ? 'payment_declined' : null,
        notes: [],
        created_at: unixNow(),
        keyId,
      };
      payments.set(payment.id, payment);
      if (declined) {
        sendEvent(account, 'payment.failed', publicPayment(payment));
        return reply.code(400).send({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: payment.error_description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_declined',
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        });
      }
      sendEvent(account, 'payment.authorized', publicPayment(payment));
      payment.status = 'captured';
      payment.captured = true;
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      sendEvent(account, 'payment.captured', publicPayment(payment));
      sendEvent(account, 'order.paid', publicPayment(payment), publicOrder(order));
      return reply.send({
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: razorpayPaymentSignature(order.id, payment.id, account.keySecret),
      });
    });
  };

  return { plugin, orders, payments, webhooks };
}

export type RazorpaySim = ReturnType<typeof createRazorpaySim>;
