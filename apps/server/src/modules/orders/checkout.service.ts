import { type ApplyCouponResult, couponMessages } from '@shop/contract/coupons';
import { deliveryMessages, deliveryTermsOf } from '@shop/contract/delivery';
import { messages } from '@shop/contract/messages';
import { formatPaise, paiseToRupees } from '@shop/contract/money';
import { orderTotals } from '@shop/contract/order-totals';
import { type CartLine, type CheckoutResult, orderMessages } from '@shop/contract/orders';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { missingAddressMessage, shippingSnapshotOf } from '../addresses/addresses.service.ts';
import { productsForSale, reserveStock } from '../catalogue/stock.service.ts';
import { assertCustomerMayOrder, lockCustomer } from '../customers/customer-lookup.service.ts';
import { deliveryQuote } from '../fulfilment/fulfilment.service.ts';
import { orderGst } from '../tax/tax.service.ts';
import {
  mergeLines,
  minimumOrderPaise,
  priceCart,
  priceOrderLines,
  subtotalOf,
} from './cart-pricing.service.ts';
import { couponDiscountFor } from './coupon.service.ts';
import { ensureUnpaidOrderAllowance } from './order-limits.service.ts';
import { orderNumberOf, toOrder } from './order-view.ts';
import {
  findOrderByKey,
  findRecentPendingOrderByKeyPrefix,
  insertOrder,
  insertOrderItems,
  insertRedemption,
  insertStatus,
  itemsOfOrders,
  nextOrderId,
  takeCouponUse,
} from './orders.repository.ts';

export interface CheckoutInput {
  items: CartLine[];
  customer_remarks?: string | null | undefined;
  coupon_code: string | null;
  customer: { address_id?: number | null | undefined };
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite both report it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * The order an Idempotency-Key already placed. The key stands for one request (IETF
 * Idempotency-Key draft): sent again with another cart, address, coupon or remarks it is refused
 * with a 422 rather than answered with an order the shopper did not ask for.
 */
async function existingOrder(
  db: Db,
  customerId: number,
  key: string,
  fingerprint: string,
): Promise<CheckoutResult | null> {
  const row = await findOrderByKey(db, customerId, key);
  if (!row) return null;
  if (row.idempotencyFingerprint !== null && row.idempotencyFingerprint !== fingerprint)
    throw AppError.invalid('Idempotency-Key', orderMessages.idempotencyKeyReused);
  return { order: toOrder(row, await itemsOfOrders(db, [row.id])) };
}

/**
 * product rules §10: a retried checkout without an Idempotency-Key (same cart, address, coupon and
 * remarks within this window) returns the order the first one placed, while it is unpaid.
 */
export const SAME_CART_WINDOW_MS = 60_000;

/**
 * SHA-256 (base64url) of what a checkout request asks for, in a canonical form: the merged lines
 * sorted by product, the address, the coupon and the remarks. Key order, repeated lines and
 * fields checkout ignores (client prices) do not change it.
 */
function requestFingerprint(input: CheckoutInput): string {
  const lines = mergeLines(input.items)
    .sort((a, b) => a.item_id - b.item_id)
    .map((l) => `${l.item_id}x${l.quantity}`)
    .join(',');
  const canonical = JSON.stringify([
    lines,
    input.customer.address_id,
    input.coupon_code ?? '',
    input.customer_remarks?.trim() ?? '',
  ]);
  return createHash('sha256').update(canonical).digest('base64url');
}

/** `cart:{hash}:` — the key prefix of orders placed from this exact cart without a client key. */
function cartKeyPrefix(fingerprint: string): string {
  return `cart:${fingerprint.slice(0, 32)}:`;
}

/** Subtotal of a cart at today's prices, in paise; a product gone or no longer sold is a 422 naming it. */
async function cartSubtotalPaise(db: Db, lines: CartLine[]): Promise<number> {
  const merged = mergeLines(lines);
  const products = new Map(
    (
      await productsForSale(
        db,
        merged.map((l) => l.item_id),
      )
    ).map((p) => [p.id, p]),
  );
  // A product that is gone or no longer sold is named, as checkout would name it: priced at ₹0 it
  // made the coupon's minimum look unmet ("Add items worth … more"), which misled the shopper.
  return merged.reduce((sum, l) => {
    const p = products.get(l.item_id);
    if (!p) throw AppError.invalid('items', orderMessages.unknownProduct(l.item_id));
    if (!p.isActive) throw AppError.invalid('items', orderMessages.noLongerSold(p.name));
    return sum + p.sellingPricePaise * l.quantity;
  }, 0);
}

/** POST orders/apply_coupon: what the coupon would take off this cart, computed by the server. */
export async function applyCoupon(
  db: Db,
  input: { coupon_code: string; items: CartLine[] },
  customerId: number | null,
): Promise<ApplyCouponResult> {
  const subtotal = await cartSubtotalPaise(db, input.items);
  const { coupon, discountPaise } = await couponDiscountFor(db, input.coupon_code, subtotal, customerId);
  // Delivery is priced once the address is chosen (shipping step): here goods only.
  const totals = orderTotals({ lines: [{ unitPricePaise: subtotal, quantity: 1 }], discountPaise });
  return {
    coupon_code: coupon.code,
    discount: paiseToRupees(totals.discountPaise),
    subtotal: paiseToRupees(totals.subtotalPaise),
    total: paiseToRupees(totals.totalPaise),
    message: couponMessages.applied(discountPaise),
  };
}

/**
 * Places an order (product rules §4 "checkout creates the order"). Steps, all in one transaction:
 * price from the database → coupon → minimum → address snapshot and its delivery zone (an
 * address the shop does not deliver to is refused) → totals with the zone's delivery charge →
 * order + items → reserve stock (conditional updates) → count the coupon use. Any failure rolls
 * everything back. The cash-on-delivery fee is added later, when the shopper chooses to pay so.
 * The same Idempotency-Key with the same request returns the order that key already created (with
 * another request it is a 422); without a key, the same cart within SAME_CART_WINDOW_MS returns
 * the still-unpaid order it placed (product rules §10).
 */
export async function checkout(
  ctx: AppContext,
  customerId: number,
  input: CheckoutInput,
  idempotencyKey: string | null,
): Promise<CheckoutResult> {
  const { db } = ctx;
  const fingerprint = requestFingerprint(input);
  if (idempotencyKey) {
    const existing = await existingOrder(db, customerId, idempotencyKey, fingerprint);
    if (existing) return existing;
  }
  // Read-only checks first, outside any transaction: a cart that cannot be placed (out of stock,
  // below the minimum, bad coupon) is refused without holding locks. The transaction below
  // re-guards everything that can change meanwhile (stock, coupon limits).
  const addressId = input.customer.address_id;
  const address = addressId ? await shippingSnapshotOf(db, customerId, addressId) : null;
  if (!address) throw AppError.invalid('customer.address_id', await missingAddressMessage(db, customerId));
  const delivery = await deliveryQuote(db, address.snapshot.pin_code);
  if (!delivery.serviceable)
    throw AppError.invalid('customer.address_id', deliveryMessages.notServiceable(address.snapshot.pin_code));
  // The directory's state stands in for one the address does not name (older addresses).
  const shippingAddress = { ...address.snapshot, state: address.snapshot.state ?? delivery.state };
  const lines = await priceOrderLines(db, input.items);
  const subtotal = subtotalOf(lines);
  // The minimum order is the goods' value before a coupon (spec §2: the cart's total equals its
  // subtotal, and that total is what the minimum is checked against), as a coupon's own minimum
  // is: a coupon is a reward on an order that qualifies, not a reason to refuse it.
  const minimum = await minimumOrderPaise(db);
  if (subtotal < minimum) throw AppError.invalid('items', messages.minimumOrder(formatPaise(minimum)));
  const couponCode = input.coupon_code;
  if (couponCode) await couponDiscountFor(db, couponCode, subtotal, customerId);

  try {
    return await db.transaction(async (tx) => {
      let coupon: { id: number; code: string; discountPaise: number } | null = null;
      const cartPrefix = idempotencyKey ? null : cartKeyPrefix(fingerprint);
      // Serialise this customer's checkouts so that neither the unpaid-order cap, the
      // per-customer coupon limit nor the same-cart check below can be raced.
      await lockCustomer(tx, customerId);
      await assertCustomerMayOrder(tx, customerId);
      if (cartPrefix) {
        const since = new Date(Date.now() - SAME_CART_WINDOW_MS);
        const retried = await findRecentPendingOrderByKeyPrefix(tx, customerId, cartPrefix, since);
        if (retried) return { order: toOrder(retried, await itemsOfOrders(tx, [retried.id])) };
      }
      await ensureUnpaidOrderAllowance(ctx, tx, customerId);
      if (couponCode) {
        const found = await couponDiscountFor(tx, couponCode, subtotal, customerId);
        coupon = { id: found.coupon.id, code: found.coupon.code, discountPaise: found.discountPaise };
      }
      const totals = orderTotals({
        lines,
        discountPaise: coupon?.discountPaise ?? 0,
        delivery: deliveryTermsOf(delivery),
      });
      // Each line keeps its taxable value and GST as placed; the invoice prints them as they are.
      const gst = await orderGst(tx, {
        address: shippingAddress,
        lines: lines.map((l) => ({
          grossPaise: l.lineTotalPaise,
          gstRate: l.product.gstRate,
          hsnCode: l.product.hsnCode,
        })),
        discountPaise: totals.discountPaise,
        shippingPaise: totals.deliveryPaise,
        codFeePaise: 0,
      });

      const now = new Date();
      const id = await nextOrderId(tx);
      const order = await insertOrder(tx, {
        id,
        orderNumber: orderNumberOf(id, now),
        customerId,
        status: 'pending',
        paymentStatus: 'Pending',
        subtotalPaise: totals.subtotalPaise,
        discountPaise: totals.discountPaise,
        shippingPaise: totals.deliveryPaise,
        deliveryEtaDays: delivery.eta_days,
        totalPaise: totals.totalPaise,
        currencyCode: 'INR',
        couponId: coupon?.id ?? null,
        couponCode: coupon?.code ?? null,
        customerRemarks: input.customer_remarks?.trim() ?? '',
        shippingAddress,
        addressId: address.id,
        idempotencyKey: idempotencyKey ?? `${cartPrefix}${randomBytes(6).toString('base64url')}`,
        idempotencyFingerprint: fingerprint,
        reservationExpiresAt: new Date(now.getTime() + ctx.config.ORDER_RESERVATION_MINUTES * 60_000),
        placeOfSupply: gst.placeOfSupply,
        interState: gst.interState,
        shippingTax: gst.shipping,
        codFeeTax: gst.codFee,
      });
      const items = await insertOrderItems(
        tx,
        lines.map((l, i) => ({
          ...gst.lines[i],
          orderId: order.id,
          productId: l.product.id,
          name: l.product.name,
          itemWeight: l.product.itemWeight,
          image: l.product.mainImage,
          unitPricePaise: l.unitPricePaise,
          quantity: l.quantity,
          lineTotalPaise: l.lineTotalPaise,
        })),
      );

      await insertStatus(tx, order.id, {
        status: 'pending',
        note: 'Order placed',
        actor: 'customer',
        staffId: null,
      });
      // Stock last: a popular product's row stays locked only from here to COMMIT, so checkouts
      // of it queue as briefly as possible. Rows are locked in id order so that two carts with
      // the same products cannot deadlock; a failed guard rolls the whole order back.
      for (const line of [...lines].sort((a, b) => a.product.id - b.product.id)) {
        if (!(await reserveStock(tx, line.product.id, line.quantity, { orderId: order.id }))) {
          const [current] = await priceCart(tx, [line.product.id]);
          const left = current?.available_stock ?? 0;
          throw AppError.invalid(
            'items',
            left <= 0
              ? orderMessages.outOfStock(line.product.name)
              : orderMessages.onlyLeft(left, line.product.name),
          );
        }
      }
      if (coupon) {
        if (!(await takeCouponUse(tx, coupon.id)))
          throw AppError.invalid('coupon_code', couponMessages.usageLimitReached);
        await insertRedemption(tx, coupon.id, customerId, order.id);
      }
      return { order: toOrder(order, items) };
    });
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await existingOrder(db, customerId, idempotencyKey, fingerprint);
      if (existing) return existing;
    }
    throw error;
  }
}
