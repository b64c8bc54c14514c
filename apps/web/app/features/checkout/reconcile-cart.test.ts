import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../lib/cart-store.ts';
import { reconcileCart } from './reconcile-cart.ts';

const line = (over: Partial<CartItem>): CartItem => ({
  id: 1,
  name: 'Kaju Katli',
  main_image: 'k.webp',
  item_weight: 500,
  selling_price: 450,
  qty: 2,
  available_stock: 10,
  gst_rate: 5,
  ...over,
});
const priced = (over: Partial<ReturnType<typeof base>>) => ({ ...base(), ...over });
const base = () => ({
  item_id: 1,
  name: 'Kaju Katli',
  selling_price: 450,
  available_stock: 10,
  main_image: 'k.webp',
  item_weight: 500,
  gst_rate: 5,
  available: true,
  sold: true,
});

describe('cart re-pricing', () => {
  it('keeps the product page slug the line links to', () => {
    const r = reconcileCart([line({ url_slug: 'kaju-katli' })], [priced({ selling_price: 480 })]);
    expect(r.items[0]?.url_slug).toBe('kaju-katli');
  });
  it('takes a new price and says so', () => {
    const r = reconcileCart([line({})], [priced({ selling_price: 480 })]);
    expect(r.items[0]?.selling_price).toBe(480);
    expect(r.notices).toEqual(['Price of Kaju Katli changed from ₹450.00 to ₹480.00']);
  });
  it('removes an out-of-stock item and says so', () => {
    const r = reconcileCart([line({})], [priced({ available: false, available_stock: 0 })]);
    expect(r.items).toEqual([]);
    expect(r.notices).toEqual(['Kaju Katli is out of stock and was removed']);
  });
  it('removes a product that is no longer sold (or no longer exists) and says so, not "out of stock"', () => {
    const gone = { available: false, available_stock: 0, sold: false };
    const r = reconcileCart(
      [line({}), line({ id: 2, name: 'Old Lock' })],
      [priced(gone), priced({ ...gone, item_id: 2, name: '' })],
    );
    expect(r.items).toEqual([]);
    expect(r.notices).toEqual([
      'Kaju Katli is no longer sold and was removed',
      'Old Lock is no longer sold and was removed',
    ]);
  });
  it('reduces a quantity above the stock and says so', () => {
    const r = reconcileCart([line({ qty: 5 })], [priced({ available_stock: 3 })]);
    expect(r.items[0]?.qty).toBe(3);
    expect(r.notices).toEqual(['Only 3 of Kaju Katli left; quantity reduced']);
  });
  it('reduces a stored quantity above the limit of a line (100) to it, though the stock is larger', () => {
    const r = reconcileCart([line({ qty: 150 })], [priced({ available_stock: 120 })]);
    expect(r.items[0]?.qty).toBe(100);
    expect(r.notices).toEqual(['At most 100 of Kaju Katli can be ordered at once; quantity reduced']);
    // Below the limit, the stock speaks.
    const low = reconcileCart([line({ qty: 150 })], [priced({ available_stock: 40 })]);
    expect(low.items[0]?.qty).toBe(40);
    expect(low.notices).toEqual(['Only 40 of Kaju Katli left; quantity reduced']);
  });
  it('keeps the GST rate the server priced the product at, for the GST the cart total includes', () => {
    const { gst_rate: _none, ...saved } = line({});
    const r = reconcileCart([saved], [priced({ gst_rate: 18 })]);
    expect(r.items[0]?.gst_rate).toBe(18);
    expect(r.notices).toEqual([]);
  });
  it('changes nothing when all is current', () => {
    const r = reconcileCart([line({})], [priced({})]);
    expect(r).toEqual({ items: [line({})], notices: [] });
  });
});
