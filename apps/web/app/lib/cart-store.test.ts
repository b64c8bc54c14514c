import { MAX_LINE_QUANTITY } from '@shop/contract/order-limits';
import { describe, expect, it } from 'vitest';
import { cartSubtotal, savedCart } from './cart-store.ts';

const line = (qty: unknown, id = 1) => ({
  id,
  name: `Product ${id}`,
  main_image: null,
  item_weight: 200,
  selling_price: 85,
  available_stock: 10,
  qty,
});

describe('the saved cart as read from browser storage (product rules §9: integer parsing of qty)', () => {
  it('reads quantities as whole numbers: 2.5 is 2 and "3" is 3', () => {
    const cart = savedCart([line(2.5, 1), line('3', 2)]);
    expect(cart?.map((i) => i.qty)).toEqual([2, 3]);
    expect(cartSubtotal(cart ?? [])).toBe(425);
  });

  it('drops only the bad lines: one line of 0, -2, "x" or no product keeps the others', () => {
    const cart = savedCart([
      line(0, 1),
      line(2, 2),
      line(-2, 3),
      line('x', 4),
      { qty: 1 },
      null,
      'junk',
      line(1, 5),
    ]);
    expect(cart?.map((i) => [i.id, i.qty])).toEqual([
      [2, 2],
      [5, 1],
    ]);
  });

  it('holds no line above what one order takes', () => {
    expect(savedCart([line(1e9)])?.[0]?.qty).toBe(MAX_LINE_QUANTITY);
    expect(savedCart([line(Number.POSITIVE_INFINITY)])?.[0]?.qty).toBe(MAX_LINE_QUANTITY);
  });

  it('keeps one line per product: the same product twice is one line with both quantities', () => {
    const cart = savedCart([line(1, 1), line(2, 2), line(2, 1)]);
    expect(cart?.map((i) => [i.id, i.qty])).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(savedCart([line(MAX_LINE_QUANTITY, 1), line(5, 1)])?.map((i) => i.qty)).toEqual([
      MAX_LINE_QUANTITY,
    ]);
  });

  it('is no cart when storage holds no list', () => {
    expect(savedCart({ id: 1 })).toBeUndefined();
    expect(savedCart('[]')).toBeUndefined();
  });
});
