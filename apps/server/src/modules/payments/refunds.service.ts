import { createHash } from 'node:crypto';
import { formatPaise } from '@shop/contract/money';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { lockOrder, settleRefundedMoney } from '../orders/order-lifecycle.service.ts';
import { paidByHand } from './cash-collection.service.ts';
import { isOrdersMoney } from './orders-money.ts';
import { capturedPaiseOf, gatewayMinorOf, smallestRefundPaise } from './payment-currency.ts';
import { type GatewaySettings, resolveGateway } from './gateway-settings.ts';
import { CAPTURED_STATES, findGateway, recordEvent } from './payments.repository.ts';
import type { RefundAnswer } from './providers/refund-answer.ts';
import { providerOf } from './providers/registry.ts';
import { mailRefund } from './refund-mails.ts';
import {
  claimDueRefunds,
  findPaymentOfOrder,
  findRefund,
  findRefundByGatewayId,
  findRefundByGatewayKey,
  findRefundByKey,
  hasUnansweredRefund,
  insertRefund,
  listOrderRefunds,
  paymentsOfOrder,
  processedRefundsOfOrder,
  type RefundRow,
  refundedOfPayment,
  type RefundStatusValue,
  releaseRefundAmount,
  reserveRefundAmount,
  setPaymentStatus,
  updateRefund,
} from './refunds.repository.ts';

export type RefundRequester = 'system' | 'customer' | 'staff';
export interface RefundRequest {
  orderId: number; // our order id
  paymentId: number; // our payments.id row of the captured payment to refund
  amountPaise: number; // integer > 0; the sum of refunds of a payment never exceeds its capture
  reason: string; // shown to the customer, e.g. 'Order cancelled', 'Payment received after the order was cancelled'
  requestedBy: RefundRequester;
  requestedById?: number | null;
  /**
   * Runs in the transaction that records a new refund (never for a replay of its key), so what a
   * caller writes beside it — a staff refund's audit entry — commits with the refund or not at all.
   * `reference` is that of a refund made by hand (recordManualRefund).
   */
  onRecorded?: (tx: DbOrTx, refund: { id: number; amountPaise: number; reference?: string }) => Promise<void>;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface RefundView {
  id: number;
  orderId: number;
  paymentId: number;
  gateway: string;
  amountPaise: number;
  reason: string;
  /** 'requested' shows as 'pending': for the customer both mean "on its way". */
  status: RefundStatus;
  /** The gateway's refund id or, for cash on delivery, the reference of the manual refund. */
  reference: string | null;
  requestedBy: RefundRequester;
  createdAt: string;
  processedAt: string | null;
}

/**
 * Why a refund was not recorded. `below-gateway-minimum`: a payment taken in another currency
 * (PayPal, in US dollars) cannot give back less than one of its units.
 */
export type RefundRefusal = 'exceeds-capture' | 'not-captured' | 'not-found' | 'below-gateway-minimum';

export type RefundResult =
  | { ok: true; refundId: number; status: RefundStatus }
  | { ok: false; reason: RefundRefusal; message: string };

/** Failed gateway calls are retried this many times in all, then the refund fails for good. */
export const MAX_REFUND_ATTEMPTS = 5;
/** Back-off after the n-th failure (1 → 1 min, 2 → 5 min, 3 → 30 min, 4+ → 2 h). */
export function refundRetryDelayMs(attempts: number): number {
  const minutes = [1, 5, 30, 120][Math.min(Math.max(attempts, 1), 4) - 1] ?? 120;
  return minutes * 60_000;
}
/** A pending refund's status is asked again after this long (webhooks usually come first). */
export const REFUND_POLL_MS = 10 * 60_000;
const CLAIM_LEASE_MS = 2 * 60_000;

/**
 * A refund's state as customers and staff read it. A failed attempt the shop will try again (a
 * `nextAttemptAt`) is still pending: shown as failed, it read as money lost, then turned to
 * processed at the retry (states only move forward, refunds-and-reconciliation.md rule 3). Only
 * a refund given up on reads failed.
 */
const publicStatus = (refund: { status: string; nextAttemptAt: Date | null }): RefundStatus =>
  refund.status === 'processed'
    ? 'processed'
    : refund.status === 'failed' && !refund.nextAttemptAt
      ? 'failed'
      : 'pending';

/** How each context reaches the gateways (the in-process simulators live at the server's own address). */
const origins = new WeakMap<AppContext, () => string>();
export function bindRefundGateways(ctx: AppContext, origin: () => string) {
  origins.set(ctx, origin);
}

/** The settings of a gateway as this context reaches it (jobs have no request to take an origin from). */
export async function gatewaySettings(
  ctx: AppContext,
  gateway: string,
): Promise<GatewaySettings | undefined> {
  const row = await findGateway(ctx.db, gateway);
  const origin = origins.get(ctx)?.() ?? ctx.config.publicUrl;
  return row ? resolveGateway(row, ctx.config, origin) : undefined;
}

/**
 * The key the gateway deduplicates on: derived from the order and the caller's key, so a retry
 * of the same request reuses it; the suffix changes only after the gateway said "failed".
 * Letters, digits, `_` and `-`, 10–50 characters (Razorpay's and Paytm's limits).
 */
function gatewayKeyOf(orderId: number, paymentId: number, idempotencyKey: string, generation: number) {
  const digest = createHash('sha256').update(`${paymentId}:${idempotencyKey}`).digest('hex').slice(0, 20);
  return `rfnd_o${orderId}_${digest}_${generation}`;
}

function nextGatewayKey(key: string): string {
  const at = key.lastIndexOf('_');
  return `${key.slice(0, at)}_${Number(key.slice(at + 1)) + 1}`;
}

class DuplicateRefundKey extends Error {}

/*
 * Lock order: every transaction here that touches an order's payments or refunds takes the order's
 * row first, as payment settlements do. Otherwise a refund (whose rows point at the payment and
 * the order, and so hold key-share locks on both) and a settlement of the same order take the two
 * rows in opposite orders, and PostgreSQL ends one of them as a deadlock.
 */

/**
 * Once a refund is processed, its payment and its order show what the shop keeps: the payment
 * becomes partially_refunded or refunded, and the orders module sets the order's payment status
 * from the order's captured and refunded money.
 */
async function settleRefundedPayment(tx: DbOrTx, refund: RefundRow): Promise<void> {
  const refunded = await processedRefundsOfOrder(tx, refund.orderId);
  // Only the order's own money sets its payment status and credits its invoice (orders-money.ts).
  const order = await lockOrder(tx, refund.orderId);
  let capturedPaise = 0;
  let refundedPaise = 0;
  for (const payment of await paymentsOfOrder(tx, refund.orderId)) {
    if (!CAPTURED_STATES.has(payment.status)) continue;
    const captured = capturedPaiseOf(payment);
    const back = refunded.get(payment.id) ?? 0;
    if (order && isOrdersMoney(order, payment.gateway)) {
      capturedPaise += captured;
      refundedPaise += back;
    }
    const status = back <= 0 ? 'paid' : back >= captured ? 'refunded' : 'partially_refunded';
    if (status !== payment.status) await setPaymentStatus(tx, payment.id, status);
  }
  await settleRefundedMoney(tx, refund.orderId, { capturedPaise, refundedPaise }, refund.reason);
}

function checkRefundInput(request: RefundRequest, idempotencyKey: string) {
  if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise <= 0) {
    throw AppError.invalid('amountPaise', 'The refund amount must be a positive number of paise.');
  }
  if (!idempotencyKey) throw AppError.invalid('idempotencyKey', 'A refund needs an idempotency key.');
}

/**
 * A refund recorded inside the caller's transaction: `ask` says whether the gateway still has to
 * be asked (with `askRefundGateway`, after commit). Until then the refund waits as 'requested'
 * with a short lease, so should the process die first, the refunds job asks with the same key.
 */
export type RecordedRefund =
  | { ok: true; refundId: number; status: RefundStatus; ask: boolean }
  | { ok: false; reason: RefundRefusal; message: string };

/**
 * Writes a refund of a captured gateway payment in `tx`, idempotently per (paymentId,
 * idempotencyKey): the refund is part of whatever the caller commits. A payment settlement that
 * decides to give a capture back records it here, in its own transaction, so no crash between
 * "captured" and "refund asked" can keep the money (payment-settlement.service.ts).
 */
export async function recordRefund(
  ctx: AppContext,
  tx: DbOrTx,
  request: RefundRequest,
  idempotencyKey: string,
): Promise<RecordedRefund> {
  checkRefundInput(request, idempotencyKey);
  await lockOrder(tx, request.orderId);
  // Under the order's lock a committed refund of the same key is visible: answer with it.
  const replay = await findRefundByKey(tx, request.paymentId, idempotencyKey);
  if (replay) return { ok: true, refundId: replay.id, status: publicStatus(replay), ask: false };
  const payment = await findPaymentOfOrder(tx, request.orderId, request.paymentId);
  if (!payment) return { ok: false, reason: 'not-found', message: 'No such payment for this order.' };
  if (!CAPTURED_STATES.has(payment.status) || paidByHand(payment.gateway)) {
    return {
      ok: false,
      reason: 'not-captured',
      message: 'This payment has captured no money to refund.',
    };
  }
  // Under the order's lock: no other refund of this payment moves the balance meanwhile.
  const captured = capturedPaiseOf(payment);
  const refundedBefore = await refundedOfPayment(tx, payment.id);
  const exceeds = {
    ok: false,
    reason: 'exceeds-capture',
    message: 'The refunds of this payment would exceed the amount it captured.',
  } as const;
  if (refundedBefore + request.amountPaise > captured) return exceeds;
  const amountMinor = gatewayMinorOf(payment, refundedBefore, request.amountPaise);
  if (amountMinor < 1) {
    return {
      ok: false,
      reason: 'below-gateway-minimum',
      message: `This payment was taken in ${payment.currency}: its smallest refund is ${formatPaise(smallestRefundPaise(payment))}.`,
    };
  }
  // The balance row's CHECK still decides, should two processes race past the check above.
  const reserved = await reserveRefundAmount(tx, payment.id, captured, request.amountPaise);
  if (!reserved) return exceeds;
  const row = await insertRefund(tx, {
    orderId: request.orderId,
    paymentId: payment.id,
    gateway: payment.gateway,
    amountPaise: request.amountPaise,
    amountMinor,
    currency: payment.currency,
    reason: request.reason,
    status: 'requested',
    requestedBy: request.requestedBy,
    requestedById: request.requestedById ?? null,
    idempotencyKey,
    gatewayKey: gatewayKeyOf(request.orderId, payment.id, idempotencyKey, 1),
    // Should this process die before asking the gateway, the job asks with the same key.
    nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS),
  });
  // A concurrent call with the same key won: undo this reservation, answer with its refund.
  if (!row) throw new DuplicateRefundKey();
  await request.onRecorded?.(tx, { id: row.id, amountPaise: row.amountPaise });
  await mailRefund(ctx, tx, row, 'requested');
  return { ok: true, refundId: row.id, status: publicStatus(row), ask: true };
}

/** Asks the gateway for a refund recorded by `recordRefund`, once its transaction has committed. */
export async function askRefundGateway(ctx: AppContext, refundId: number): Promise<RefundStatus> {
  await askGateway(ctx, refundId);
  const refund = await findRefund(ctx.db, refundId);
  if (!refund) throw AppError.notFound('No such refund.');
  return publicStatus(refund);
}

/** Records the refund (status 'pending') and asks the gateway after commit; idempotent per (paymentId, idempotencyKey). */
export async function requestRefund(
  ctx: AppContext,
  request: RefundRequest,
  idempotencyKey: string,
): Promise<RefundResult> {
  checkRefundInput(request, idempotencyKey);
  const replay = await findRefundByKey(ctx.db, request.paymentId, idempotencyKey);
  if (replay) return { ok: true, refundId: replay.id, status: publicStatus(replay) };

  let recorded: RecordedRefund;
  try {
    recorded = await ctx.db.transaction((tx) => recordRefund(ctx, tx, request, idempotencyKey));
  } catch (error) {
    if (!(error instanceof DuplicateRefundKey)) throw error;
    const winner = await findRefundByKey(ctx.db, request.paymentId, idempotencyKey);
    if (!winner) throw error;
    return { ok: true, refundId: winner.id, status: publicStatus(winner) };
  }
  if (!recorded.ok) return recorded;
  const status = recorded.ask ? await askRefundGateway(ctx, recorded.refundId) : recorded.status;
  return { ok: true, refundId: recorded.refundId, status };
}

export interface FullRefundRequest {
  reason: string;
  requestedBy: RefundRequester;
  requestedById?: number | null;
  key: string;
}

/**
 * Records, in `tx`, the refund of everything an order's gateway payments captured and no refund
 * has claimed yet (a cancelled order keeps nothing): the cancellation and its refunds commit
 * together. Keyed by `key` and the payment, so asking again records nothing twice. Returns the
 * refunds the gateway still has to be asked for, with `askRefundGateway` after commit.
 */
export async function recordFullRefunds(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: number,
  request: FullRefundRequest,
): Promise<number[]> {
  await lockOrder(tx, orderId);
  const toAsk: number[] = [];
  for (const payment of await paymentsOfOrder(tx, orderId)) {
    if (!CAPTURED_STATES.has(payment.status) || paidByHand(payment.gateway)) continue;
    const replay = await findRefundByKey(tx, payment.id, request.key);
    if (replay) continue;
    const left = capturedPaiseOf(payment) - (await refundedOfPayment(tx, payment.id));
    if (left <= 0) continue;
    const recorded = await recordRefund(
      ctx,
      tx,
      {
        orderId,
        paymentId: payment.id,
        amountPaise: left,
        reason: request.reason,
        requestedBy: request.requestedBy,
        requestedById: request.requestedById ?? null,
      },
      request.key,
    );
    if (recorded.ok) {
      if (recorded.ask) toAsk.push(recorded.refundId);
    } else if (recorded.reason !== 'below-gateway-minimum') {
      // (Paise left over that come to no unit of the payment's own currency: it is all given back.)
      ctx.log.error({ orderId, paymentId: payment.id, reason: recorded.reason }, 'refund refused');
    }
  }
  return toAsk;
}

/** Asks the gateways for refunds recorded in a committed transaction; the refunds job retries failures. */
export async function askRefundGateways(ctx: AppContext, refundIds: number[]): Promise<void> {
  for (const id of refundIds) {
    try {
      await askRefundGateway(ctx, id);
    } catch (error) {
      // The refund is recorded; the job asks again once its lease runs out.
      ctx.log.error({ err: error, refundId: id }, 'refund not asked yet');
    }
  }
}

/** Refunds of an order, newest first, for order details (customer and staff). */
export async function listRefunds(
  ctx: AppContext,
  orderId: number,
  db: DbOrTx = ctx.db,
): Promise<RefundView[]> {
  const rows = await listOrderRefunds(db, orderId);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    paymentId: r.paymentId,
    gateway: r.gateway,
    amountPaise: r.amountPaise,
    reason: r.reason,
    status: publicStatus(r),
    reference: r.gatewayRefundId,
    requestedBy: r.requestedBy as RefundRequester,
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt ? r.processedAt.toISOString() : null,
  }));
}

/**
 * Cash on delivery: the money went back by hand (bank transfer, cash); staff record it with its
 * reference. Same cap as gateway refunds: never more than the cash payment collected.
 */
export async function recordManualRefund(
  ctx: AppContext,
  input: RefundRequest & { reference: string },
): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw AppError.invalid('amountPaise', 'The refund amount must be a positive number of paise.');
  }
  if (!input.reference.trim()) throw AppError.invalid('reference', 'A manual refund needs its reference.');
  return ctx.db.transaction(async (tx): Promise<RefundResult> => {
    await lockOrder(tx, input.orderId);
    const payment = await findPaymentOfOrder(tx, input.orderId, input.paymentId);
    if (!payment) return { ok: false, reason: 'not-found', message: 'No such payment for this order.' };
    if (!paidByHand(payment.gateway) || !CAPTURED_STATES.has(payment.status)) {
      return {
        ok: false,
        reason: 'not-captured',
        message: 'Only money taken by hand (collected cash, confirmed offline payments) is refunded by hand.',
      };
    }
    if (!(await reserveRefundAmount(tx, payment.id, capturedPaiseOf(payment), input.amountPaise))) {
      return {
        ok: false,
        reason: 'exceeds-capture',
        message: 'The refunds would exceed the money taken.',
      };
    }
    const key = `manual:${input.reference.trim()}`;
    const row = await insertRefund(tx, {
      orderId: input.orderId,
      paymentId: payment.id,
      gateway: payment.gateway,
      amountPaise: input.amountPaise,
      amountMinor: input.amountPaise,
      reason: input.reason,
      status: 'processed',
      requestedBy: input.requestedBy,
      requestedById: input.requestedById ?? null,
      idempotencyKey: key,
      gatewayKey: gatewayKeyOf(input.orderId, payment.id, key, 1),
      gatewayRefundId: input.reference.trim(),
      processedAt: new Date(),
    });
    if (!row) throw AppError.invalid('reference', 'This reference is already recorded for this payment.');
    await input.onRecorded?.(tx, {
      id: row.id,
      amountPaise: row.amountPaise,
      reference: input.reference.trim(),
    });
    await mailRefund(ctx, tx, row, 'processed');
    await settleRefundedPayment(tx, row);
    return { ok: true, refundId: row.id, status: 'processed' };
  });
}

/** Applies what the gateway said to the refund; returns the refund's status afterwards. */
async function applyAnswer(
  ctx: AppContext,
  refund: RefundRow,
  answer: RefundAnswer,
  now = new Date(),
  db: DbOrTx = ctx.db,
): Promise<RefundStatusValue> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, refund.orderId);
    // An accepted refund moves on only from requested/pending: a failure already reported (by a
    // webhook that overtook the call's answer) is not undone by the earlier 'pending' answer.
    const open: RefundStatusValue[] = ['requested', 'pending'];
    if (answer.kind === 'accepted' && answer.status === 'processed') {
      const moved = await updateRefund(tx, refund.id, open, {
        status: 'processed',
        gatewayRefundId: answer.gatewayRefundId || refund.gatewayRefundId,
        processedAt: now,
        nextAttemptAt: null,
        lastError: null,
      });
      if (moved) {
        await mailRefund(ctx, tx, moved, 'processed');
        await settleRefundedPayment(tx, moved);
      }
      return (
        (moved?.status as RefundStatusValue | undefined) ??
        ((await findRefund(tx, refund.id))?.status as RefundStatusValue)
      );
    }
    if (answer.kind === 'accepted') {
      const moved = await updateRefund(tx, refund.id, open, {
        status: 'pending',
        gatewayRefundId: answer.gatewayRefundId || refund.gatewayRefundId,
        nextAttemptAt: new Date(now.getTime() + REFUND_POLL_MS),
      });
      return (moved?.status ?? (await findRefund(tx, refund.id))?.status) as RefundStatusValue;
    }
    if (answer.kind === 'unknown') {
      // No trustworthy answer: ask again later with the same key (the gateway deduplicates).
      ctx.log.warn(
        { refundId: refund.id, reason: answer.reason },
        'refund: no answer from the gateway, will retry',
      );
      await updateRefund(tx, refund.id, open, {
        lastError: answer.reason,
        nextAttemptAt: new Date(now.getTime() + refundRetryDelayMs(refund.attempts + 1)),
      });
      return refund.status as RefundStatusValue;
    }
    const attempts = refund.attempts + 1;
    const final = attempts >= MAX_REFUND_ATTEMPTS;
    const moved = await updateRefund(tx, refund.id, ['requested', 'pending'], {
      status: 'failed',
      attempts,
      lastError: answer.reason,
      ...(answer.gatewayRefundId ? { gatewayRefundId: answer.gatewayRefundId } : {}),
      nextAttemptAt: final ? null : new Date(now.getTime() + refundRetryDelayMs(attempts)),
    });
    if (!moved) return (await findRefund(tx, refund.id))?.status as RefundStatusValue;
    if (final) {
      // The money stays with the shop: free the capture for another refund and tell the customer.
      await releaseRefundAmount(tx, refund.paymentId, refund.amountPaise);
      await mailRefund(ctx, tx, moved, 'failed');
      ctx.log.error({ refundId: refund.id, reason: answer.reason }, 'refund failed for good');
    } else {
      ctx.log.warn(
        { refundId: refund.id, attempts, reason: answer.reason },
        'refund failed at the gateway, will retry',
      );
    }
    return 'failed';
  });
}

/**
 * One gateway call for a refund: a new refund call for a requested refund (or a failed one,
 * with a new key), a status question for a pending one the gateway already knows.
 */
async function askGateway(ctx: AppContext, refundId: number, now = new Date()): Promise<RefundStatusValue> {
  let refund = await findRefund(ctx.db, refundId);
  if (!refund) throw AppError.notFound('No such refund.');
  if (refund.status === 'processed' || (refund.status === 'failed' && !refund.nextAttemptAt)) {
    return refund.status as RefundStatusValue;
  }
  if (refund.status === 'failed') {
    // The gateway said this attempt failed: only now may a new key be used. Recorded before the call.
    const retried = await updateRefund(ctx.db, refund.id, ['failed'], {
      status: 'pending',
      gatewayKey: nextGatewayKey(refund.gatewayKey),
      gatewayRefundId: null,
    });
    if (!retried) return (await findRefund(ctx.db, refund.id))?.status as RefundStatusValue;
    refund = retried;
  }
  const settings = await gatewaySettings(ctx, refund.gateway);
  const [payment] = await ctx.db.query.payments.findMany({
    where: (p, { eq }) => eq(p.id, refund.paymentId),
  });
  if (!settings || !payment?.gatewayPaymentId) {
    return applyAnswer(ctx, refund, { kind: 'unknown', reason: 'gateway or payment id missing' }, now);
  }
  const call = {
    gatewayPaymentId: payment.gatewayPaymentId,
    gatewayOrderId: payment.gatewayOrderId ?? '',
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    key: refund.gatewayKey,
    note: refund.reason,
  };
  const known = refund.status === 'pending' && refund.gatewayRefundId;
  const provider = providerOf(settings);
  if (!provider.refund || !provider.refundStatus) return refund.status as RefundStatusValue;
  const answer: RefundAnswer = known
    ? await provider.refundStatus(settings, { ...call, gatewayRefundId: refund.gatewayRefundId ?? '' })
    : await provider.refund(settings, call);
  return applyAnswer(ctx, refund, answer, now);
}

/** The background job: retries failed refunds, re-asks unanswered ones, polls pending ones. */
export async function runDueRefunds(ctx: AppContext, now = new Date(), limit = 20): Promise<number> {
  const ids = await ctx.db.transaction((tx) => claimDueRefunds(tx, now, limit, CLAIM_LEASE_MS));
  for (const id of ids) {
    try {
      await askGateway(ctx, id, now);
    } catch (error) {
      ctx.log.error({ err: error, refundId: id }, 'refund job: refund not handled');
    }
  }
  return ids.length;
}

export interface RefundWebhook {
  gateway: 'razorpay' | 'paytm' | 'paypal';
  /** The gateway's event id (Razorpay x-razorpay-event-id, PayPal event id): repeats change nothing. */
  eventId: string;
  eventType: string;
  /** The verified body. */
  payload: unknown;
}

const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const asText = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The capture id in a PayPal refund's `up` link (`…/v2/payments/captures/{id}`). */
function captureOfRefund(resource: Record<string, unknown>): string | undefined {
  const links = Array.isArray(resource.links) ? resource.links.map(asObject) : [];
  const up = asText(links.find((l) => l.rel === 'up')?.href);
  return up?.match(/\/captures\/([A-Za-z0-9_-]+)$/)?.[1];
}

/**
 * A refund webhook, its signature already verified by the payments webhook route: Razorpay
 * `refund.processed` / `refund.failed`, PayPal `PAYMENT.CAPTURE.REFUNDED`. Returns false for
 * events it does not handle (the caller treats them as payment events).
 */
export async function handleRefundWebhook(ctx: AppContext, event: RefundWebhook): Promise<boolean> {
  let gatewayRefundId: string | undefined;
  let receipt: string | undefined;
  /** PayPal's refund names its capture (the `up` link), not a key of ours. */
  let captureId: string | undefined;
  let answer: RefundAnswer | undefined;
  if (event.gateway === 'razorpay' && event.eventType.startsWith('refund.')) {
    const entity = asObject(asObject(asObject(asObject(event.payload).payload).refund).entity);
    gatewayRefundId = asText(entity.id);
    receipt = asText(entity.receipt);
    if (event.eventType === 'refund.processed' && gatewayRefundId) {
      answer = { kind: 'accepted', gatewayRefundId, status: 'processed' };
    } else if (event.eventType === 'refund.failed' && gatewayRefundId) {
      answer = { kind: 'failed', reason: 'Razorpay reports the refund failed', gatewayRefundId };
    }
  } else if (event.gateway === 'paypal' && event.eventType === 'PAYMENT.CAPTURE.REFUNDED') {
    const resource = asObject(asObject(event.payload).resource);
    gatewayRefundId = asText(resource.id);
    captureId = captureOfRefund(resource);
    if (gatewayRefundId) {
      const status = asText(resource.status);
      answer =
        status === 'COMPLETED' || status === undefined
          ? { kind: 'accepted', gatewayRefundId, status: 'processed' }
          : status === 'FAILED' || status === 'CANCELLED'
            ? { kind: 'failed', reason: `PayPal reports the refund ${status.toLowerCase()}`, gatewayRefundId }
            : { kind: 'accepted', gatewayRefundId, status: 'pending' };
    }
  } else {
    return false;
  }
  const found = answer;
  const refundId = gatewayRefundId;
  // The event id and its effect are committed together: a repeat finds the event and does nothing,
  // a crash before the commit leaves neither, so the gateway's retry is applied.
  await ctx.db.transaction(async (tx) => {
    const fresh = await recordEvent(tx, {
      gateway: event.gateway,
      eventId: event.eventId,
      eventType: event.eventType,
      payload: event.payload,
    });
    if (!fresh || !found || !refundId) return;
    const refund =
      (await findRefundByGatewayId(tx, event.gateway, refundId)) ??
      (receipt ? await findRefundByGatewayKey(tx, receipt) : undefined);
    if (!refund) {
      if (captureId && (await hasUnansweredRefund(tx, event.gateway, captureId))) {
        // The event overtook the answer to our refund call, which carries the id we match it by.
        // Refused (and not recorded), so the gateway sends it again — PayPal retries a non-2xx for
        // three days — and the retry finds the id. Otherwise the refund would wait for the poll.
        throw new AppError('conflict', 'This refund is not recorded yet; send the event again.');
      }
      ctx.log.warn(
        { gateway: event.gateway, gatewayRefundId: refundId },
        'refund webhook for an unknown refund',
      );
      return;
    }
    // A failure report about an earlier key's refund says nothing about the current attempt.
    if (found.kind === 'failed' && refund.gatewayRefundId && refund.gatewayRefundId !== refundId) return;
    await applyAnswer(ctx, refund, found, new Date(), tx);
  });
  return true;
}
