import type { Order } from '@shop/contract/orders';
import { api } from '../../lib/api-client.ts';

/**
 * Whether the order the payment page holds is placed already: paid, or confirmed (cash on
 * delivery, or by the shop). It happens when the confirmation of a payment the gateway took never
 * reached this page (a dropped connection after Approve: the server learnt of the payment from
 * the gateway), or when the order was paid in another tab. Such an order is not offered for
 * payment again, where every try would only be refused ('This order has already been paid.'):
 * the page finishes as a verified payment does (§4: cart cleared, 'Order placed successfully',
 * /orders). False when the order cannot be read: the page stays as it is.
 */
export async function placedAlready(orderId: number): Promise<boolean> {
  try {
    const order = await api.get<Order>(`orders/${orderId}`);
    return order.payment_status === 'Paid' || (order.status !== 'pending' && order.status !== 'cancelled');
  } catch {
    return false;
  }
}
