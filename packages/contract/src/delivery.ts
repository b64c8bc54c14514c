import { z } from 'zod';

/**
 * Delivery by pincode: what the shop says about one six-digit Indian pincode before the shopper
 * orders (`GET /backend/api/web/delivery/{pincode}`). Amounts in paise like every amount in the
 * contract; `free_above` and `cod_max` are null where no threshold applies.
 */

export { PINCODE_PATTERN } from './pincode.ts';

export const deliveryQuoteSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Delivery charge for an order below `free_above`, in paise. */
  charge: z.number().int().nonnegative(),
  free_above: z.number().int().nonnegative().nullable(),
  eta_days: z.number().int().nonnegative().nullable(),
  cod_available: z.boolean(),
  cod_max: z.number().int().nonnegative().nullable(),
  /** Extra charge for cash on delivery, in paise (0 when none). */
  cod_fee: z.number().int().nonnegative(),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;
