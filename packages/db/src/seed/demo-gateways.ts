/**
 * The four payment methods as the demo shop seeds them, with the demo's credentials. Data only, no
 * database: the production configuration checks the environment against these credentials
 * (production-config.ts) before the server loads its schema and opens its database.
 */
export type GatewayInternalName = 'cod' | 'razorpay' | 'paytm' | 'paypal';

export interface GatewaySeed {
  internalName: GatewayInternalName;
  name: string;
  environment: string;
  apiKey: string;
  apiSecret: string;
  config: Record<string, string>;
  isDefault: boolean;
  displayOrder: number;
}

/**
 * Demo credentials that the in-process gateway simulators accept; real keys come from the
 * environment (RAZORPAY_KEY_ID, …), which overrides these rows.
 */
export const gatewaySeeds: readonly GatewaySeed[] = [
  {
    internalName: 'cod',
    name: 'Cash on Delivery',
    environment: 'live',
    apiKey: '',
    apiSecret: '',
    config: {},
    isDefault: true,
    displayOrder: 1,
  },
  {
    internalName: 'razorpay',
    name: 'Razorpay',
    environment: 'sandbox',
    apiKey: 'rzp_test_KesarDemo0001',
    apiSecret: 'kesar_demo_razorpay_secret',
    config: { webhook_secret: 'kesar_demo_razorpay_webhook' },
    isDefault: false,
    displayOrder: 2,
  },
  {
    internalName: 'paytm',
    name: 'Paytm',
    environment: 'stage',
    apiKey: 'KESARD47110000000001',
    apiSecret: 'kesarDemoKey16ch',
    config: { website: 'WEBSTAGING' },
    isDefault: false,
    displayOrder: 3,
  },
  {
    internalName: 'paypal',
    name: 'PayPal',
    environment: 'sandbox',
    apiKey: 'kesar-demo-paypal-client-id',
    apiSecret: 'kesar-demo-paypal-secret',
    config: { currency_code: 'USD', currency_value: '0.012', webhook_id: 'WH-KESAR-DEMO' },
    isDefault: false,
    displayOrder: 4,
  },
];

/** Logo file under payment-gateways/ (product rules §7: payment-gateways/{a}-{b}.png). */
export const gatewayLogoFile = (internalName: string): string => `${internalName}-logo.png`;

/** Configuration keys of a gateway row that hold secrets (webhook signing secret, webhook id). */
const SECRET_CONFIG_KEYS = ['webhook_secret', 'webhook_id'];

/** The demo's gateway credentials: public (they are in this file), so never fit for production. */
export const demoGatewaySecrets: readonly string[] = gatewaySeeds
  .flatMap((g) => [g.apiKey, g.apiSecret, ...SECRET_CONFIG_KEYS.map((key) => g.config[key] ?? '')])
  .filter((value) => value !== '');
