import { z } from 'zod';
import { storableTimeField } from '../storable-time.ts';

/**
 * Back-office shapes of coupons. Amounts are paise; a percent coupon's value is a whole percent.
 * The checkout applies the same rules (orders/coupon.service.ts): active, inside its dates, cart
 * at least the minimum, total and per-customer limits not reached, discount at most the cap.
 */

export const couponAdminMessages = {
  code: 'Use 3 to 30 letters, digits, hyphens or underscores.',
  codeTaken: 'Another coupon already has this code.',
  percent: 'A percentage is a whole number from 1 to 100.',
  flat: 'Give the discount in paise: a whole number of at least 100 (₹1).',
  maxDiscountFlat:
    'A maximum discount applies only to percentage coupons. Leave it empty for a rupees-off coupon.',
  schedule: 'The end must be after the start.',
  notFound: 'This coupon no longer exists. Please reload the page.',
} as const;

const paise = z.number().int().min(0).max(100_000_000);
const limit = z.number().int().min(1).max(1_000_000).nullable().default(null);

export const couponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,30}$/, couponAdminMessages.code),
    description: z.string().trim().max(500).default(''),
    discount_type: z.enum(['percent', 'flat']),
    /** Whole percent for 'percent', paise for 'flat'. */
    discount_value: z.number().int().min(1).max(100_000_000),
    min_cart_paise: paise.default(0),
    /** The most a percent coupon takes off; null: no cap. A flat coupon has none (refused, not dropped). */
    max_discount_paise: paise.nullable().default(null),
    starts_at: storableTimeField.nullable().default(null),
    ends_at: storableTimeField.nullable().default(null),
    /** How many orders may use it in all; null: no limit. */
    usage_limit_total: limit,
    /** How many orders one customer may use it on; null: no limit. */
    usage_limit_per_customer: limit,
    is_active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.discount_type === 'percent' && c.discount_value > 100)
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: couponAdminMessages.percent });
    if (c.discount_type === 'flat' && c.discount_value < 100)
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: couponAdminMessages.flat });
    if (c.discount_type === 'flat' && c.max_discount_paise !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['max_discount_paise'],
        message: couponAdminMessages.maxDiscountFlat,
      });
    if (c.starts_at && c.ends_at && Date.parse(c.ends_at) <= Date.parse(c.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: couponAdminMessages.schedule });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

/** What a coupon is doing now, in the order the checks run at checkout. */
export const couponStates = ['disabled', 'scheduled', 'expired', 'used up', 'active'] as const;
export type CouponState = (typeof couponStates)[number];

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(['percent', 'flat']),
  discount_value: z.number().int(),
  min_cart_paise: z.number().int(),
  max_discount_paise: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit_total: z.number().int().nullable(),
  usage_limit_per_customer: z.number().int().nullable(),
  is_active: z.boolean(),
  state: z.enum(couponStates),
  /** Orders that used it and count against its total limit (cancelled orders give theirs back). */
  used_count: z.number().int(),
  /** Orders placed with it that were not cancelled, and the discount they got, in paise. */
  orders: z.number().int(),
  discount_given_paise: z.number().int(),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const couponStatusSchema = z.object({ is_active: z.boolean() });
