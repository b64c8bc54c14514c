import { formatPaise } from './money.ts';

/** Shopper-facing reasons a coupon cannot be used (the server decides; the cart shows them). */
export const couponMessages = {
  invalid: 'Invalid coupon code.',
  expired: 'This coupon has expired.',
  notStarted: 'This coupon is not active yet.',
  usageLimitReached: 'This coupon has reached its usage limit.',
  perCustomerLimitReached: 'You have already used this coupon the maximum number of times.',
  minCart: (shortPaise: number) => `Add items worth ${formatPaise(shortPaise)} more to use this coupon.`,
  applied: (discountPaise: number) => `Coupon applied. You save ${formatPaise(discountPaise)}.`,
} as const;

/** 'percent': whole percent of the subtotal; 'flat': fixed paise. */
export type CouponDiscountType = 'percent' | 'flat';

/** POST orders/apply_coupon answer; amounts in rupees. */
export interface ApplyCouponResult {
  coupon_code: string;
  discount: number;
  subtotal: number;
  total: number;
  message: string;
}
