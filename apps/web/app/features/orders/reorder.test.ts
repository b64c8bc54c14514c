import type { Order, PriceCartResult, PricedCartItem } from '@shop/contract/orders';
import { storageKeys } from '@shop/contract/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../lib/browser-storage.test-kit.ts';

const priced: PricedCartItem[] = [];
vi.mock('../../lib/api-client.ts', () => ({
  api: { post: async (): Promise<PriceCartResult> => ({ items: priced, minimum_order_amount: 0 }) },
}));
const { reorder } = await import('./reorder.ts');

const product = (over: Partial<PricedCartItem>): PricedCartItem => ({
  item_id: 1,
  name: 'Kaju Katli',
  selling_price: 450,
  available_stock: 10,
  main_image: null,
  item_weight: 500,
  gst_rate: 5,
  available: true,
  sold: true,
  ...over,
});
const line = (item_id: number, name: string, quantity: number) => ({ item_id, name, quantity });

describe('Re-Order: an order’s items back into the cart at today’s prices', () => {
  let local: Map<string, string>;
  beforeEach(() => {
    priced.length = 0;
    local = stubBrowserStorage().local;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds what is sold and in stock, and tells apart what is out of stock and what is no longer sold', async () => {
    priced.push(
      product({}),
      product({ item_id: 2, name: 'Bhujia', available: false, available_stock: 0 }),
      product({ item_id: 3, name: 'Old Lock', available: false, available_stock: 0, sold: false }),
      product({ item_id: 4, name: '', available: false, available_stock: 0, sold: false }),
    );
    const order = {
      items: [
        line(1, 'Kaju Katli', 2),
        line(2, 'Bhujia', 1),
        line(3, 'Old Lock', 1),
        line(4, 'Gone Pickle', 1),
      ],
    } as unknown as Order;
    expect(await reorder(order)).toEqual([
      'Bhujia is out of stock and was not added',
      'Old Lock is no longer sold and was not added',
      'Gone Pickle is no longer sold and was not added',
    ]);
    const cart = JSON.parse(local.get(storageKeys.cartData) ?? '[]');
    expect(cart).toEqual([expect.objectContaining({ id: 1, qty: 2 })]);
  });
});
