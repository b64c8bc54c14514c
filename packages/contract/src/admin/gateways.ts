import { z } from 'zod';

/**
 * Back-office shapes of the payment gateways (owner only). Keys are write-only: answers carry
 * only their last four characters, and a key left empty in an update stays as it is.
 */

export const adminGatewayNames = ['cod', 'razorpay', 'paytm', 'paypal'] as const;
export type AdminGatewayName = (typeof adminGatewayNames)[number];

/** The keys each gateway needs, by the field name the back office uses. */
export const GATEWAY_KEY_FIELDS: Record<AdminGatewayName, readonly { field: string; label: string }[]> = {
  cod: [],
  razorpay: [
    { field: 'key_id', label: 'Key id' },
    { field: 'key_secret', label: 'Key secret' },
    { field: 'webhook_secret', label: 'Webhook secret' },
  ],
  paytm: [
    { field: 'mid', label: 'Merchant id (MID)' },
    { field: 'merchant_key', label: 'Merchant key' },
    { field: 'website', label: 'Website name' },
  ],
  paypal: [
    { field: 'client_id', label: 'Client id' },
    { field: 'client_secret', label: 'Client secret' },
    { field: 'webhook_id', label: 'Webhook id' },
  ],
};

export const gatewayAdminMessages = {
  notFound: 'There is no such payment gateway.',
  unknownKey: 'This gateway has no such key.',
  unknownField: 'A payment gateway has no such setting: send is_active, mode or keys.',
  key: 'A key has 1 to 200 characters without spaces.',
  lastGateway: 'At least one way to pay must stay enabled.',
  codNoConnection: 'Cash on delivery needs no connection.',
  connected: 'Connected: the gateway accepted the keys.',
} as const;

export const gatewayKeyViewSchema = z.object({
  field: z.string(),
  label: z.string(),
  /** Whether a value is set (in the database or the environment). */
  set: z.boolean(),
  /** The last four characters of the value in use, e.g. "••••1a2b"; null when unset. */
  last4: z.string().nullable(),
  /** The environment sets it, which overrides the value saved here. */
  from_environment: z.boolean(),
});

export const adminGatewaySchema = z.object({
  gateway: z.enum(adminGatewayNames),
  name: z.string(),
  is_active: z.boolean(),
  /** test: the gateway's test system and test keys; live: real money. */
  mode: z.enum(['test', 'live']),
  /** The environment fixes the mode (RAZORPAY_MODE, …); 'off' turns the gateway off whatever is saved. */
  mode_from_environment: z.enum(['test', 'live', 'off']).nullable(),
  /** Calls go to the local simulator (development), not to the gateway's servers. */
  simulator: z.boolean(),
  keys: z.array(gatewayKeyViewSchema),
});
export type AdminGateway = z.infer<typeof adminGatewaySchema>;

/**
 * A change of one gateway. Strict: a misspelt switch (`is_enabled`) is refused by name instead of
 * answering 200 with nothing changed, which reads as if the gateway had been switched.
 */
export const gatewayUpdateSchema = z.strictObject(
  {
    is_active: z.boolean().optional(),
    mode: z.enum(['test', 'live']).optional(),
    /** New key values; an empty or missing key stays as it is. */
    keys: z.record(z.string().max(40), z.string().trim().max(200)).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? gatewayAdminMessages.unknownField : undefined) },
);
export type GatewayUpdate = z.infer<typeof gatewayUpdateSchema>;

export const gatewayTestResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** Milliseconds the gateway took to answer. */
  took_ms: z.number().int(),
});
export type GatewayTestResult = z.infer<typeof gatewayTestResultSchema>;
