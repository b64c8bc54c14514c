import type { RazorpaySettings } from '../../gateway-settings.ts';
import { asRecord, asString, basicAuth, gatewayFetch } from '../gateway-http.ts';

export interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  error_description?: string | null;
}

export type RazorpayResult<T> = { ok: true; value: T } | { ok: false; status: number; description: string };

function resultOf<T>(status: number, json: unknown): RazorpayResult<T> {
  if (status >= 200 && status < 300) return { ok: true, value: json as T };
  const error = asRecord(asRecord(json).error);
  return { ok: false, status, description: asString(error.description) ?? `Razorpay answered ${status}` };
}

/** Razorpay's REST API (Basic key_id:key_secret). */
export function razorpayClient(settings: RazorpaySettings) {
  const headers = {
    authorization: basicAuth(settings.keyId, settings.keySecret),
    'content-type': 'application/json',
    accept: 'application/json',
  };
  return {
    async createOrder(input: {
      amount: number;
      currency: string;
      receipt: string;
      notes: Record<string, string>;
    }) {
      const r = await gatewayFetch(`${settings.baseUrl}/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify(input),
      });
      return resultOf<{ id: string; amount: number; currency: string; status: string }>(r.status, r.json);
    },
    async fetchPayment(paymentId: string) {
      const r = await gatewayFetch(`${settings.baseUrl}/payments/${encodeURIComponent(paymentId)}`, {
        method: 'GET',
        headers,
      });
      return resultOf<RazorpayPaymentEntity>(r.status, r.json);
    },
    /** The latest payment of the account: a read that only succeeds with valid keys. */
    async latestPayments() {
      const r = await gatewayFetch(`${settings.baseUrl}/payments?count=1`, { method: 'GET', headers });
      return resultOf<{ items: RazorpayPaymentEntity[] }>(r.status, r.json);
    },
    /** Every payment attempt of one Razorpay order (authorised, captured or failed). */
    async fetchOrderPayments(orderId: string) {
      const r = await gatewayFetch(`${settings.baseUrl}/orders/${encodeURIComponent(orderId)}/payments`, {
        method: 'GET',
        headers,
      });
      return resultOf<{ items: RazorpayPaymentEntity[] }>(r.status, r.json);
    },
    async capturePayment(paymentId: string, amount: number, currency: string) {
      const r = await gatewayFetch(`${settings.baseUrl}/payments/${encodeURIComponent(paymentId)}/capture`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ amount, currency }),
      });
      return resultOf<RazorpayPaymentEntity>(r.status, r.json);
    },
  };
}
