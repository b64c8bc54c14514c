import { rupeesToPaise } from '@shop/contract/money';
import { useEffect, useState } from 'react';
import { cart } from '../../lib/cart-store.ts';
import { useRootData } from '../../lib/root-data.ts';
import { checkoutApi } from './checkout-api.ts';
import { reconcileCart, sameCart } from './reconcile-cart.ts';

function minimumFromSettings(value: string | undefined): number {
  if (!value || !/^\d+(\.\d{1,2})?$/.test(value.trim())) return 0;
  return rupeesToPaise(value.trim()) / 100;
}

/**
 * On load the cart asks the server for today's prices and stock, updates itself and keeps the
 * list of what changed. Also yields minimum_order_amount (rupees; the setting until the server answers).
 */
export function useCartPricing() {
  const root = useRootData();
  const [minimum, setMinimum] = useState(() => minimumFromSettings(root.settings.minimum_order_amount));
  const [notices, setNotices] = useState<string[]>([]);
  const [checking, setChecking] = useState(true);

  useEffect(() => {
    let current = true;
    const ids = cart.items().map((i) => i.id);
    if (ids.length === 0) {
      setChecking(false);
      return;
    }
    checkoutApi
      .priceCart(ids)
      .then((result) => {
        if (!current) return;
        const before = cart.items();
        const { items, notices: changed } = reconcileCart(before, result.items);
        if (!sameCart(before, items)) cart.replace(items);
        setNotices(changed);
        setMinimum(result.minimum_order_amount);
      })
      .catch(() => {
        // Offline or server trouble: the cart still works; checkout re-prices on the server anyway.
      })
      .finally(() => {
        if (current) setChecking(false);
      });
    return () => {
      current = false;
    };
  }, []);

  return { minimum, notices, checking, dismissNotices: () => setNotices([]) };
}
