import type { StaffRole } from '@shop/contract/admin/staff';
import {
  createdPayment,
  newShopper,
  type PaymentsHarness,
  paymentsHarness,
  placeOrder,
  type Shopper,
  verified,
} from '../payments/payments.test-kit.ts';
import { type AdminCall, adminCallOf, type StaffByRole, signInRoles } from './staff.test-kit.ts';

/** The payments harness with a shopper and demo staff signed in. */
export interface StaffPaymentsHarness<R extends StaffRole> extends PaymentsHarness {
  shopper: Shopper;
  signedIn: StaffByRole<R>;
  as: AdminCall<R>;
  /** A new order of the shopper's, placed and confirmed with cash on delivery. */
  codOrder(options?: Parameters<typeof placeOrder>[2]): ReturnType<typeof placeOrder>;
}

/**
 * The set-up of a back-office test on orders the shop has taken: paymentsHarness (the real app
 * listening, with its gateway simulators), one shopper with an address, and the demo account of
 * each of `roles` signed in. Close it with `close()`.
 */
export async function staffPaymentsHarness<R extends StaffRole>(
  roles: readonly R[],
): Promise<StaffPaymentsHarness<R>> {
  const h = await paymentsHarness();
  const shopper = await newShopper(h.t);
  const signedIn = await signInRoles(h.t.app, roles);
  return {
    ...h,
    shopper,
    signedIn,
    as: adminCallOf(h.t, signedIn),
    async codOrder(options) {
      const placed = await placeOrder(h.t, shopper, options);
      await createdPayment(h.t, shopper, placed.order.id, 'cod');
      await verified(h.t, shopper, placed.order.order_id, {});
      return placed;
    },
  };
}
