import type { Collection } from '@shop/contract/collection';
import type { Product, ProductDetail } from '@shop/contract/catalogue';
import { products } from '@shop/db/schema/index';
import { demoProducts } from '@shop/db/seed/catalogue-seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { responseCacheOf } from '../../http/response-cache.ts';
import { makeProduct, setSetting } from '../orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const API = '/backend/api/web';

const demoId = (name: string) => {
  const product = demoProducts.find((p) => p.seed.name === name);
  if (!product) throw new Error(`no demo product ${name}`);
  return product.id;
};

/**
 * Package declarations (Legal Metrology, packaged commodities): GET products/{id} carries what the
 * product page must show, and FSSAI's food type reaches the lists the tiles are drawn from.
 */
describe('product declarations in the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => responseCacheOf(t.ctx).clear());

  async function detail(id: number) {
    const res = await t.request({ method: 'GET', url: `${API}/products/${id}` });
    expect(res.statusCode).toBe(200);
    return res.json<ProductDetail>();
  }

  it('a food product: manufacturer and address, generic name, net quantity in grams, unit sale price per g, best before, vegetarian', async () => {
    const body = await detail(demoId('Kaju Katli'));
    expect(body.food_type).toBe('veg');
    expect(body.mrp).toBe(680);
    expect(body.declarations).toEqual({
      maker_role: 'manufacturer',
      maker_name: 'Kesar Foods and Locks Private Limited',
      maker_address: 'F-118, RIICO Industrial Area, Sitapura, Jaipur, Rajasthan 302022',
      country_of_origin: 'India',
      generic_name: 'Cashew nut barfi (sweetmeat)',
      net_quantity: { value: 500, unit: 'g' },
      // ₹620 for 500 g.
      unit_sale_price: { price: 1.24, per: 'g' },
      best_before: 'Best before 30 days from the date of manufacture; store in a cool, dry place',
      dimensions: null,
      consumer_care:
        'Customer Care, Kesar Foods and Locks Private Limited · 42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003 · +91 98765 43210 · care@kesarfoods.in',
    });
  });

  it('a pack of a kilogram or more is priced per kg', async () => {
    const body = await detail(demoId('Chakki Fresh Atta'));
    expect(body.declarations.net_quantity).toEqual({ value: 5000, unit: 'g' });
    // ₹285 for 5 kg.
    expect(body.declarations.unit_sale_price).toEqual({ price: 57, per: 'kg' });
    expect(body.declarations.maker_role).toBe('packer');
  });

  it('a lock: sold by number, priced per unit, with its dimensions, no best before, not food', async () => {
    const body = await detail(demoId('Brass Padlock 50 mm'));
    expect(body.food_type).toBe('not_food');
    expect(body.declarations).toMatchObject({
      net_quantity: { value: 1, unit: 'unit' },
      unit_sale_price: { price: 450, per: 'unit' },
      dimensions: 'Body 50 × 46 × 18 mm; shackle 8 mm thick, 24 mm clearance',
      best_before: null,
      maker_name: 'Kesar Foods and Locks Private Limited (Lock Works)',
    });
  });

  it('an imported product names the importer and its country of origin', async () => {
    const body = await detail(demoId('Mamra Almonds'));
    expect(body.declarations).toMatchObject({ maker_role: 'importer', country_of_origin: 'Iran' });
    const lock = await detail(demoId('Fingerprint Smart Door Lock'));
    expect(lock.declarations).toMatchObject({ maker_role: 'importer', country_of_origin: 'China' });
    // Smart locks name their own service line instead of the shop's customer care.
    expect(lock.declarations.consumer_care).toMatch(
      /^Kesar Smart Lock Service, .* smartlocks@kesarfoods\.in$/,
    );
  });

  it('food with egg carries the non-vegetarian mark, in lists too', async () => {
    const id = demoId('Coconut Cookies');
    expect((await detail(id)).food_type).toBe('non_veg');
    const res = await t.request({
      method: 'GET',
      url: `${API}/products?ProductsSearch[keyword]=coconut%20cookies`,
    });
    const listed = res.json<Collection<Product>>().items.find((p) => p.id === id);
    expect(listed?.food_type).toBe('non_veg');
    // Lists stay lean: the declarations come only with the single product.
    expect(listed).not.toHaveProperty('declarations');
  });

  it('consumer care defaults to the shop settings, and a setting left empty is left out', async () => {
    const product = await makeProduct(t.ctx.db, { netQuantity: null });
    await t.ctx.changes.flush();
    const before = await detail(product.id);
    expect(before.declarations.consumer_care).toContain('care@kesarfoods.in');
    // Without a net quantity there is nothing to divide the price by.
    expect(before.declarations.unit_sale_price).toBeNull();
    expect(before.declarations.net_quantity).toBeNull();
    await setSetting(t.ctx.db, 'company_email_address', '');
    await setSetting(t.ctx.db, 'company_contact_number', '+91 141 400 4000');
    // The settings reach the cached answers through the change feed (asynchronous on PostgreSQL).
    await t.ctx.changes.flush();
    const after = await detail(product.id);
    expect(after.declarations.consumer_care).toBe(
      'Customer Care, Kesar Foods and Locks Private Limited · 42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003 · +91 141 400 4000',
    );
    await setSetting(t.ctx.db, 'company_email_address', 'care@kesarfoods.in');
    await setSetting(t.ctx.db, 'company_contact_number', '+91 98765 43210');
    await t.ctx.changes.flush();
  });

  it('a changed declaration reaches the cached answer at once (change notification)', async () => {
    const product = await makeProduct(t.ctx.db, {
      genericName: 'Padlock',
      netQuantity: 1,
      netQuantityUnit: 'unit',
    });
    await t.ctx.changes.flush();
    const url = `${API}/products/${product.id}`;
    await t.request({ method: 'GET', url });
    await t.request({ method: 'GET', url }); // kept from its second request
    const cached = await t.request({ method: 'GET', url });
    expect(cached.headers['x-cache']).toBe('HIT');
    await t.ctx.db.update(products).set({ genericName: 'Padlock, brass' }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    const fresh = await t.request({ method: 'GET', url });
    expect(fresh.json<ProductDetail>().declarations.generic_name).toBe('Padlock, brass');
  });

  it('refuses declarations the rules do not know (database checks)', async () => {
    await expect(makeProduct(t.ctx.db, { foodType: 'vegan' })).rejects.toThrow();
    await expect(makeProduct(t.ctx.db, { makerRole: 'seller' })).rejects.toThrow();
    await expect(makeProduct(t.ctx.db, { netQuantityUnit: 'kg' })).rejects.toThrow();
    await expect(makeProduct(t.ctx.db, { netQuantity: 0 })).rejects.toThrow();
  });
});
