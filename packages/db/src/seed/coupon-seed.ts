import type { DbOrTx } from '../client.ts';
import { coupons } from '../schema/index.ts';

type CouponRow = typeof coupons.$inferInsert;

/** End of a day in India (IST, +05:30), so that a coupon lasts the whole of its last day. */
const endOfDayIst = (date: string) => new Date(`${date}T23:59:59+05:30`);
const startOfDayIst = (date: string) => new Date(`${date}T00:00:00+05:30`);

/** Demo coupons, one per rule the checkout knows (percent cap, flat, minimum, expiry, limits, inactive). */
export const couponSeeds: readonly CouponRow[] = [
  {
    code: 'WELCOME10',
    description: '10% off your order, up to ₹100, on carts of ₹299 or more.',
    discountType: 'percent',
    discountValue: 10,
    maxDiscountPaise: 10_000,
    minCartPaise: 29_900,
  },
  {
    code: 'FLAT50',
    description: '₹50 off on carts of ₹499 or more.',
    discountType: 'flat',
    discountValue: 5_000,
    minCartPaise: 49_900,
  },
  {
    code: 'DIWALI20',
    description: 'Diwali offer: 20% off, up to ₹300, on carts of ₹999 or more.',
    discountType: 'percent',
    discountValue: 20,
    maxDiscountPaise: 30_000,
    minCartPaise: 99_900,
    endsAt: endOfDayIst('2030-12-31'),
  },
  {
    code: 'EXPIRED5',
    description: 'New Year offer: 5% off (ended).',
    discountType: 'percent',
    discountValue: 5,
    startsAt: startOfDayIst('2024-12-25'),
    endsAt: endOfDayIst('2025-01-31'),
  },
  {
    code: 'ONCEONLY',
    description: '₹75 off once per customer on carts of ₹199 or more; first 100 orders only.',
    discountType: 'flat',
    discountValue: 7_500,
    minCartPaise: 19_900,
    usageLimitPerCustomer: 1,
    usageLimitTotal: 100,
  },
  {
    code: 'INACTIVE10',
    description: '10% off (switched off).',
    discountType: 'percent',
    discountValue: 10,
    isActive: false,
  },
];

export async function seedCoupons(tx: DbOrTx): Promise<void> {
  await tx.insert(coupons).values(couponSeeds.map((c, index) => ({ id: index + 1, ...c })));
}
