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
import { RefundSwitch } from './refund-switch.ts';
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
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
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

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  speed_processed: string | null;
  created_at: number;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

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
  const refunds = new Map<string, RazorpayRefund & { keyId: string }>();
  /** X-Refund-Idempotency → the request body it came with and the refund it made. */
  const refundKeys = new Map<string, { body: string; refundId: string }>();
  const refundSwitch = new RefundSwitch();
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

  const publicRefund = ({ keyId: _k, ...refund }: RazorpayRefund & { keyId: string }): RazorpayRefund => ({
    ...refund,
  });

  function sendEvent(
    account: RazorpayAccount,
    event: string,
    payment: RazorpayPayment,
    order?: RazorpayOrder,
    refund?: RazorpayRefund,
  ) {
    if (!account.webhookUrl) return;
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (order) payload.order = { entity: order };
    if (refund) payload.refund = { entity: refund };
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_KesarSimulator',
      event,
      contains: refund ? ['refund', 'payment'] : order ? ['payment', 'order'] : ['payment'],
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

    refundSwitch.register(app, routeConfig);

    /**
     * POST /v1/payments/:id/refund: only captured payments, amount in paise (omitted = the rest),
     * refunds never above the payment. X-Refund-Idempotency: the same key and body answer the
     * same refund; the same key with another body is a 400.
     */
    app.post<{ Params: { id: string } }>(
      '/v1/payments/:id/refund',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const key = request.headers['x-refund-idempotency'];
        const idempotencyKey = typeof key === 'string' ? key : undefined;
        if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
          return sendError(reply, 400, {
            description: 'The idempotency key must be at least 10 letters, digits, - or _',
          });
        }
        const bodyText = `${request.params.id}:${request.rawBody ?? ''}`;
        if (idempotencyKey) {
          const seen = refundKeys.get(`${account.keyId}/${idempotencyKey}`);
          if (seen) {
            if (seen.body !== bodyText) {
              return sendError(reply, 400, {
                description: 'Idempotency key is already used with a different request body',
              });
            }
            const refund = refunds.get(seen.refundId);
            if (refund) return reply.send(publicRefund(refund));
          }
        }
        const payment = payments.get(request.params.id);
        if (!payment || payment.keyId !== account.keyId) return notFound(reply);
        if (!payment.captured) {
          return sendError(reply, 400, { description: 'Only captured payments can be refunded' });
        }
        const body = isRecord(request.body) ? request.body : {};
        const left = payment.amount - payment.amount_refunded;
        const amount = body.amount === undefined ? left : body.amount;
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          return sendError(reply, 400, {
            description: 'The amount must be at least INR 1.00',
            field: 'amount',
          });
        }
        if (amount > left) {
          return sendError(reply, 400, {
            description: 'The refund amount provided is greater than amount captured',
            field: 'amount',
          });
        }
        const receipt = stringOf(body.receipt) ?? null;
        const refund: RazorpayRefund & { keyId: string } = {
          id: randomId('rfnd_'),
          entity: 'refund',
          amount,
          currency: payment.currency,
          payment_id: payment.id,
          notes: isRecord(body.notes) ? (body.notes as Record<string, string>) : [],
          receipt,
          acquirer_data: { arn: null },
          status: 'pending',
          speed_requested: stringOf(body.speed) ?? 'normal',
          speed_processed: null,
          created_at: unixNow(),
          keyId: account.keyId,
        };
        refunds.set(refund.id, refund);
        if (idempotencyKey) {
          refundKeys.set(`${account.keyId}/${idempotencyKey}`, { body: bodyText, refundId: refund.id });
        }
        payment.amount_refunded += amount;
        payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
        if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
        const answer = publicRefund(refund);
        sendEvent(account, 'refund.created', publicPayment(payment), undefined, answer);
        const outcome = refundSwitch.take();
        if (outcome !== 'hold') settleRefund(account, refund, outcome);
        return reply.send(answer);
      },
    );

    const ownRefund = (account: RazorpayAccount, id: string) => {
      const refund = refunds.get(id);
      return refund && refund.keyId === account.keyId ? refund : undefined;
    };

    app.get<{ Params: { id: string } }>(
      '/v1/refunds/:id',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const refund = ownRefund(account, request.params.id);
        if (!refund) return notFound(reply);
        return reply.send(publicRefund(refund));
      },
    );

    /** Lists in Razorpay's collection shape, filtered by `from`/`to` (unix seconds), `count` ≤ 100, `skip`. */
    function page<T extends { created_at: number }>(items: T[], query: Record<string, string | undefined>) {
      const from = Number(query.from ?? 0);
      const to = Number(query.to ?? Number.MAX_SAFE_INTEGER);
      const count = Math.min(Number(query.count ?? 10), 100);
      const skip = Number(query.skip ?? 0);
      const chosen = items
        .filter((i) => i.created_at >= from && i.created_at <= to)
        .sort((a, b) => b.created_at - a.created_at)
        .slice(skip, skip + count);
      return { entity: 'collection', count: chosen.length, items: chosen };
    }

    app.get<{ Querystring: Record<string, string | undefined> }>(
      '/v1/refunds',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const mine = [...refunds.values()].filter((r) => r.keyId === account.keyId).map(publicRefund);
        return reply.send(page(mine, request.query));
      },
    );

    app.get<{ Querystring: Record<string, string | undefined> }>(
      '/v1/payments',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const mine = [...payments.values()].filter((p) => p.keyId === account.keyId).map(publicPayment);
        return reply.send(page(mine, request.query));
      },
    );

    app.get<{ Params: { id: string } }>(
      '/v1/payments/:id/refunds',
      { config: routeConfig },
      async (request, reply) => {
        const account = await authenticate(request, reply);
        if (!account) return reply;
        const payment = payments.get(request.params.id);
        if (!payment || payment.keyId !== account.keyId) return notFound(reply);
        const items = [...refunds.values()].filter((r) => r.payment_id === payment.id).map(publicRefund);
        return reply.send({ entity: 'collection', count: items.length, items });
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
        amount_refunded: 0,
        refund_status: null,
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

  /** A refund reaches its final state: processed (the payment's refunded amount grows) or failed. */
  function settleRefund(
    account: RazorpayAccount,
    refund: RazorpayRefund & { keyId: string },
    outcome: 'process' | 'fail',
  ) {
    if (refund.status !== 'pending') return;
    const payment = payments.get(refund.payment_id);
    if (!payment) return;
    if (outcome === 'fail') {
      refund.status = 'failed';
    } else {
      refund.status = 'processed';
      refund.speed_processed = 'normal';
      refund.acquirer_data = { arn: randomId('', 12).replace(/[a-zA-Z]/g, '4') };
    }
    if (outcome === 'fail') {
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      if (payment.status === 'refunded' && payment.amount_refunded < payment.amount)
        payment.status = 'captured';
    }
    sendEvent(
      account,
      outcome === 'fail' ? 'refund.failed' : 'refund.processed',
      publicPayment(payment),
      undefined,
      publicRefund(refund),
    );
  }

  /** Settles every held refund (the switch's `hold`), as Razorpay does days later. */
  async function settleRefunds(outcome: 'process' | 'fail' = 'process') {
    for (const refund of refunds.values()) {
      if (refund.status !== 'pending') continue;
      const account = await options.accounts.razorpay(refund.keyId);
      if (account) settleRefund(account, refund, outcome);
    }
  }

  return { plugin, orders, payments, refunds, refundSwitch, settleRefunds, webhooks };
}

export type RazorpaySim = ReturnType<typeof createRazorpaySim>;
