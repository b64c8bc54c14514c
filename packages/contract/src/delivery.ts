import { z } from 'zod';

/**
 * Delivery by pincode: what the shop says about one six-digit Indian pincode before the shopper
 * orders (`GET /backend/api/web/delivery/{pincode}`). The quote's amounts are integer paise, unlike
 * the order and cart shapes of the storefront API, which carry rupees (`shipping: 40` is ₹40 there,
 * `charge: 4000` is ₹40 here); the storefront formats them with formatPaise. `free_above` and
 * `cod_max` are null where no threshold applies.
 */

export { PINCODE_PATTERN } from './pincode.ts';

export const deliveryQuoteSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  charge: z
    .number()
    .int()
    .nonnegative()
    .describe('Delivery charge for goods worth less than `free_above`, in paise (integer; 4000 = ₹40)'),
  free_above: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      'Goods worth at least this much (after the coupon) travel free, in paise (integer); null: never free',
    ),
  eta_days: z.number().int().nonnegative().nullable().describe('Delivery time in days; null when not served'),
  cod_available: z.boolean(),
  cod_max: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      'Largest order total (with delivery, before the fee) payable in cash on delivery, in paise (integer); null: no limit',
    ),
  cod_fee: z
    .number()
    .int()
    .nonnegative()
    .describe('Extra charge for cash on delivery, in paise (integer; 0 when none)'),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;

/** What the shopper reads about delivery; checkout refusals name the pincode so the fix is clear. */
export const deliveryMessages = {
  invalidPincode: 'Please enter a valid 6-digit PIN code.',
  notServiceable: (pincode: string) =>
    `Sorry, we do not deliver to PIN code ${pincode} yet. Please choose another delivery address.`,
  codNotOffered: (pincode: string) =>
    `Cash on delivery is not available for PIN code ${pincode}. Please choose another payment option.`,
  codAboveLimit: (maxText: string) =>
    `Cash on delivery is available for orders up to ${maxText}. Please choose another payment option.`,
  /** Days as the cart and shipping step show them. */
  eta: (days: number) => (days <= 1 ? 'Delivery in 1 day' : `Delivery in ${days} days`),
  freeAbove: (amountText: string) => `Free delivery from ${amountText}`,
} as const;

/**
 * Why cash on delivery cannot pay an order of `orderTotalPaise` (goods after the coupon, with
 * delivery, before the cash-on-delivery fee) to this pincode, or null when it can. One rule for
 * the payment step and the server that refuses it.
 */
export function codRefusal(
  quote: Pick<DeliveryQuote, 'pincode' | 'serviceable' | 'cod_available' | 'cod_max'>,
  orderTotalPaise: number,
  formatAmount: (paise: number) => string,
): string | null {
  if (!quote.serviceable || !quote.cod_available) return deliveryMessages.codNotOffered(quote.pincode);
  if (quote.cod_max !== null && orderTotalPaise > quote.cod_max)
    return deliveryMessages.codAboveLimit(formatAmount(quote.cod_max));
  return null;
}
