import type { PaypalSettings } from '../../gateway-settings.ts';
import { asRecord, asString, basicAuth, GatewayUnavailable, gatewayFetch } from '../gateway-http.ts';

export interface PaypalFailure {
  ok: false;
  status: number;
  name: string;
  issue: string | undefined;
  message: string;
}

export type PaypalResult<T> = { ok: true; status: number; value: T } | PaypalFailure;

function resultOf<T>(status: number, json: unknown): PaypalResult<T> {
  if (status >= 200 && status < 300) return { ok: true, status, value: json as T };
  const body = asRecord(json);
  const details = Array.isArray(body.details) ? body.details : [];
  return {
    ok: false,
    status,
    name: asString(body.name) ?? asString(body.error) ?? 'ERROR',
    issue: asString(asRecord(details[0]).issue),
    message: asString(body.message) ?? asString(body.error_description) ?? `PayPal answered ${status}`,
  };
}

export interface PaypalOrderBody {
  id: string;
  status: string;
  purchase_units?: Array<{
    reference_id?: string;
    amount?: { currency_code?: string; value?: string };
    payments?: {
      captures?: Array<{ id: string; status: string; amount?: { currency_code?: string; value?: string } }>;
    };
  }>;
}

/** PayPal's REST API: OAuth client-credentials token, Orders v2, webhook verification. */
export function paypalClient(settings: PaypalSettings) {
  async function token(): Promise<string> {
    const r = await gatewayFetch(`${settings.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(settings.clientId, settings.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const accessToken = asString(asRecord(r.json).access_token);
    if (r.status !== 200 || !accessToken)
      throw new GatewayUnavailable(`PayPal token request failed (${r.status})`);
    return accessToken;
  }
  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<PaypalResult<T>> {
    const r = await gatewayFetch(`${settings.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return resultOf<T>(r.status, r.json);
  }
  return {
    /** Fetches an access token: PayPal gives one only for a valid client id and secret. */
    async checkCredentials(): Promise<{ accepted: boolean; message: string }> {
      try {
        await token();
        return { accepted: true, message: '' };
      } catch (error) {
        return { accepted: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    createOrder(input: { referenceId: string; customId: string; value: string; requestId: string }) {
      return call<PaypalOrderBody>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.referenceId,
              custom_id: input.customId,
              amount: { currency_code: settings.currencyCode, value: input.value },
            },
          ],
        },
        input.requestId,
      );
    },
    getOrder(orderId: string) {
      return call<PaypalOrderBody>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    },
    captureOrder(orderId: string, requestId: string) {
      return call<PaypalOrderBody>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        {},
        requestId,
      );
    },
    async verifyWebhook(headers: Record<string, string | undefined>, event: unknown): Promise<boolean> {
      const result = await call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          auth_algo: headers['paypal-auth-algo'],
          cert_url: headers['paypal-cert-url'],
          transmission_id: headers['paypal-transmission-id'],
          transmission_sig: headers['paypal-transmission-sig'],
          transmission_time: headers['paypal-transmission-time'],
          webhook_id: settings.webhookId,
          webhook_event: event,
        },
      );
      return result.ok && result.value.verification_status === 'SUCCESS';
    },
  };
}
