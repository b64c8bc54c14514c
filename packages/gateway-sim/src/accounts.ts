/**
 * Merchant accounts the simulators know — what a real gateway's dashboard holds: credentials,
 * the webhook secret and where to send webhooks. Looked up per request so that the shop can
 * change its gateway settings without restarting the simulator.
 */
export interface RazorpayAccount {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl?: string | undefined;
}

export interface PaytmAccount {
  mid: string;
  merchantKey: string;
  /** Server-to-server payment notification URL. */
  webhookUrl?: string | undefined;
}

export interface PaypalAccount {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  webhookUrl?: string | undefined;
}

export interface SimAccounts {
  razorpay(keyId: string): Promise<RazorpayAccount | undefined>;
  paytm(mid: string): Promise<PaytmAccount | undefined>;
  paypal(clientId: string): Promise<PaypalAccount | undefined>;
}

/** The demo shop's sandbox credentials (the seeded gateway settings). */
export const demoAccounts = {
  razorpay: {
    keyId: 'rzp_test_KesarDemo0001',
    keySecret: 'kesar_demo_razorpay_secret',
    webhookSecret: 'kesar_demo_razorpay_webhook',
  },
  paytm: { mid: 'KESARD47110000000001', merchantKey: 'kesarDemoKey16ch' },
  paypal: {
    clientId: 'kesar-demo-paypal-client-id',
    clientSecret: 'kesar-demo-paypal-secret',
    webhookId: 'WH-KESAR-DEMO',
  },
} as const;

/** Fixed accounts (CLI, tests). */
export function staticAccounts(list: {
  razorpay?: RazorpayAccount[];
  paytm?: PaytmAccount[];
  paypal?: PaypalAccount[];
}): SimAccounts {
  return {
    razorpay: async (keyId) => list.razorpay?.find((a) => a.keyId === keyId),
    paytm: async (mid) => list.paytm?.find((a) => a.mid === mid),
    paypal: async (clientId) => list.paypal?.find((a) => a.clientId === clientId),
  };
}
