/**
 * What a gateway said to a refund call or a refund status question, in the shop's terms.
 * - accepted: the gateway holds the refund (pending or already processed);
 * - failed: the gateway says this refund failed: a retry may use a new idempotency key;
 * - unknown: no answer we can trust (timeout, 409 in flight, 5xx): retry later with the SAME key.
 */
export type RefundAnswer =
  | { kind: 'accepted'; gatewayRefundId: string; status: 'pending' | 'processed' }
  | { kind: 'failed'; reason: string; gatewayRefundId?: string | undefined }
  | { kind: 'unknown'; reason: string };

export interface RefundCall {
  /** The gateway's payment id (Razorpay pay_…, Paytm TXNID, PayPal capture id). */
  gatewayPaymentId: string;
  /** Our order id at the gateway (Paytm needs it with the transaction id). */
  gatewayOrderId: string;
  /** Amount in the gateway currency's minor units. */
  amountMinor: number;
  currency: string;
  /** The idempotency key the gateway deduplicates on. */
  key: string;
  /** Shown to the payer where the gateway supports it. */
  note: string;
}

export function unknownFrom(error: unknown): RefundAnswer {
  return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
}
