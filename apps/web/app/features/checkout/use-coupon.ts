import type { ApplyCouponResult } from '@shop/contract/coupons';
import type { CartLine } from '@shop/contract/orders';
import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../../lib/notify.ts';
import type { CartItem } from '../../lib/cart-store.ts';
import { checkoutApi } from './checkout-api.ts';
import { checkoutDraft } from './checkout-draft.ts';

export const linesOf = (items: CartItem[]): CartLine[] =>
  items.map((i) => ({ item_id: i.id, quantity: i.qty }));

/** The chosen code lives in the checkout draft so that /shipping applies the same coupon. */
function rememberCode(code: string) {
  checkoutDraft.set({ ...checkoutDraft.get(), coupon_code: code });
}

/**
 * The coupon applied to the cart. The discount always comes from the server: it is asked again
 * whenever the cart lines change, and a coupon that no longer applies is dropped with the reason.
 */
export function useCoupon(items: CartItem[]) {
  const [applied, setApplied] = useState<ApplyCouponResult | null>(null);
  // One string stands for the lines, so the effect re-runs only when they really change.
  const linesKey = JSON.stringify(linesOf(items));

  const apply = useCallback(
    async (code: string) => {
      const result = await checkoutApi.applyCoupon(code, JSON.parse(linesKey) as CartLine[]);
      setApplied(result);
      rememberCode(result.coupon_code);
    },
    [linesKey],
  );

  const remove = useCallback(() => {
    setApplied(null);
    rememberCode('');
  }, []);

  useEffect(() => {
    const code = checkoutDraft.get().coupon_code;
    const lines = JSON.parse(linesKey) as CartLine[];
    if (!code || lines.length === 0) return;
    let current = true;
    checkoutApi
      .applyCoupon(code, lines)
      .then((result) => {
        if (!current) return;
        setApplied(result);
        rememberCode(result.coupon_code);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setApplied(null);
        rememberCode('');
        notifyError(error);
      });
    return () => {
      current = false;
    };
  }, [linesKey]);

  return { applied, apply, remove };
}
