import type { AddressInfo } from 'node:net';
import type { GatewayName } from '@shop/contract/payments';
import type { Config } from '../../env.ts';
import type { GatewayRow } from './payments.repository.ts';

/** Where the in-process simulators live (GATEWAY_SIMULATOR). */
export const SIMULATOR_PREFIX = '/__sim';

/** Simulators run inside the shop when asked, and by default outside production. */
export function simulatorEnabled(config: Config): boolean {
  return config.GATEWAY_SIMULATOR ? config.GATEWAY_SIMULATOR === 'on' : !config.isProduction;
}

export type GatewayMode = 'live' | 'test' | 'off';
export type OnlineGateway = Exclude<GatewayName, 'cod'>;

/**
 * RAZORPAY_MODE, PAYTM_MODE, PAYPAL_MODE. Unset means live in production (a production shop takes
 * real money unless told otherwise); elsewhere undefined: the database row's environment decides.
 */
export function gatewayMode(config: Config, gateway: OnlineGateway): GatewayMode | undefined {
  const set = { razorpay: config.RAZORPAY_MODE, paytm: config.PAYTM_MODE, paypal: config.PAYPAL_MODE }[
    gateway
  ];
  return set ?? (config.isProduction ? 'live' : undefined);
}

/**
 * How the server reaches itself (the in-process simulators, their webhooks): the address it
 * actually listens on (so PORT=0 works), else PUBLIC_URL.
 */
export function selfOrigin(server: { address(): AddressInfo | string | null }, config: Config): string {
  const address = server.address();
  if (address && typeof address === 'object') {
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}`;
  }
  return config.publicUrl;
}

interface Common {
  id: number;
  name: string;
  environment: string;
  isLive: boolean;
}

export interface CodSettings extends Common {
  gateway: 'cod';
}
export interface RazorpaySettings extends Common {
  gateway: 'razorpay';
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** API base including /v1. */
  baseUrl: string;
  scriptUrl: string;
}
export interface PaytmSettings extends Common {
  gateway: 'paytm';
  mid: string;
  merchantKey: string;
  website: string;
  baseUrl: string;
  scriptUrl: string;
}
export interface PaypalSettings extends Common {
  gateway: 'paypal';
  clientId: string;
  clientSecret: string;
  webhookId: string;
  currencyCode: string;
  /** INR → gateway currency rate as a decimal string. */
  currencyValue: string;
  baseUrl: string;
  scriptUrl: string;
}
export type GatewaySettings = CodSettings | RazorpaySettings | PaytmSettings | PaypalSettings;

function configString(row: GatewayRow, key: string): string | undefined {
  const config = row.config;
  if (config && typeof config === 'object' && !Array.isArray(config)) {
    const value = (config as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * A gateway's effective settings: environment variables override the database row; base and
 * script URLs default to the in-process simulators when they run (scripts as root-relative
 * paths, so the browser loads them from whatever host it uses) and to the real hosts otherwise,
 * live or test as the gateway's mode (or, without one, the row's environment) says. A gateway
 * whose mode is `off` has no settings: it is not offered and not called.
 */
export function resolveGateway(row: GatewayRow, config: Config, origin: string): GatewaySettings | undefined {
  const sim = simulatorEnabled(config);
  const name = row.internalName as GatewayName;
  const mode =
    name === 'razorpay' || name === 'paytm' || name === 'paypal' ? gatewayMode(config, name) : undefined;
  // A gateway turned off is neither offered nor called.
  if (mode === 'off') return undefined;
  const isLive = mode ? mode === 'live' : row.environment === 'live';
  const common = { id: row.id, name: row.name, environment: mode ?? row.environment, isLive };
  const simApi = (name: string) => `${origin}${SIMULATOR_PREFIX}/${name}`;
  const simScript = (name: string) => `${SIMULATOR_PREFIX}/${name}`;
  switch (name) {
    case 'cod':
      return { ...common, gateway: 'cod' };
    case 'razorpay':
      return {
        ...common,
        gateway: 'razorpay',
        keyId: config.RAZORPAY_KEY_ID ?? row.apiKey,
        keySecret: config.RAZORPAY_KEY_SECRET ?? row.apiSecret,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? configString(row, 'webhook_secret') ?? '',
        baseUrl: trimSlash(
          config.RAZORPAY_BASE_URL ?? (sim ? `${simApi('razorpay')}/v1` : 'https://api.razorpay.com/v1'),
        ),
        scriptUrl:
          config.RAZORPAY_SCRIPT_URL ??
          (sim ? `${simScript('razorpay')}/v1/checkout.js` : 'https://checkout.razorpay.com/v1/checkout.js'),
      };
    case 'paytm': {
      const mid = config.PAYTM_MID ?? row.apiKey;
      const realHost = isLive ? 'https://securegw.paytm.in' : 'https://securegw-stage.paytm.in';
      const baseUrl = trimSlash(config.PAYTM_BASE_URL ?? (sim ? simApi('paytm') : realHost));
      const scriptBase = config.PAYTM_BASE_URL ? baseUrl : sim ? simScript('paytm') : realHost;
      return {
        ...common,
        gateway: 'paytm',
        mid,
        merchantKey: config.PAYTM_MERCHANT_KEY ?? row.apiSecret,
        website: config.PAYTM_WEBSITE ?? configString(row, 'website') ?? (isLive ? 'DEFAULT' : 'WEBSTAGING'),
        baseUrl,
        scriptUrl: `${scriptBase}/merchantpgpui/checkoutjs/merchants/${encodeURIComponent(mid)}.js`,
      };
    }
    case 'paypal': {
      const clientId = config.PAYPAL_CLIENT_ID ?? row.apiKey;
      const currencyCode = configString(row, 'currency_code') ?? 'USD';
      const sdk =
        config.PAYPAL_SCRIPT_URL ?? (sim ? `${simScript('paypal')}/sdk/js` : 'https://www.paypal.com/sdk/js');
      const query = new URLSearchParams({ 'client-id': clientId, currency: currencyCode, intent: 'capture' });
      return {
        ...common,
        gateway: 'paypal',
        clientId,
        clientSecret: config.PAYPAL_CLIENT_SECRET ?? row.apiSecret,
        webhookId: config.PAYPAL_WEBHOOK_ID ?? configString(row, 'webhook_id') ?? '',
        currencyCode,
        currencyValue: configString(row, 'currency_value') ?? '0.012',
        baseUrl: trimSlash(
          config.PAYPAL_BASE_URL ??
            (sim
              ? simApi('paypal')
              : isLive
                ? 'https://api-m.paypal.com'
                : 'https://api-m.sandbox.paypal.com'),
        ),
        scriptUrl: `${sdk}${sdk.includes('?') ? '&' : '?'}${query.toString()}`,
      };
    }
    default:
      return undefined;
  }
}
