import { generatePaytmSignature } from '@shop/gateway-sim/signatures/paytm';
import type { AppContext } from '../../context.ts';
import { type GatewaySettings, resolveGateway } from './gateway-settings.ts';
import { asRecord, asString, basicAuth, gatewayFetch } from './providers/gateway-http.ts';
import { paytmClient } from './providers/paytm/paytm.client.ts';
import { paypalClient } from './providers/paypal/paypal.client.ts';
import { findGateway } from './payments.repository.ts';
import { isOrdersMoney } from './orders-money.ts';
import { paymentsForReconciliation } from './refunds.repository.ts';
import { CAPTURED_STATES } from './payments.repository.ts';

/** One disagreement between a gateway and the shop's books; amounts in the gateway's minor units. */
export interface Mismatch {
  gateway: string;
  /** The shop's order number, or the gateway's order id for money the shop does not know. */
  order: string;
  kind: 'captured' | 'refunded' | 'unknown-payment' | 'unknown-refund' | 'money-kept' | 'unreachable';
  gatewaySays: number | null;
  shopSays: number | null;
  detail: string;
}

interface GatewayTotals {
  captured: number;
  /** Refunds the gateway reports as done. */
  refunded: number;
}

const decimalToMinor = (value: unknown) => Math.round(Number(asString(value) ?? '0') * 100);

async function razorpayTotals(settings: Extract<GatewaySettings, { gateway: 'razorpay' }>, orderId: string) {
  const headers = {
    authorization: basicAuth(settings.keyId, settings.keySecret),
    accept: 'application/json',
  };
  const r = await gatewayFetch(`${settings.baseUrl}/orders/${encodeURIComponent(orderId)}/payments`, {
    headers,
  });
  if (r.status !== 200) throw new Error(`Razorpay order payments answered ${r.status}`);
  const totals: GatewayTotals = { captured: 0, refunded: 0 };
  const paymentIds: string[] = [];
  for (const item of asArray(asRecord(r.json).items)) {
    const p = asRecord(item);
    if (p.captured !== true) continue;
    totals.captured += Number(p.amount ?? 0);
    paymentIds.push(asString(p.id) ?? '');
  }
  for (const id of paymentIds) {
    const rr = await gatewayFetch(`${settings.baseUrl}/payments/${encodeURIComponent(id)}/refunds`, {
      headers,
    });
    for (const item of asArray(asRecord(rr.json).items)) {
      const refund = asRecord(item);
      if (refund.status === 'processed') totals.refunded += Number(refund.amount ?? 0);
    }
  }
  return totals;
}

/** Razorpay's payments list since the date: captured payments of gateway orders the shop never made. */
async function razorpayStrangers(
  settings: Extract<GatewaySettings, { gateway: 'razorpay' }>,
  since: Date,
  known: Set<string>,
): Promise<Mismatch[]> {
  const headers = {
    authorization: basicAuth(settings.keyId, settings.keySecret),
    accept: 'application/json',
  };
  const found: Mismatch[] = [];
  const from = Math.floor(since.getTime() / 1000);
  for (let skip = 0; ; skip += 100) {
    const r = await gatewayFetch(`${settings.baseUrl}/payments?from=${from}&count=100&skip=${skip}`, {
      headers,
    });
    const items = asArray(asRecord(r.json).items).map(asRecord);
    for (const p of items) {
      const orderId = asString(p.order_id) ?? '';
      if (p.captured === true && !known.has(orderId)) {
        found.push({
          gateway: 'razorpay',
          order: orderId || String(p.id),
          kind: 'unknown-payment',
          gatewaySays: Number(p.amount ?? 0),
          shopSays: null,
          detail: `payment ${String(p.id)} captured for a gateway order the shop has no record of`,
        });
      }
    }
    if (items.length < 100) break;
  }
  return found;
}

async function paytmTotals(settings: Extract<GatewaySettings, { gateway: 'paytm' }>, orderId: string) {
  const status = await paytmClient(settings).transactionStatus(orderId);
  if (status.resultInfo.resultStatus !== 'TXN_SUCCESS') return { captured: 0, refunded: 0 };
  // transactionStatus keeps only the payment fields; the refunded amount is read from a second call.
  const refunded = await paytmRefundedAmount(settings, orderId);
  return { captured: decimalToMinor(status.txnAmount), refunded };
}

async function paytmRefundedAmount(
  settings: Extract<GatewaySettings, { gateway: 'paytm' }>,
  orderId: string,
) {
  const bodyText = JSON.stringify({ mid: settings.mid, orderId });
  const signature = await generatePaytmSignature(bodyText, settings.merchantKey);
  const r = await gatewayFetch(`${settings.baseUrl}/v3/order/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"body":${bodyText},"head":{"signature":${JSON.stringify(signature)}}}`,
  });
  return decimalToMinor(asRecord(asRecord(r.json).body).refundAmt);
}

async function paypalTotals(settings: Extract<GatewaySettings, { gateway: 'paypal' }>, orderId: string) {
  const r = await paypalClient(settings).getOrder(orderId);
  if (!r.ok) throw new Error(`PayPal order answered ${r.status}`);
  const totals: GatewayTotals = { captured: 0, refunded: 0 };
  for (const unit of r.value.purchase_units ?? []) {
    const paymentsOf = asRecord((unit as Record<string, unknown>).payments);
    for (const capture of asArray(paymentsOf.captures).map(asRecord)) {
      if (['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(asString(capture.status) ?? '')) {
        totals.captured += decimalToMinor(asRecord(capture.amount).value);
      }
    }
    for (const refund of asArray(paymentsOf.refunds).map(asRecord)) {
      if (refund.status === 'COMPLETED') totals.refunded += decimalToMinor(asRecord(refund.amount).value);
    }
  }
  return totals;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Compares, for every gateway payment the shop created since `since`, what the gateway says was
 * captured and refunded with the shop's payment and refund records, and lists captured money the
 * shop has no order for. An empty list means the books agree.
 */
export async function reconcile(
  ctx: Pick<AppContext, 'db' | 'config'>,
  origin: string,
  since: Date,
): Promise<Mismatch[]> {
  const mismatches: Mismatch[] = [];
  const settingsCache = new Map<string, GatewaySettings | undefined>();
  const settingsOf = async (gateway: string) => {
    if (!settingsCache.has(gateway)) {
      const row = await findGateway(ctx.db, gateway);
      settingsCache.set(gateway, row ? resolveGateway(row, ctx.config, origin) : undefined);
    }
    return settingsCache.get(gateway);
  };
  const rows = await paymentsForReconciliation(ctx.db, since);
  // One gateway order may carry several attempts (rows); the gateway answers per order.
  const byGatewayOrder = new Map<string, typeof rows>();
  for (const row of rows) {
    if (!row.payment.gatewayOrderId) continue;
    const key = `${row.payment.gateway}/${row.payment.gatewayOrderId}`;
    byGatewayOrder.set(key, [...(byGatewayOrder.get(key) ?? []), row]);
  }
  const knownRazorpayOrders = new Set<string>();
  for (const group of byGatewayOrder.values()) {
    const first = group[0];
    if (!first?.payment.gatewayOrderId) continue;
    const { payment, orderNumber, orderStatus, orderGateway } = first;
    const gatewayOrderId = first.payment.gatewayOrderId;
    const refunds = group.flatMap((g) => g.refunds);
    if (payment.gateway === 'razorpay') knownRazorpayOrders.add(gatewayOrderId);
    const settings = await settingsOf(payment.gateway);
    if (!settings) continue;
    let totals: GatewayTotals;
    try {
      if (settings.gateway === 'razorpay') totals = await razorpayTotals(settings, gatewayOrderId);
      else if (settings.gateway === 'paytm') totals = await paytmTotals(settings, gatewayOrderId);
      else if (settings.gateway === 'paypal') totals = await paypalTotals(settings, gatewayOrderId);
      else continue;
    } catch (error) {
      mismatches.push({
        gateway: payment.gateway,
        order: orderNumber,
        kind: 'unreachable',
        gatewaySays: null,
        shopSays: null,
        detail: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    const shopCaptured = group
      .filter((g) => CAPTURED_STATES.has(g.payment.status))
      .reduce((sum, g) => sum + g.payment.amountMinor, 0);
    const shopRefunded = refunds
      .filter((r) => r.status === 'processed')
      .reduce((s, r) => s + r.amountMinor, 0);
    const base = { gateway: payment.gateway, order: orderNumber };
    if (totals.captured !== shopCaptured) {
      mismatches.push({
        ...base,
        kind: 'captured',
        gatewaySays: totals.captured,
        shopSays: shopCaptured,
        detail: `gateway order ${gatewayOrderId}: payment recorded as '${group.map((g) => g.payment.status).join(', ')}'`,
      });
    }
    if (totals.refunded !== shopRefunded) {
      mismatches.push({
        ...base,
        kind: 'refunded',
        gatewaySays: totals.refunded,
        shopSays: shopRefunded,
        detail: `gateway order ${gatewayOrderId}: processed refunds differ`,
      });
    }
    // Money taken for an order the shop cancelled must be on its way back, and so must a capture
    // the shop recorded but the order did not take: another way of paying settled it (cash on
    // delivery, another gateway) or the capture was for another total (payment-settlement).
    const refunding = refunds
      .filter((r) => r.status !== 'failed' || r.nextAttemptAt !== null)
      .reduce((s, r) => s + r.amountMinor, 0);
    const stray =
      orderStatus !== 'cancelled' &&
      shopCaptured > 0 &&
      !isOrdersMoney({ paymentGateway: orderGateway, status: orderStatus }, payment.gateway);
    if ((orderStatus === 'cancelled' || stray) && totals.captured > refunding) {
      mismatches.push({
        ...base,
        kind: 'money-kept',
        gatewaySays: totals.captured,
        shopSays: refunding,
        detail:
          orderStatus === 'cancelled'
            ? `order cancelled but only ${refunding} of ${totals.captured} is refunded or being refunded`
            : `order settled by ${orderGateway ?? 'no payment yet'}, but only ${refunding} of this capture's ${totals.captured} is refunded or being refunded`,
      });
    }
  }
  const razorpay = await settingsOf('razorpay');
  if (razorpay?.gateway === 'razorpay') {
    try {
      mismatches.push(...(await razorpayStrangers(razorpay, since, knownRazorpayOrders)));
    } catch (error) {
      mismatches.push({
        gateway: 'razorpay',
        order: '-',
        kind: 'unreachable',
        gatewaySays: null,
        shopSays: null,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return mismatches;
}

export function formatMismatch(m: Mismatch): string {
  const amounts = m.gatewaySays === null ? '' : ` gateway ${m.gatewaySays}, shop ${m.shopSays ?? '-'}`;
  return `MISMATCH ${m.gateway} ${m.order} ${m.kind}:${amounts} (${m.detail})`;
}

/** `--since YYYY-MM-DD` → the start of that day in UTC; undefined when missing or not a date. */
export function parseSince(argv: readonly string[]): Date | undefined {
  const at = argv.indexOf('--since');
  const value = at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--since='))?.slice('--since='.length);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
}

/** Prints every mismatch (or that the books agree); the process exit code: 1 when any. */
export async function reconcileReport(
  ctx: Pick<AppContext, 'db' | 'config'>,
  origin: string,
  since: Date,
  print: (line: string) => void,
): Promise<0 | 1> {
  const mismatches = await reconcile(ctx, origin, since);
  for (const m of mismatches) print(formatMismatch(m));
  print(
    mismatches.length === 0
      ? `Reconciled since ${since.toISOString().slice(0, 10)}: gateways and shop agree.`
      : `${mismatches.length} mismatch(es) since ${since.toISOString().slice(0, 10)}.`,
  );
  return mismatches.length === 0 ? 0 : 1;
}
