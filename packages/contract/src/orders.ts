import { z } from 'zod';
import type { Address } from './addresses.ts';
import type { OrderInvoice } from './invoices.ts';
import { messages } from './messages.ts';
import { formatPaise } from './money.ts';
import { digitsToNumber, firstQueryValue, idField, isMissing, textFieldError } from './validation.ts';

import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './order-limits.ts';

export { MAX_LINE_QUANTITY, MAX_ORDER_LINES };

/**
 * Where an order is: pending (awaiting payment) → confirmed → packed → shipped → delivered;
 * cancelled; returned. The payment status is kept apart (PAYMENT_STATUSES). Only the server's
 * orders/order-state.ts moves an order from one to another.
 */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Confirmed and after: the order was sold (its tax invoice exists or is due). */
export function isConfirmedOrLater(status: OrderStatus): boolean {
  return status !== 'pending' && status !== 'cancelled';
}

/**
 * A comma-separated list of known values in a query string (`?status=shipped,delivered`): an
 * empty value means no filter; an unknown value is refused with the values that are known.
 */
export function enumListFilter<const T extends string>(values: readonly T[], noun: string) {
  return z.preprocess(firstQueryValue, z.string().max(200).optional()).transform((value, issue) => {
    const wanted = (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = wanted.find((s) => !(values as readonly string[]).includes(s));
    if (unknown !== undefined) {
      issue.addIssue({
        code: 'custom',
        message: `Unknown ${noun} "${unknown.slice(0, 30)}". Use ${values.join(', ')}.`,
      });
      return z.NEVER;
    }
    return wanted as T[];
  });
}

/** `?status=shipped,delivered` on the order lists (the customer's and the back office's). */
export const orderStatusFilterSchema = enumListFilter(ORDER_STATUSES, 'order status');

/** What staff (or the shop itself) can do to an order; each leads to one status. */
export const ORDER_ACTIONS = ['confirm', 'pack', 'ship', 'deliver', 'cancel', 'return'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The status an action leads to. */
export const ORDER_ACTION_TARGET: Record<OrderAction, OrderStatus> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  return: 'returned',
};

/** Who moved an order: the shop's own jobs and gateways, the customer, or a staff member. */
export const ORDER_ACTORS = ['system', 'customer', 'staff'] as const;
export type OrderActorKind = (typeof ORDER_ACTORS)[number];

/** A status as the customer reads it (order list, details and timeline); pending means awaiting payment. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};
/**
 * What the shop holds of an order's money: Pending (nothing captured yet, or cash on delivery),
 * Paid, Partially Refunded / Refunded (refunds processed by the gateway), Failed.
 */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Partially Refunded', 'Refunded', 'Failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Checkout and cart texts; every failure names the product so the shopper knows what to change. */
export const orderMessages = {
  emptyCart: 'Your cart is empty. Please add items before checking out.',
  outOfStock: (name: string) => `${name} is out of stock.`,
  onlyLeft: (left: number, name: string) => `Only ${left} of ${name} left.`,
  noLongerSold: (name: string) => `${name} is no longer sold.`,
  unknownProduct: (id: number) => `Product #${id} is no longer sold.`,
  quantityTooSmall: 'Quantity must be at least 1.',
  quantityNotWhole: 'Quantity must be a whole number.',
  quantityTooLarge: `Quantity cannot be more than ${MAX_LINE_QUANTITY}.`,
  tooManyLines: `An order can hold at most ${MAX_ORDER_LINES} different products.`,
  invalidItemId: 'Item id must be a positive whole number.',
  itemsNotList: 'Items must be a list of lines, each with an item_id and a quantity.',
  notFound: 'Order not found.',
  tooManyUnpaidOrders: (max: number, minutes: number) =>
    `You already have ${max === 1 ? 'an unpaid order' : `${max} unpaid orders`}. Please pay for ${max === 1 ? 'it' : 'one of them'} before placing another; an unpaid order is cancelled after ${minutes} minutes.`,
  tooManyCodOrders: (max: number) =>
    `You can place at most ${max === 1 ? 'one cash on delivery order' : `${max} cash on delivery orders`} in 24 hours. Please choose another payment option.`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different order. Send a new key with a changed cart, address, coupon or remarks.',
  priceChanged: (name: string, fromPaise: number, toPaise: number) =>
    `Price of ${name} changed from ${formatPaise(fromPaise)} to ${formatPaise(toPaise)}`,
  removedOutOfStock: (name: string) => `${name} is out of stock and was removed`,
  removedNoLongerSold: (name: string) => `${name} is no longer sold and was removed`,
  quantityReduced: (left: number, name: string) => `Only ${left} of ${name} left; quantity reduced`,
  quantityCapped: (name: string) =>
    `At most ${MAX_LINE_QUANTITY} of ${name} can be ordered at once; quantity reduced`,
  reorderSkipped: (name: string) => `${name} is out of stock and was not added`,
  reorderNotSold: (name: string) => `${name} is no longer sold and was not added`,
  shippingAtNextStep: 'calculated at next step',
  cannotCancel: 'This order can no longer be cancelled: it is already being packed or on its way.',
  /** A delivered or returned order (its status label, lower case). */
  cannotCancelAfter: (status: string) => `This order is ${status}: it can no longer be cancelled.`,
  /** Staff may not pack or ship an order whose money went back; cancelling it is what is left. */
  refundedInFull: "This order's payment was refunded in full.",
  cancelledByCustomer: 'Cancelled by the customer',
  /** The shop took this order's money directly (staff confirmed it paid offline): no gateway refunds it. */
  paidOfflineCancel:
    'This order was paid to the shop directly. Please contact us to cancel it, and we will refund you.',
} as const;

/**
 * Statuses in which the customer may still cancel: nothing has been packed yet. The server's
 * transition table (orders/order-state.ts) takes its customer-cancel row from here, so the
 * order page's "Cancel order" button and the server's rule cannot disagree.
 */
export const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['pending', 'confirmed'];

// A missing item_id or quantity is told as every missing field of the API is (messages.required).
const itemId = idField(orderMessages.invalidItemId, messages.required);

/** One requested line: {item_id, quantity}. */
export const cartLineSchema = z.object({
  item_id: itemId,
  quantity: z.preprocess(
    digitsToNumber,
    // The limits come before the whole-number check: zod's int() also refuses numbers beyond
    // 2^53, and 1e16 is best told "cannot be more than 100", not "must be a whole number".
    z
      .number({
        error: (issue) => (isMissing(issue.input) ? messages.required : orderMessages.quantityNotWhole),
      })
      .max(MAX_LINE_QUANTITY, orderMessages.quantityTooLarge)
      .min(1, orderMessages.quantityTooSmall)
      .int(orderMessages.quantityNotWhole),
  ),
});
export type CartLine = z.infer<typeof cartLineSchema>;

const cartLines = z
  .array(cartLineSchema, {
    // No items at all is an empty cart; something that is not a list is a client's mistake.
    error: (issue) => (isMissing(issue.input) ? orderMessages.emptyCart : orderMessages.itemsNotList),
  })
  .min(1, orderMessages.emptyCart)
  .max(MAX_ORDER_LINES, orderMessages.tooManyLines);

const couponCode = z
  .string()
  .trim()
  .max(40, 'Invalid coupon code.')
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null));

/** POST orders/checkout (product rules §3 "Checkout request"). Client prices, if sent, are ignored. */
export const checkoutRequestSchema = z.object({
  items: cartLines,
  customer_remarks: z.string().max(1000, messages.tooLong(1000)).nullish(),
  coupon_code: couponCode,
  /**
   * Anything that is not one address id (missing, null, "abc") counts as no choice: checkout then
   * answers with product rules §5 text, which depends on whether the customer has saved addresses.
   */
  customer: z
    .object({ address_id: idField(messages.selectAddress).nullish().catch(null) })
    .catch({ address_id: null }),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** POST orders/price_cart: the cart asks for current prices and stock. */
export const priceCartRequestSchema = z.object({
  items: z
    .array(
      z.object({
        item_id: itemId,
        quantity: z.preprocess(digitsToNumber, z.number().max(10_000).min(0).int().optional()),
      }),
    )
    .max(200),
});

/** POST orders/apply_coupon. */
export const applyCouponRequestSchema = z.object({
  coupon_code: z
    .string({ error: textFieldError })
    .trim()
    .min(1, messages.required)
    .max(40, 'Invalid coupon code.'),
  items: cartLines,
});

/** One product as the cart sees it now. Prices in rupees. */
export interface PricedCartItem {
  item_id: number;
  name: string;
  selling_price: number;
  available_stock: number;
  main_image: string | null;
  item_weight: number;
  /** The product's GST rate in percent (its price includes it). */
  gst_rate: number;
  /** false when the product no longer exists, is not sold or has no stock. */
  available: boolean;
  /** false when the product no longer exists or is no longer sold, whatever its stock. */
  sold: boolean;
}

export interface PriceCartResult {
  items: PricedCartItem[];
  /** Setting minimum_order_amount in rupees (0 when unset). */
  minimum_order_amount: number;
}

export interface OrderItem {
  item_id: number;
  name: string;
  item_weight: number;
  image: string | null;
  price: number;
  quantity: number;
  line_total: number;
  /** The GST rate the line was sold at, in percent (its price includes it). */
  gst_rate: number;
}

/**
 * The GST inside an order's total as stored when it was placed (rupees): goods, delivery charge
 * and cash-on-delivery fee together, the figures its tax invoice prints.
 */
export interface OrderGstSummary {
  /** GST state code of the place of supply (the delivery address's state), e.g. "07". */
  place_of_supply: string;
  state_name: string;
  /** true: delivered outside the shop's state, IGST; false: CGST + SGST. */
  inter_state: boolean;
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export type ShippingAddress = Omit<Address, 'id' | 'is_default'>;

/** One event of an order's timeline, in the customer's words. */
export interface OrderStatusEntry {
  status: OrderStatus;
  note: string;
  /** Who made the change: the shop (system or staff) or the customer. */
  actor: OrderActorKind;
  created_at: string;
}

/** How a shipped order travels: the carrier, its tracking number and the carrier's tracking page. */
export interface OrderShipment {
  carrier: string;
  /** Null when the shop's own van (a carrier without a tracking page) took it without a number. */
  tracking_number: string | null;
  /** The carrier's page for this parcel; null when the carrier has no tracking page. */
  tracking_url: string | null;
  shipped_at: string;
}

/** An order as checkout, the list and the details return it. Amounts are rupees. */
export interface Order {
  id: number;
  /** The public order number, e.g. KFL-2026-000123. */
  order_id: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_gateway: string | null;
  items: OrderItem[];
  shipping_address: ShippingAddress;
  subtotal: number;
  discount: number;
  /** The delivery charge of the address's zone (0: free delivery). */
  shipping: number;
  /** The cash-on-delivery fee, once the shopper chose to pay at the door (else 0). */
  cod_fee: number;
  /** Days from placing to delivery the zone promised; null on orders from before zones. */
  delivery_eta_days: number | null;
  total_amount: number;
  /** The GST inside total_amount as stored at checkout; null on orders from before the tax split. */
  gst: OrderGstSummary | null;
  currency_code: string;
  customer_remarks: string;
  coupon_code: string | null;
  reservation_expires_at: string | null;
  created_at: string;
  /** Set once the order is shipped. */
  shipment: OrderShipment | null;
  status_history?: OrderStatusEntry[];
  /** Order details only: the refunds of this order, newest first. */
  refunds?: OrderRefund[];
  /** Order details only: the GST tax invoice and its credit notes; null until the order is confirmed. */
  invoice?: OrderInvoice | null;
}

/** A refund as the customer sees it on order details. Amount in rupees. */
export interface OrderRefund {
  id: number;
  amount: number;
  /** pending: asked of the gateway; processed: the gateway paid it out; failed: the shop will follow up. */
  status: 'pending' | 'processed' | 'failed';
  reason: string;
  created_at: string;
  processed_at: string | null;
}

export interface CheckoutResult {
  order: Order;
}
