import { type OrderStatus, orderStatusLabels, type PaymentStatus } from '@shop/contract/orders';
import { notCharged, type PaymentOf } from '@shop/contract/payment-label';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = 330 * 60_000;

/** 'dd Mon yyyy' in Indian time, the same on server and browser (no locale surprises like 'Sept'). */
export function formatOrderDate(iso: string): string {
  const d = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'dd Mon yyyy, hh:mm' in Indian time (status history). */
export function formatOrderDateTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + IST_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatOrderDate(iso)}, ${hh}:${mm}`;
}

/** A status in the customer's words (the contract's labels, one home for them). */
export const statusLabel = (s: OrderStatus) => orderStatusLabels[s];

export const statusColor: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  packed: 'cyan',
  shipped: 'grape',
  delivered: 'green',
  cancelled: 'red',
  returned: 'gray',
};

export const paymentColor: Record<PaymentStatus, string> = {
  Pending: 'yellow',
  Paid: 'green',
  'Partially Refunded': 'grape',
  Refunded: 'grape',
  Failed: 'red',
};

/** The badge colour of the payment's label (paymentLabel in the contract). */
export const paymentLabelColor = (order: PaymentOf): string =>
  notCharged(order) ? 'gray' : paymentColor[order.payment_status];

/** Darker text for the light badges whose Mantine shade 9 is too pale on its own tint (WCAG AA). */
const BADGE_TEXT: Record<string, string> = { yellow: 'saffron.9', green: '#1e6b30' };

/** Text colour of a light status badge. */
export const badgeTextColor = (color: string) => BADGE_TEXT[color] ?? `${color}.9`;
