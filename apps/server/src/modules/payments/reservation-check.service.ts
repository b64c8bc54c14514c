import type { AppContext } from '../../context.ts';
import { expiredReservations, extendReservation } from '../orders/order-lifecycle.service.ts';
import { GatewayUnavailable } from './providers/gateway-http.ts';
import type { Verdict } from './providers/payment-provider.ts';
import { providerOf } from './providers/registry.ts';
import { settlePayment } from './payment-settlement.service.ts';
import { openGatewayPayments } from './payments.repository.ts';
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
      const settings = await gatewaySettings(ctx, payment.gateway);
      if (!settings) continue;
      let verdict: Verdict | undefined;
      try {
        verdict = await providerOf(settings).status(settings, payment);
      } catch (error) {
        if (!(error instanceof GatewayUnavailable)) throw error;
        // The gateway cannot say: keep the stock and ask again rather than cancel blind.
        verdict = { outcome: { kind: 'processing' } };
      }
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
