import { paymentMessages } from '@shop/contract/payments';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { expiredReservations, extendReservation } from '../orders/order-lifecycle.service.ts';
import { GatewayUnavailable } from './providers/gateway-http.ts';
import type { Verdict } from './providers/payment-provider.ts';
import { providerOf } from './providers/registry.ts';
import { settlePayment } from './payment-settlement.service.ts';
import { leftOpenPayments, openGatewayPayments, type PaymentRow } from './payments.repository.ts';
import { gatewaySettings } from './refunds.service.ts';

/** How long an order keeps its stock while its gateway still reports the payment as under way. */
export const RECHECK_AFTER_MS = 15 * 60_000;

/**
 * The longest a payment under way keeps its order's stock, counted from when it began. A Paytm
 * transaction started and never paid stays PENDING at the gateway, and every check kept the stock
 * another RECHECK_AFTER_MS, with no end: any shopper could hold goods away from everyone else.
 * An hour is four times a Paytm transaction token's life and past a UPI collect request's
 * usual expiry. Money that still arrives later is the settlement's (taken back into stock and
 * confirmed, or refunded in full).
 */
export const LONGEST_HOLD_MS = 60 * 60_000;

/**
 * Runs before the expiry job releases reservations: every expired order that has an online
 * payment attempt is checked with its gateway first. A capture settles the order as paid (it is
 * then no longer expired), a payment still under way keeps the stock for RECHECK_AFTER_MS more;
 * anything else is left for the release. Each settlement locks its order row, so instances
 * running this side by side converge; a capture that still arrives after the release is handled
 * by the settlement itself (stock taken back, or a full refund). A payment under way keeps the
 * stock for at most LONGEST_HOLD_MS from its start. Returns the orders kept.
 */
export async function settleExpiringPayments(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let kept = 0;
  for (const { id } of await expiredReservations(ctx.db, now)) {
    for (const payment of await openGatewayPayments(ctx.db, id)) {
      const answer = await askGateway(ctx, payment);
      // The gateway cannot say: keep the stock and ask again rather than cancel blind.
      const verdict: Verdict | undefined =
        answer === 'unavailable' ? { outcome: { kind: 'processing' } } : answer;
      if (!verdict || 'unchanged' in verdict) continue;
      if (verdict.outcome.kind === 'paid') {
        await settlePayment(ctx, payment.id, id, verdict.outcome);
        kept += 1;
        break;
      }
      if (verdict.outcome.kind === 'processing') {
        if (now.getTime() - payment.createdAt.getTime() >= LONGEST_HOLD_MS) continue;
        await extendReservation(ctx.db, id, new Date(now.getTime() + RECHECK_AFTER_MS));
        kept += 1;
        break;
      }
    }
  }
  return kept;
}

/** A gateway's word on one payment attempt: 'unavailable' when it cannot be asked now. */
async function askGateway(
  ctx: AppContext,
  payment: PaymentRow,
): Promise<Verdict | 'unavailable' | undefined> {
  const settings = await gatewaySettings(ctx, payment.gateway);
  if (!settings) return undefined;
  try {
    return await providerOf(settings).status(settings, payment);
  } catch (error) {
    if (error instanceof GatewayUnavailable) return 'unavailable';
    throw error;
  }
}

/**
 * Before an unpaid order is cancelled, by its customer or by staff, each gateway it was being
 * paid through is asked whether the money arrived (refunds-and-reconciliation rule 5, as the
 * expiry job does): a webhook that never came, a tab closed before the verify call. A capture
 * settles the order as paid, so the cancellation that follows refunds it and its mail says so,
 * instead of "Nothing was charged" while the gateway keeps the money. A gateway that cannot be
 * asked stops the cancellation (502, try again): cancelling blind could keep money without an order.
 */
export async function settleBeforeCancel(ctx: AppContext, orderId: number): Promise<void> {
  for (const payment of await openGatewayPayments(ctx.db, orderId)) {
    const answer = await askGateway(ctx, payment);
    if (answer === 'unavailable') throw new AppError('bad-gateway', paymentMessages.gatewayUncheckedCancel);
    if (answer && !('unchanged' in answer) && answer.outcome.kind === 'paid')
      await settlePayment(ctx, payment.id, orderId, answer.outcome);
  }
}

/** Open attempts of settled orders are asked from this long after they began… */
export const LEFT_OPEN_FROM_MS = 10 * 60_000;
/** …until this long: twice the longest a payment under way holds stock (LONGEST_HOLD_MS). */
export const LEFT_OPEN_UNTIL_MS = 2 * LONGEST_HOLD_MS;

/**
 * A payment attempt left open on an order that no longer waits for it: the shopper paid with
 * Paytm, its webhook never came, and then paid the same order with Razorpay (or chose cash on
 * delivery, or cancelled). Nothing else would ask Paytm again, and the gateway would keep that
 * money. The 'left-open-payments' job asks each such attempt's gateway while money can still
 * arrive (LEFT_OPEN_FROM_MS to LEFT_OPEN_UNTIL_MS after it began); a capture is settled, which
 * refunds it in full (a second payment, or money for a cancelled order) and mails the shopper.
 * Returns the captures found.
 */
export async function settleLeftOpenPayments(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let found = 0;
  const from = new Date(now.getTime() - LEFT_OPEN_UNTIL_MS);
  const to = new Date(now.getTime() - LEFT_OPEN_FROM_MS);
  for (const payment of await leftOpenPayments(ctx.db, from, to)) {
    const answer = await askGateway(ctx, payment);
    if (!answer || answer === 'unavailable' || 'unchanged' in answer) continue;
    if (answer.outcome.kind !== 'paid') continue;
    await settlePayment(ctx, payment.id, payment.orderId, answer.outcome);
    found += 1;
  }
  return found;
}
