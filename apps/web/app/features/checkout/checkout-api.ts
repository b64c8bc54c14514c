import type { ApplyCouponResult } from '@shop/contract/coupons';
import type { CartLine, CheckoutResult, PriceCartResult } from '@shop/contract/orders';
import { api } from '../../lib/api-client.ts';

/** The cart's calls to the orders API (product rules §7 plus price_cart / apply_coupon). */
export const checkoutApi = {
  priceCart: (itemIds: number[]) =>
    api.post<PriceCartResult>('orders/price_cart', { items: itemIds.map((item_id) => ({ item_id })) }),
  applyCoupon: (couponCode: string, items: CartLine[]) =>
    api.post<ApplyCouponResult>('orders/apply_coupon', { coupon_code: couponCode, items }),
  checkout: (
    body: {
      items: CartLine[];
      customer_remarks: string;
      coupon_code: string;
      customer: { address_id: number };
    },
    idempotencyKey: string,
  ) => api.post<CheckoutResult>('orders/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
};
