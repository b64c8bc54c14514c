import type { AppContext } from '../../context.ts';
import { expiredReservations, extendReservation } from '../orders/order-lifecycle.service.ts';
import { GatewayUnavailable } from './gateways/gateway-http.ts';
import { razorpayClient } from './gateways/razorpay.client.ts';
import { paypalVerdict, paytmVerdict, razorpayVerdict, type Verdict } from './gateway-verdicts.ts';
import type { GatewaySettings } from './gateway-settings.ts';
import { settlePayment } from './payment-settlement.service.ts';
import { openGatewayPayments, type PaymentRow } from './payments.repository.ts';
import { gatewaySettings } from './refunds.service.ts';

/** How long an order keeps its stock while its gateway still reports the payment as under way. */
export const RECHECK_AFTER_MS = 15 * 60_000;

/**
 * What the gateway says now about one payment attempt, with nothing from a browser: Razorpay's
 * payments of the gateway order (an authorised one is captured), Paytm's Transaction Status API,
 * PayPal's order (captured when the buyer approved it).
 */
async function currentVerdict(settings: GatewaySettings, payment: PaymentRow): Promise<Verdict | undefined> {
  switch (settings.gateway) {
    case 'razorpay': {
      if (!payment.gatewayOrderId) return undefined;
      const list = await razorpayClient(settings).fetchOrderPayments(payment.gatewayOrderId);
      if (!list.ok) return undefined;
      const items = list.value.items ?? [];
      const money = items.find((p) => p.status === 'captured' || p.status === 'authorized');
      if (money) return razorpayVerdict(settings, payment, money.id);
      if (items.some((p) => p.status === 'created')) return { outcome: { kind: 'processing' } };
      return undefined;
    }
    case 'paytm':
      return paytmVerdict(settings, payment);
    case 'paypal':
      return paypalVerdict(settings, payment);
    default:
      return undefined;
  }
}

/**
 * Runs before the expiry job releases reservations: every expired order that has an online
 * payment attempt is checked with its gateway first. A capture settles the order as paid (it is
 * then no longer expired), a payment still under way keeps the stock for RECHECK_AFTER_MS more;
 * anything else is left for the release. Each settlement locks its order row, so instances
 * running this side by side converge; a capture that still arrives after the release is handled
 * by the settlement itself (stock taken back, or a full refund). Returns the orders kept.
 */
export async function settleExpiringPayments(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let kept = 0;
  for (const { id } of await expiredReservations(ctx.db, now)) {
    for (const payment of await openGatewayPayments(ctx.db, id)) {
      const settings = await gatewaySettings(ctx, payment.gateway);
      if (!settings) continue;
      let verdict: Verdict | undefined;
      try {
        verdict = await currentVerdict(settings, payment);
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
        await extendReservation(ctx.db, id, new Date(now.getTime() + RECHECK_AFTER_MS));
        kept += 1;
        break;
      }
    }
  }
  return kept;
}
