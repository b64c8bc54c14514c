/**
 * The one sum of an order, in integer paise: the server prices checkout and the invoice with it,
 * and the storefront shows its totals with it, so the figure the shopper reads before paying is
 * the figure charged.
 *
 * - subtotal = Σ unit price × quantity;
 * - discount = the coupon's discount, never more than the subtotal;
 * - delivery = the zone's charge, or 0 when the goods after the discount reach the zone's
 *   free-delivery threshold;
 * - cod fee = the zone's cash-on-delivery fee when the shopper pays at the door, else 0;
 * - total = subtotal − discount + delivery + cod fee.
 */

export interface OrderTotalsInput {
  lines: ReadonlyArray<{ unitPricePaise: number; quantity: number }>;
  discountPaise?: number;
  /** The delivery zone's terms; undefined while no address is chosen (delivery counts 0). */
  delivery?: { chargePaise: number; freeAbovePaise: number | null } | undefined;
  /** The zone's cash-on-delivery fee, when paying by cash on delivery. */
  codFeePaise?: number;
}

export interface OrderTotals {
  subtotalPaise: number;
  discountPaise: number;
  deliveryPaise: number;
  codFeePaise: number;
  totalPaise: number;
}

const wholePaise = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be whole paise ≥ 0`);
  return value;
};

/** The delivery charge of goods worth `goodsPaise` (after the coupon) under a zone's terms. */
export function deliveryChargeFor(
  goodsPaise: number,
  delivery: { chargePaise: number; freeAbovePaise: number | null } | undefined,
): number {
  if (!delivery) return 0;
  if (delivery.freeAbovePaise !== null && goodsPaise >= delivery.freeAbovePaise) return 0;
  return wholePaise(delivery.chargePaise, 'delivery charge');
}

export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotalPaise = input.lines.reduce(
    (sum, l) => sum + wholePaise(l.unitPricePaise, 'unit price') * wholePaise(l.quantity, 'quantity'),
    0,
  );
  const discountPaise = Math.min(wholePaise(input.discountPaise ?? 0, 'discount'), subtotalPaise);
  const deliveryPaise = deliveryChargeFor(subtotalPaise - discountPaise, input.delivery);
  const codFeePaise = wholePaise(input.codFeePaise ?? 0, 'cash-on-delivery fee');
  return {
    subtotalPaise,
    discountPaise,
    deliveryPaise,
    codFeePaise,
    totalPaise: subtotalPaise - discountPaise + deliveryPaise + codFeePaise,
  };
}
