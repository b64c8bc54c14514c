import { z } from 'zod';
import { formatInr, rupeesToPaise } from './money.ts';

/**
 * Delivery by pincode: what the shop says about one six-digit Indian pincode before the shopper
 * orders (`GET /backend/api/web/delivery/{pincode}`). Its amounts are rupees, as every amount of
 * the storefront API is (DESIGN §3: `charge: 40` is ₹40); until 2026-12-05 this one answer carried
 * integer paise (`charge: 4000`), which a client reading the contract would show a hundred times
 * too large. `free_above` and `cod_max` are null where no threshold applies.
 */

export { PINCODE_PATTERN } from './pincode.ts';

/** An amount in rupees, as JSON carries money: a number with at most two decimals. */
const rupees = z.number().nonnegative();

export const deliveryQuoteSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  charge: rupees.describe('Delivery charge for goods worth less than `free_above`, in rupees (40 = ₹40)'),
  free_above: rupees
    .nullable()
    .describe('Goods worth at least this much (after the coupon) travel free, in rupees; null: never free'),
  eta_days: z.number().int().nonnegative().nullable().describe('Delivery time in days; null when not served'),
  cod_available: z.boolean(),
  cod_max: rupees
    .nullable()
    .describe(
      'Largest order total (with delivery, before the fee) payable in cash on delivery, in rupees; null: no limit',
    ),
  cod_fee: rupees.describe('Extra charge for cash on delivery, in rupees (0 when none)'),
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

/** The quote's delivery terms in paise, as the order-totals function takes them. */
export function deliveryTermsOf(quote: Pick<DeliveryQuote, 'charge' | 'free_above'>): {
  chargePaise: number;
  freeAbovePaise: number | null;
} {
  return {
    chargePaise: rupeesToPaise(quote.charge),
    freeAbovePaise: quote.free_above === null ? null : rupeesToPaise(quote.free_above),
  };
}

/**
 * Why cash on delivery cannot pay an order of `orderTotalPaise` (goods after the coupon, with
 * delivery, before the cash-on-delivery fee) to this pincode, or null when it can. One rule for
 * the payment step and the server that refuses it.
 */
export function codRefusal(
  quote: Pick<DeliveryQuote, 'pincode' | 'serviceable' | 'cod_available' | 'cod_max'>,
  orderTotalPaise: number,
): string | null {
  if (!quote.serviceable || !quote.cod_available) return deliveryMessages.codNotOffered(quote.pincode);
  if (quote.cod_max !== null && orderTotalPaise > rupeesToPaise(quote.cod_max))
    return deliveryMessages.codAboveLimit(formatInr(quote.cod_max));
  return null;
}
