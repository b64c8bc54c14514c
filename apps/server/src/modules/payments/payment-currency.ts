import type { PaymentRow } from './payments.repository.ts';

/*
 * Money in the payment's own currency. The shop counts in paise; a PayPal payment is captured and
 * refunded in another currency (US cents, at the gateway row's rate when the payment began).
 */

/** The capture in paise: INR payments are paise already; others are converted back at their rate. */
export function capturedPaiseOf(payment: Pick<PaymentRow, 'amountMinor' | 'currency' | 'currencyValue'>) {
  if (payment.currency === 'INR') return payment.amountMinor;
  const rate = Number(payment.currencyValue);
  return rate > 0 ? Math.round(payment.amountMinor / rate) : payment.amountMinor;
}

/**
 * The payment's currency units that `refundedPaise` of it come to: all of them once every paise is
 * refunded, else the paise converted at the payment's rate.
 */
function minorOfRefunded(payment: PaymentRow, refundedPaise: number): number {
  if (refundedPaise >= capturedPaiseOf(payment)) return payment.amountMinor;
  return Math.min(payment.amountMinor, Math.round(refundedPaise * Number(payment.currencyValue)));
}

/**
 * A refund's amount in the payment's currency, given the paise of the payment already refunded
 * (or on their way). Converted as the difference of two running totals, not on its own: rounded
 * one by one, PayPal refunds in cents could add up to a cent more than the capture (the last
 * refused) or a cent less (kept by the shop); this way they add up to the capture exactly.
 */
export function gatewayMinorOf(
  payment: PaymentRow,
  refundedBeforePaise: number,
  amountPaise: number,
): number {
  if (payment.currency === 'INR') return amountPaise;
  return (
    minorOfRefunded(payment, refundedBeforePaise + amountPaise) -
    minorOfRefunded(payment, refundedBeforePaise)
  );
}

/**
 * The smallest refund of a payment in another currency that comes to one of its units (a US
 * cent): `amountPaise` that come to none would be refused by the gateway.
 */
export function smallestRefundPaise(payment: PaymentRow): number {
  return Math.ceil(0.5 / Number(payment.currencyValue));
}
