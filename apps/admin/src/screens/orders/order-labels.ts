import { NOT_CHARGED } from '@shop/contract/payment-label';
import type { AdminOrderDetail } from '@shop/contract/admin/orders';
import { ORDER_STATUSES, type OrderStatus, orderStatusLabels, PAYMENT_STATUSES } from '@shop/contract/orders';

/** Badge colours of the order statuses: what needs work stands out, what is done is quiet. */
export const statusColor: Record<OrderStatus, string> = {
  pending: 'gray',
  confirmed: 'blue',
  packed: 'violet',
  shipped: 'teal',
  delivered: 'green',
  cancelled: 'red',
  returned: 'orange',
};

export const statusOptions = ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabels[s] }));
export const paymentStatusOptions = PAYMENT_STATUSES.map((s) => ({ value: s, label: s }));

/** Payment methods as the API names them (`payment_gateway`). */
export const methodOptions = [
  { value: 'cod', label: 'Cash on delivery' },
  { value: 'razorpay', label: 'Razorpay' },
  { value: 'paytm', label: 'Paytm' },
  { value: 'paypal', label: 'PayPal' },
  // Money staff confirmed as received another way (bank transfer, UPI to the shop).
  { value: 'offline', label: 'Paid offline' },
];

/** A payment's own status (one attempt at paying), as the Payments card shows it. */
const paymentRowStatusLabels: Record<string, string> = {
  created: 'Created',
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

/**
 * A payment attempt of a cancelled order that never took money (cash on delivery not collected,
 * a gateway attempt left open) reads 'Not charged', as the order's own payment does
 * (contract payment-label.ts), not 'Pending', which reads as money still due.
 */
export function paymentRowStatusLabel(status: string, orderStatus?: string): string {
  if (orderStatus === 'cancelled' && (status === 'pending' || status === 'created')) return NOT_CHARGED;
  return paymentRowStatusLabels[status] ?? status;
}

export const refundStatusLabels: Record<AdminOrderDetail['refunds'][number]['status'], string> = {
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed',
};

export function methodLabel(gateway: string | null): string {
  if (!gateway) return '—';
  return methodOptions.find((m) => m.value === gateway)?.label ?? gateway;
}
