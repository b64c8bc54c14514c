import type { RazorpaySettings } from '../../gateway-settings.ts';
import { asRecord, asString, basicAuth, gatewayFetch } from '../gateway-http.ts';
import { type RefundAnswer, type RefundCall, unknownFrom } from '../refund-answer.ts';

function headers(settings: RazorpaySettings): Record<string, string> {
  return {
    authorization: basicAuth(settings.keyId, settings.keySecret),
    'content-type': 'application/json',
    accept: 'application/json',
  };
}

/** A refund entity (or an error) as the shop reads it. */
export function razorpayRefundAnswer(status: number, json: unknown): RefundAnswer {
  const body = asRecord(json);
  if (status >= 200 && status < 300) {
    const id = asString(body.id) ?? '';
    const state = asString(body.status);
    if (state === 'processed') return { kind: 'accepted', gatewayRefundId: id, status: 'processed' };
    if (state === 'failed')
      return { kind: 'failed', reason: 'Razorpay reports the refund failed', gatewayRefundId: id };
    return { kind: 'accepted', gatewayRefundId: id, status: 'pending' };
  }
  const description = asString(asRecord(body.error).description) ?? `Razorpay answered ${status}`;
  // 409: the first call with this key is still running; 5xx: unknown. Both: same key later.
  if (status === 409 || status >= 500) return { kind: 'unknown', reason: description };
  return { kind: 'failed', reason: description };
}

/**
 * POST /v1/payments/{id}/refund with X-Refund-Idempotency (same key and body → the same refund).
 * Amount in paise; always sent, so a partial refund is never taken for a full one.
 */
export async function razorpayRefund(settings: RazorpaySettings, call: RefundCall): Promise<RefundAnswer> {
  try {
    const r = await gatewayFetch(
      `${settings.baseUrl}/payments/${encodeURIComponent(call.gatewayPaymentId)}/refund`,
      {
        method: 'POST',
        headers: { ...headers(settings), 'x-refund-idempotency': call.key },
        body: JSON.stringify({
          amount: call.amountMinor,
          speed: 'normal',
          receipt: call.key.slice(0, 40),
          notes: { reason: call.note.slice(0, 254) },
        }),
      },
    );
    return razorpayRefundAnswer(r.status, r.json);
  } catch (error) {
    return unknownFrom(error);
  }
}

/** GET /v1/refunds/{id}: the refund's current state. */
export async function razorpayRefundStatus(
  settings: RazorpaySettings,
  gatewayRefundId: string,
): Promise<RefundAnswer> {
  try {
    const r = await gatewayFetch(`${settings.baseUrl}/refunds/${encodeURIComponent(gatewayRefundId)}`, {
      method: 'GET',
      headers: headers(settings),
    });
    return razorpayRefundAnswer(r.status, r.json);
  } catch (error) {
    return unknownFrom(error);
  }
}
