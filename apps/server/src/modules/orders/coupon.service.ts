import { couponMessages } from '@shop/contract/coupons';
import type { DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { type CouponRow, countActiveRedemptions, findCouponByCode } from './orders.repository.ts';

/**
 * What a coupon always leaves to pay of the goods: ₹1.00, the least an online gateway takes
 * (Razorpay refuses under 100 paise, Paytm and PayPal an amount of 0). A coupon worth the whole
 * cart (100 %, or a flat amount above it) would make an order no online payment can settle, held
 * stock and all; the shop has no "free order" path, so every order keeps something to pay.
 */
export const LEAST_TO_PAY_PAISE = 100;

export type CouponCheck = { ok: true; discountPaise: number } | { ok: false; message: string };

/**
 * The coupon rules, without I/O: active, inside its dates, cart at least the minimum, limits not
 * reached. The discount never exceeds max_discount, and leaves LEAST_TO_PAY_PAISE of the subtotal.
 */
export function evaluateCoupon(
  coupon: CouponRow,
  subtotalPaise: number,
  usedByCustomer: number,
  now: Date,
): CouponCheck {
  if (!coupon.isActive) return { ok: false, message: couponMessages.invalid };
  if (coupon.startsAt && coupon.startsAt > now) return { ok: false, message: couponMessages.notStarted };
  if (coupon.endsAt && coupon.endsAt < now) return { ok: false, message: couponMessages.expired };
  if (coupon.usageLimitTotal !== null && coupon.usedCount >= coupon.usageLimitTotal)
    return { ok: false, message: couponMessages.usageLimitReached };
  if (coupon.usageLimitPerCustomer !== null && usedByCustomer >= coupon.usageLimitPerCustomer)
    return { ok: false, message: couponMessages.perCustomerLimitReached };
  if (subtotalPaise < coupon.minCartPaise)
    return { ok: false, message: couponMessages.minCart(coupon.minCartPaise - subtotalPaise) };
  let discount =
    coupon.discountType === 'percent'
      ? Math.floor((subtotalPaise * coupon.discountValue) / 100)
      : coupon.discountValue;
  if (coupon.maxDiscountPaise !== null) discount = Math.min(discount, coupon.maxDiscountPaise);
  discount = Math.max(0, Math.min(discount, subtotalPaise - LEAST_TO_PAY_PAISE));
  return { ok: true, discountPaise: discount };
}

/**
 * Looks a code up and applies the rules for this cart (and customer, when known).
 * Any reason not to apply it is a 422 on coupon_code.
 */
export async function couponDiscountFor(
  db: DbOrTx,
  code: string,
  subtotalPaise: number,
  customerId: number | null,
  now = new Date(),
): Promise<{ coupon: CouponRow; discountPaise: number }> {
  const coupon = await findCouponByCode(db, code.trim());
  if (!coupon) throw AppError.invalid('coupon_code', couponMessages.invalid);
  const used = customerId === null ? 0 : await countActiveRedemptions(db, coupon.id, customerId);
  const check = evaluateCoupon(coupon, subtotalPaise, used, now);
  if (!check.ok) throw AppError.invalid('coupon_code', check.message);
  return { coupon, discountPaise: check.discountPaise };
}
