import { paiseToRupees } from '@shop/contract/money';
import type {
  Order,
  OrderItem,
  OrderShipment,
  OrderStatusEntry,
  ShippingAddress,
} from '@shop/contract/orders';
import type { OrderItemRow, OrderRow, StatusHistoryRow } from './orders.repository.ts';

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    item_id: row.productId,
    name: row.name,
    item_weight: row.itemWeight,
    image: row.image,
    price: paiseToRupees(row.unitPricePaise),
    quantity: row.quantity,
    line_total: paiseToRupees(row.lineTotalPaise),
  };
}

export function toStatusEntry(row: StatusHistoryRow): OrderStatusEntry {
  return { status: row.status, note: row.note, actor: row.actor, created_at: row.createdAt.toISOString() };
}

/** The parcel of a shipped order as the customer sees it; null before shipping. */
export function toShipment(row: OrderRow): OrderShipment | null {
  if (!row.shippedAt || !row.carrier || !row.trackingNumber) return null;
  return {
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    tracking_url: row.trackingUrl,
    shipped_at: row.shippedAt.toISOString(),
  };
}

/** The API shape of an order (amounts in rupees, the public number as order_id). */
export function toOrder(row: OrderRow, items: OrderItemRow[], history?: StatusHistoryRow[]): Order {
  return {
    id: row.id,
    order_id: row.orderNumber,
    status: row.status,
    payment_status: row.paymentStatus,
    payment_gateway: row.paymentGateway,
    items: items.map(toOrderItem),
    shipping_address: row.shippingAddress as ShippingAddress,
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    shipping: paiseToRupees(row.shippingPaise),
    cod_fee: paiseToRupees(row.codFeePaise),
    delivery_eta_days: row.deliveryEtaDays,
    total_amount: paiseToRupees(row.totalPaise),
    currency_code: row.currencyCode,
    customer_remarks: row.customerRemarks,
    coupon_code: row.couponCode,
    reservation_expires_at: row.reservationExpiresAt ? row.reservationExpiresAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    shipment: toShipment(row),
    ...(history ? { status_history: history.map(toStatusEntry) } : {}),
  };
}

/** The public order number: KFL-{year}-{id, six digits}. */
export function orderNumberOf(id: number, at: Date): string {
  return `KFL-${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}
