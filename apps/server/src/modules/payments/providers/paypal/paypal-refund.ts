import { minorToDecimal } from '@shop/contract/payments';
import type { PaypalSettings } from '../../gateway-settings.ts';
import { asRecord, asString, basicAuth, GatewayUnavailable, gatewayFetch } from '../gateway-http.ts';
import { type RefundAnswer, type RefundCall, unknownFrom } from '../refund-answer.ts';

async function accessToken(settings: PaypalSettings): Promise<string> {
  const r = await gatewayFetch(`${settings.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(settings.clientId, settings.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: 'grant_type=client_credentials',
  });
  const token = asString(asRecord(r.json).access_token);
  if (r.status !== 200 || !token) throw new GatewayUnavailable(`PayPal token request failed (${r.status})`);
  return token;
}

/** A refund resource (or an error) as the shop reads it. */
export function paypalRefundAnswer(status: number, json: unknown): RefundAnswer {
  const body = asRecord(json);
  if (status >= 200 && status < 300) {
    const id = asString(body.id) ?? '';
    const state = asString(body.status);
    if (state === 'COMPLETED') return { kind: 'accepted', gatewayRefundId: id, status: 'processed' };
    if (state === 'FAILED' || state === 'CANCELLED')
      return {
        kind: 'failed',
        reason: `PayPal reports the refund ${state.toLowerCase()}`,
        gatewayRefundId: id,
      };
    return { kind: 'accepted', gatewayRefundId: id, status: 'pending' };
  }
  const message = asString(body.message) ?? `PayPal answered ${status}`;
  if (status === 409 || status >= 500) return { kind: 'unknown', reason: message };
  return { kind: 'failed', reason: message };
}

/**
 * POST /v2/payments/captures/{id}/refund with PayPal-Request-Id (a repeat returns the first
 * request's latest state). Always a partial-style body so the amount is explicit, in the
 * captured currency.
 */
export async function paypalRefund(settings: PaypalSettings, call: RefundCall): Promise<RefundAnswer> {
  try {
    const r = await gatewayFetch(
      `${settings.baseUrl}/v2/payments/captures/${encodeURIComponent(call.gatewayPaymentId)}/refund`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await accessToken(settings)}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'paypal-request-id': call.key,
        },
        body: JSON.stringify({
          amount: { currency_code: call.currency, value: minorToDecimal(call.amountMinor) },
          note_to_payer: call.note.slice(0, 255),
        }),
      },
    );
    return paypalRefundAnswer(r.status, r.json);
  } catch (error) {
    return unknownFrom(error);
  }
}

/** GET /v2/payments/refunds/{id}. */
export async function paypalRefundStatus(
  settings: PaypalSettings,
  gatewayRefundId: string,
): Promise<RefundAnswer> {
  try {
    const r = await gatewayFetch(
      `${settings.baseUrl}/v2/payments/refunds/${encodeURIComponent(gatewayRefundId)}`,
      {
        method: 'GET',
        headers: { authorization: `Bearer ${await accessToken(settings)}`, accept: 'application/json' },
      },
    );
    return paypalRefundAnswer(r.status, r.json);
  } catch (error) {
    return unknownFrom(error);
  }
}
