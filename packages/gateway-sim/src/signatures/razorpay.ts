import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay signatures (razorpay npm package, lib/utils/razorpay-utils.js). Shared by the
 * simulator (which issues them) and the shop's server (which verifies them).
 */

function hmacHex(secret: string, message: string | Uint8Array): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex strings; different lengths are simply unequal. */
export function safeEqualHex(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `hex(HMAC_SHA256(key_secret, order_id + "|" + payment_id))` — the Checkout handler's signature. */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Verifies a Checkout payment signature. `orderId` must be the gateway order id the server
 * stored, never the one the browser sent back.
 */
export function verifyRazorpayPaymentSignature(input: {
  orderId: string;
  paymentId: string;
  signature: string;
  keySecret: string;
}): boolean {
  if (!input.orderId || !input.paymentId || !input.signature || !input.keySecret) return false;
  return safeEqualHex(
    razorpayPaymentSignature(input.orderId, input.paymentId, input.keySecret),
    input.signature,
  );
}

/** `X-Razorpay-Signature`: `hex(HMAC_SHA256(webhook_secret, raw_body))`. */
export function razorpayWebhookSignature(rawBody: string | Uint8Array, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/** Verifies a webhook over the exact bytes received (never a re-serialisation). */
export function verifyRazorpayWebhookSignature(
  rawBody: string | Uint8Array,
  signature: string | undefined,
  webhookSecret: string,
): boolean {
  if (!signature || !webhookSecret) return false;
  return safeEqualHex(razorpayWebhookSignature(rawBody, webhookSecret), signature);
}
