import { GST_STATES, isGstStateCode } from '@shop/contract/gst';
import { paiseToRupees } from '@shop/contract/money';
import type {
  Order,
  OrderGstSummary,
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
    gst_rate: row.gstRate,
  };
}

/** The tax stored on a charge (shippingTax, codFeeTax); the jsonb holds these paise fields. */
interface StoredChargeTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The GST stored on an order when it was placed, summed over its lines, its delivery charge and
 * its cash-on-delivery fee: what its tax invoice prints. Null on orders placed before the split
 * was stored.
 */
export function toOrderGst(row: OrderRow, items: OrderItemRow[]): OrderGstSummary | null {
  if (row.placeOfSupply === null || row.interState === null || !isGstStateCode(row.placeOfSupply))
    return null;
  const parts: StoredChargeTax[] = [
    ...items,
    ...[row.shippingTax, row.codFeeTax].filter((t): t is StoredChargeTax => t !== null && t !== undefined),
  ];
  const sum = (pick: (t: StoredChargeTax) => number) => paiseToRupees(parts.reduce((a, t) => a + pick(t), 0));
  return {
    place_of_supply: row.placeOfSupply,
    state_name: GST_STATES[row.placeOfSupply],
    inter_state: row.interState,
    taxable_value: sum((t) => t.taxablePaise),
    cgst: sum((t) => t.cgstPaise),
    sgst: sum((t) => t.sgstPaise),
    igst: sum((t) => t.igstPaise),
  };
}

export function toStatusEntry(row: StatusHistoryRow): OrderStatusEntry {
  return { status: row.status, note: row.note, actor: row.actor, created_at: row.createdAt.toISOString() };
}

/** The parcel of a shipped order as the customer sees it; null before shipping. */
export function toShipment(row: OrderRow): OrderShipment | null {
  if (!row.shippedAt || !row.carrier) return null;
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
    // Orders placed before addresses had a GSTIN have none: null, as the contract says.
    shipping_address: { gstin: null, ...(row.shippingAddress as Omit<ShippingAddress, 'gstin'>) },
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    shipping: paiseToRupees(row.shippingPaise),
    cod_fee: paiseToRupees(row.codFeePaise),
    delivery_eta_days: row.deliveryEtaDays,
    total_amount: paiseToRupees(row.totalPaise),
    gst: toOrderGst(row, items),
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
