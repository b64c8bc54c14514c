import { z } from 'zod';
import { messages } from './messages.ts';
import { idField, MAX_DATABASE_ID } from './validation.ts';

/** The gateways the shop knows (product rules §3 "Payment gateway": internal_name). */
export const GATEWAY_NAMES = ['cod', 'razorpay', 'paytm', 'paypal'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];
export const isGatewayName = (value: string): value is GatewayName =>
  (GATEWAY_NAMES as readonly string[]).includes(value);

export const paymentMessages = {
  gatewayNotSupported: 'Selected payment gateway is not supported',
  orderAlreadyPaid: 'This order has already been paid.',
  /** A cancellation waits for the gateway's word on a payment under way (it may have been paid). */
  gatewayUncheckedCancel:
    'We could not check with the payment gateway whether this order was paid. Please try again in a minute.',
  orderCancelled: 'This order was cancelled. Please place a new order.',
  /** Cash on delivery confirmed the order: it is paid at the door, not by another gateway. */
  orderConfirmedCod: 'This order is confirmed for cash on delivery. Please pay when it is delivered.',
  /** Staff confirmed it with the money taken offline. */
  orderConfirmed: 'This order is already confirmed and needs no payment here.',
  noPaymentStarted: 'No payment has been started for this order. Please choose a payment option.',
  verificationFailed: 'Payment verification failed. If money was deducted, it will be refunded.',
  paymentNotComplete: 'The payment is not complete yet. Please try again.',
  paymentDeclined: 'Your payment was declined. Please try another payment method.',
  amountMismatch: 'The paid amount does not match the order. Please contact us.',
  gatewayUnavailable: 'The payment gateway could not be reached. Please try again.',
  /** Spec §5's required text: a missing order id is a missing field like any other. */
  orderIdRequired: messages.required,
  invalidOrderId: 'This is not a valid order id.',
  invalidPayload: "The payload must be the gateway's answer as a JSON object.",
  /** A capture that arrived after the order was cancelled, with the items sold out meanwhile. */
  lateCaptureRefunded:
    'Your payment arrived after this order was cancelled and the items are no longer in stock. The full amount is being refunded to you.',
  /** PayPal takes no domestic INR payments for Indian merchants (since 1 April 2021). */
  paypalAbroadOnly: 'for cards and PayPal accounts outside India',
  cancelledOrderRefunded: 'This order was cancelled, so your payment is being refunded to you in full.',
  /** An online payment opened before cash on delivery confirmed the order, paid after it. */
  codOrderPaymentRefunded:
    'This order is confirmed for cash on delivery, so this online payment is being refunded to you in full.',
  /** A capture on an order another way of paying (another gateway, money taken offline) settled. */
  alreadyPaidRefunded: 'This order is already paid, so this payment is being refunded to you in full.',
  /** A capture for another amount than the order's total (the total changed after the payment began). */
  amountChangedRefunded:
    'The order total changed after this payment was started, so this payment is being refunded to you in full. Please pay the new total.',
} as const;

/**
 * Who handles each online way of paying and where a customer reaches them: the Consumer
 * Protection (E-Commerce) Rules 2020, r.7(1), want the payment provider's contact shown before
 * purchase. The payment step names them under each option; the seeded Terms list them too.
 */
export const gatewayProviders: Readonly<Record<string, { provider: string; help: string }>> = {
  razorpay: { provider: 'Razorpay Software Pvt. Ltd.', help: 'https://razorpay.com/support/' },
  paytm: { provider: 'Paytm Payments Services Ltd.', help: 'https://paytm.com/care/' },
  paypal: { provider: 'PayPal Payments Pvt. Ltd.', help: 'https://www.paypal.com/in/smarthelp/contact-us' },
};

const invalidOrderId = paymentMessages.invalidOrderId;
/**
 * The order number (KFL-…) or the numeric id. Digits are always read as an id, so they must be
 * one ("2147483648" is refused here instead of failing in the database).
 */
const orderIdentifier = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.union(
    [
      z.number().int(invalidOrderId).positive(invalidOrderId).max(MAX_DATABASE_ID, invalidOrderId),
      z.string().trim().min(1, paymentMessages.orderIdRequired).max(60, invalidOrderId),
    ],
    {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? paymentMessages.orderIdRequired : invalidOrderId,
    },
  ),
);

/** POST orders/payment (product rules §7): `id` is the order's id, `payment_gateway` the internal name. */
export const createPaymentRequestSchema = z.object({
  id: idField(invalidOrderId, paymentMessages.orderIdRequired),
  // Missing or blank is a missing field (§5); any other value that names no gateway is not supported.
  payment_gateway: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? messages.required
          : paymentMessages.gatewayNotSupported,
    })
    .trim()
    .min(1, messages.required)
    .max(40, paymentMessages.gatewayNotSupported),
  payment_gateway_environment: z.string().max(40).nullish(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

/**
 * POST orders/verify_payment: `order_id` is the order number from the payment answer (the
 * numeric id works too); `payload` is whatever the gateway's browser script returned — the
 * server re-checks everything in it with the gateway.
 */
export const verifyPaymentRequestSchema = z.object({
  order_id: orderIdentifier,
  payload: z.record(z.string(), z.unknown(), { error: paymentMessages.invalidPayload }).nullish(),
});
export type VerifyPaymentRequest = z.input<typeof verifyPaymentRequestSchema>;

/** One row of GET orders/payment_gateways. Only public values (api_key is the public key/MID/client id). */
export interface PaymentGatewayView {
  id: number;
  name: string;
  internal_name: string;
  environment: string;
  api_key: string;
  /** 1 marks the default (product rules §3). */
  is_default: 0 | 1;
  logo: string;
  display_order: number;
}

/** `data.order` of POST orders/payment (product rules §3 "Order on payment creation"). Amounts in rupees. */
export interface PaymentOrderView {
  id: number;
  order_id: string;
  total_amount: number;
  currency_value: number;
  currency_code: string;
  payment_gateway_order_id: string | null;
  payment_transaction_token: string | null;
  order_error_message: string | null;
  shipping_details: { contact_person: string; full_address: string };
}

/** `data.settings`: public values the browser needs to open the gateway's checkout. */
export interface PaymentSettingsView {
  gateway: string;
  environment: string;
  key: string | null;
  mid: string | null;
  script_url: string | null;
  currency: string;
  /** Amount in the gateway's minor units, as its checkout expects it (Razorpay: paise). */
  amount: number | null;
  name: string;
}

export interface CreatePaymentResult {
  order: PaymentOrderView;
  settings: PaymentSettingsView;
}

export type VerifiedPaymentStatus = 'Paid' | 'Pending' | 'Failed';

export interface VerifyPaymentResult {
  payment_status: VerifiedPaymentStatus;
  payment_verification_error_message: string | null;
}

/* ---------------- Card provider (Razorpay-type) checkout limits, product rules §9 ---------------- */

interface CurrencyRule {
  /** Smallest amount in minor units. */
  min: number;
  /** Decimal places of the minor unit. */
  decimals: 0 | 2 | 3;
  units: string;
  symbol: string;
}

/**
 * Minimums from the card provider's checkout (INR 100, USD/EUR/SGD/CAD/AUD/NZD/CHF 50, GBP 30,
 * HKD 400, AED 10). JPY (0 decimals) and KWD/BHD/OMR (3 decimals) are listed for the
 * per-currency decimal places; their minimums are the provider's usual ones (unconfirmed).
 */
export const CARD_CURRENCIES: Record<string, CurrencyRule> = {
  INR: { min: 100, decimals: 2, units: 'paise', symbol: '₹' },
  USD: { min: 50, decimals: 2, units: 'cents', symbol: '$' },
  EUR: { min: 50, decimals: 2, units: 'cents', symbol: '€' },
  SGD: { min: 50, decimals: 2, units: 'cents', symbol: 'S$' },
  CAD: { min: 50, decimals: 2, units: 'cents', symbol: 'C$' },
  AUD: { min: 50, decimals: 2, units: 'cents', symbol: 'A$' },
  NZD: { min: 50, decimals: 2, units: 'cents', symbol: 'NZ$' },
  CHF: { min: 50, decimals: 2, units: 'cents', symbol: 'CHF ' },
  GBP: { min: 30, decimals: 2, units: 'pence', symbol: '£' },
  HKD: { min: 400, decimals: 2, units: 'cents', symbol: 'HK$' },
  AED: { min: 10, decimals: 2, units: 'fils', symbol: 'AED ' },
  JPY: { min: 50, decimals: 0, units: 'yen', symbol: '¥' },
  KWD: { min: 100, decimals: 3, units: 'fils', symbol: 'KWD ' },
  BHD: { min: 100, decimals: 3, units: 'fils', symbol: 'BHD ' },
  OMR: { min: 100, decimals: 3, units: 'baisa', symbol: 'OMR ' },
};

/** Cardless EMI and pay-later need at least this many minor units (product rules §9). */
export const EMI_PAYLATER_MINIMUM = 300_000;
export const MAX_CHECKOUT_NOTES = 15;
export const MAX_NOTE_LENGTH = 254;

export const checkoutLimitMessages = {
  noKey: 'No key passed',
  currency: 'The provided currency is not currently supported',
  tooManyNotes: `At most ${MAX_CHECKOUT_NOTES} notes are allowed`,
  amount: (rule: CurrencyRule) =>
    `should be passed in integer ${rule.units}. Minimum value is ${rule.min} ${rule.units}, i.e. ${rule.symbol}${(
      rule.min / 10 ** rule.decimals
    ).toFixed(rule.decimals)}`,
  emiMinimum: (rule: CurrencyRule) =>
    `should be passed in integer ${rule.units}. Minimum value is ${EMI_PAYLATER_MINIMUM} ${rule.units} for cardless EMI and pay later`,
  payoutContact: 'contact_id is required for payouts',
} as const;

export interface CardCheckoutOptions {
  key?: string | null | undefined;
  order_id?: string | null | undefined;
  amount?: unknown;
  currency?: string | null | undefined;
  method?: string | null | undefined;
  payout?: boolean | undefined;
  contact_id?: string | null | undefined;
  notes?: Record<string, unknown> | null | undefined;
}

export type ScalarNote = string | number | boolean;

export type CardCheckoutCheck =
  | {
      ok: true;
      options: CardCheckoutOptions & { amount: number; currency: string; notes: Record<string, ScalarNote> };
    }
  | { ok: false; field: string; message: string };

/**
 * The card provider checkout's own checks (product rules §9), run on the server before the provider is
 * called so that the shopper sees the provider's message: a key or order id, a supported
 * currency, an integer amount in minor units at or above the currency minimum (300000 for
 * cardless EMI and pay later), at most 15 notes. Note values longer than 254 characters are
 * cut; values that are not scalars are dropped.
 */
export function checkCardCheckoutOptions(options: CardCheckoutOptions): CardCheckoutCheck {
  if (!options.key && !options.order_id)
    return { ok: false, field: 'key', message: checkoutLimitMessages.noKey };
  if (options.payout && (!options.key || !options.contact_id)) {
    return { ok: false, field: 'contact_id', message: checkoutLimitMessages.payoutContact };
  }
  const currency = (options.currency ?? 'INR').toUpperCase();
  const rule = CARD_CURRENCIES[currency];
  if (!rule) return { ok: false, field: 'currency', message: checkoutLimitMessages.currency };
  const amount = options.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < rule.min) {
    return { ok: false, field: 'amount', message: checkoutLimitMessages.amount(rule) };
  }
  if ((options.method === 'cardless_emi' || options.method === 'paylater') && amount < EMI_PAYLATER_MINIMUM) {
    return { ok: false, field: 'amount', message: checkoutLimitMessages.emiMinimum(rule) };
  }
  const entries = Object.entries(options.notes ?? {});
  if (entries.length > MAX_CHECKOUT_NOTES) {
    return { ok: false, field: 'notes', message: checkoutLimitMessages.tooManyNotes };
  }
  const notes: Record<string, ScalarNote> = {};
  for (const [key, value] of entries) {
    if (typeof value === 'string') notes[key] = value.slice(0, MAX_NOTE_LENGTH);
    else if (typeof value === 'number' || typeof value === 'boolean') notes[key] = value;
  }
  return { ok: true, options: { ...options, amount, currency, notes } };
}

/**
 * Converts an amount in paise with a decimal rate (e.g. "0.012" INR→USD) into the target
 * currency's cents, rounding half up, without floating-point error.
 */
export function convertPaise(paise: number, rate: string): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match || !Number.isInteger(paise) || paise < 0)
    throw new RangeError(`Bad conversion: ${paise} × ${rate}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`) * BigInt(paise);
  const denominator = 10n ** BigInt(fraction.length);
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

/** Minor units → a decimal string with 2 places ("12.30"), as PayPal and Paytm take amounts. */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal string ("12.3", "12.30") → minor units, or null when it is not one. */
export function decimalToMinor(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
