import {
  type AdminCategory,
  type AdminProduct,
  type AdminProductRow,
  type BulkResult,
  catalogueAdminMessages,
  type StockHistory,
} from '@shop/contract/admin/catalogue';
import type { Product, ProductDetail } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import { auditLog } from '@shop/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from '../orders/orders.test-kit.ts';
import { ADMIN, type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';

const WEB = '/backend/api/web';

let t: StaffHarness<'owner' | 'manager' | 'staff'>;
beforeAll(async () => {
  t = await staffHarness(['owner', 'manager', 'staff']);
});
afterAll(() => t.close());

async function lastAudit(action: string, entityId: number) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('who may do what', () => {
  it('catalogue edits need a session (401), the CSRF token (403) and the catalogue permission (403)', async () => {
    expect((await t.as(null, 'GET', '/products')).statusCode).toBe(401);
    const noCsrf = await t.request({
      method: 'POST',
      url: `${ADMIN}/categories`,
      headers: { cookie: t.signedIn.manager.headers.cookie ?? '' },
      payload: { name: 'Forged' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json<{ message: string }>().message).toBe('Please reload the page and try again.');
    const denied = await t.as('staff', 'GET', '/products');
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ message: string }>().message).toBe('You do not have permission to do this.');
    expect((await t.as('manager', 'GET', '/products?per-page=1')).statusCode).toBe(200);
    expect((await t.as('owner', 'GET', '/categories')).statusCode).toBe(200);
  });

  it('staff adjust stock and see the low-stock list, but cannot edit products', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 1 });
    const adjusted = await t.as('staff', 'POST', `/products/${p.id}/stock`, {
      reason: 'received',
      change: 24,
    });
    expect(adjusted.statusCode).toBe(200);
    expect(adjusted.json<StockHistory>().available_stock).toBe(25);
    expect((await t.as('staff', 'GET', '/stock/low?per-page=5')).statusCode).toBe(200);
    expect((await t.as('staff', 'PATCH', `/products/${p.id}`, { name: 'Nope' })).statusCode).toBe(403);
    // At 25 the product no longer runs low; the stock screen still finds it among all products,
    // so staff can record a delivery of anything.
    const find = (scope: string) =>
      t.as('staff', 'GET', `/stock/low?q=${p.id}${scope}`).then((r) => r.json<{ items: { id: number }[] }>());
    expect((await find('')).items.map((i) => i.id)).not.toContain(p.id);
    expect((await find('&scope=all')).items.map((i) => i.id)).toContain(p.id);
  });
});

describe('categories over HTTP', () => {
  it('creates, renames with a new slug (old slug kept), refuses a cycle, reorders; each change audited', async () => {
    const created = await t.as('manager', 'POST', '/categories', { name: 'Gift Boxes' });
    expect(created.statusCode).toBe(201);
    const box = created.json<AdminCategory>();
    expect(box).toMatchObject({ name: 'Gift Boxes', url_slug: 'gift-boxes', parent_id: 1, is_active: true });

    const renamed = await t.as('manager', 'PATCH', `/categories/${box.id}`, {
      name: 'Festive Gift Boxes',
      url_slug: 'festive-gift-boxes',
    });
    expect(renamed.json<AdminCategory>()).toMatchObject({
      url_slug: 'festive-gift-boxes',
      old_slugs: ['gift-boxes'],
    });
    const audit = await lastAudit('category.update', box.id);
    expect(audit?.staffId).toBe(t.signedIn.manager.staff.id);
    expect(audit?.before).toMatchObject({ name: 'Gift Boxes', url_slug: 'gift-boxes' });
    expect(audit?.after).toMatchObject({ name: 'Festive Gift Boxes', url_slug: 'festive-gift-boxes' });
    // A patch naming no field changes nothing, as for products: 200 with the category, no audit.
    const unchanged = await t.as('manager', 'PATCH', `/categories/${box.id}`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<AdminCategory>()).toMatchObject({ name: 'Festive Gift Boxes' });
    // A field the edit does not take is refused by name, not a 200 that reads as saved.
    const unknown = await t.as('manager', 'PATCH', `/categories/${box.id}`, { foo: 1, is_active: false });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual([
      { field: 'foo', message: 'A category edit takes name, url_slug and is_active only.' },
    ]);
    expect((await lastAudit('category.update', box.id))?.id).toBe(audit?.id);

    const child = (
      await t.as('manager', 'POST', '/categories', { name: 'Small Boxes', parent_id: box.id })
    ).json<AdminCategory>();
    const cycle = await t.as('manager', 'POST', `/categories/${box.id}/move`, { parent_id: child.id });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.body).toContain('A category cannot be moved into itself or one of its sub-categories.');

    const second = (
      await t.as('manager', 'POST', '/categories', { name: 'Large Boxes', parent_id: box.id })
    ).json<AdminCategory>();
    const reordered = await t.as('manager', 'PUT', '/categories/order', {
      parent_id: box.id,
      ids: [second.id, child.id],
    });
    expect(reordered.statusCode).toBe(200);
    const kids = reordered
      .json<{ items: AdminCategory[] }>()
      .items.filter((c) => c.parent_id === box.id)
      .sort((a, b) => a.display_order - b.display_order);
    expect(kids.map((c) => c.id)).toEqual([second.id, child.id]);
    expect(await lastAudit('category.reorder', box.id)).toBeDefined();
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    for (const [method, url, body] of [
      ['POST', '/categories', { name: '' }],
      ['POST', '/categories', { name: 'X', url_slug: 'Not A Slug' }],
      ['PATCH', '/categories/999999', { name: 'Ghost' }],
      ['POST', '/categories/2/move', { parent_id: 999_999 }],
      ['PUT', '/categories/order', { parent_id: 2, ids: [] }],
      ['GET', '/products?sort=price', undefined],
      ['GET', '/products?stock=plenty', undefined],
      ['GET', '/products?category_id=abc', undefined],
      ['POST', '/products', { name: 'No price', category_id: 5 }],
      ['POST', '/products/bulk', { target: { ids: [] }, change: { action: 'hide' } }],
      ['POST', '/products/bulk', { target: { ids: [1] }, change: { action: 'price', percent: 0 } }],
      ['POST', '/products/1/stock', { reason: 'stolen', change: 1 }],
      ['POST', '/products/1/stock', { reason: 'received' }],
      ['GET', '/products/99999999999', undefined],
    ] as const) {
      const res = await t.as('owner', method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
  });
});

describe('numbers beyond the database’s integers (a 422 naming the field, never a 500)', () => {
  const TOO_BIG = 2_147_483_648;

  it('an id past 2,147,483,647 in a JSON body is refused before any query', async () => {
    const p = await makeProduct(t.ctx.db);
    for (const [method, url, body, field] of [
      ['PATCH', `/products/${p.id}`, { category_id: TOO_BIG }, 'category_id'],
      ['PATCH', `/products/${p.id}`, { related_ids: [TOO_BIG] }, 'related_ids.0'],
      ['POST', '/products', { name: 'Zed', category_id: TOO_BIG, selling_price_paise: 1000 }, 'category_id'],
      ['POST', '/categories', { name: 'Zed', parent_id: TOO_BIG }, 'parent_id'],
      ['POST', '/categories/2/move', { parent_id: TOO_BIG }, 'parent_id'],
      ['POST', '/products/bulk', { target: { ids: [TOO_BIG] }, change: { action: 'hide' } }, 'target.ids.0'],
      [
        'POST',
        '/products/bulk',
        { target: { ids: [p.id] }, change: { action: 'move', category_id: TOO_BIG } },
        'change.category_id',
      ],
    ] as const) {
      const res = await t.as('owner', method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(422);
      expect(res.json<{ field: string }[]>().map((e) => e.field)).toContain(field);
    }
  });

  it('units added by hand stop at 10,00,000 in stock, so the stock column cannot overflow', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 999_000 });
    const over = await t.as('owner', 'POST', `/products/${p.id}/stock`, {
      reason: 'received',
      change: 1_001,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual([
      {
        field: 'change',
        message: 'The stock can be at most 10,00,000 units: with 9,99,000 in stock, add at most 1,000.',
      },
    ]);
    const fits = await t.as('owner', 'POST', `/products/${p.id}/stock`, {
      reason: 'received',
      change: 1_000,
    });
    expect(fits.statusCode).toBe(200);
  });
});

describe('products over HTTP', () => {
  it('creates a product, edits it, finds it in the list and records both in the audit log', async () => {
    const created = await t.as('manager', 'POST', '/products', {
      name: 'Kesar Peda 250 g',
      category_id: 5,
      selling_price_paise: 18_000,
      mrp_paise: 20_000,
      item_weight: 250,
      featured: true,
      gst_rate: 5,
      hsn_code: '1704',
      initial_stock: 40,
      description: '<p>Saffron milk sweets</p><iframe src="https://evil.example"></iframe>',
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<AdminProduct>();
    expect(product).toMatchObject({
      url_slug: 'kesar-peda-250-g',
      description: '<p>Saffron milk sweets</p>',
      available_stock: 40,
      featured: true,
      category_name: 'Sweets',
    });
    expect((await lastAudit('product.create', product.id))?.after).toMatchObject({
      selling_price_paise: 18_000,
      available_stock: 40,
    });

    // Only the fields sent change: MRP, featured and the rest stay as they were.
    const edited = await t.as('manager', 'PATCH', `/products/${product.id}`, { selling_price_paise: 17_500 });
    expect(edited.json<AdminProduct>()).toMatchObject({
      selling_price_paise: 17_500,
      mrp_paise: 20_000,
      featured: true,
      gst_rate: 5,
      hsn_code: '1704',
      item_weight: 250,
    });
    const audit = await lastAudit('product.update', product.id);
    expect(audit).toMatchObject({ staffId: t.signedIn.manager.staff.id });
    expect(audit?.before).toMatchObject({ selling_price_paise: 18_000 });
    expect(audit?.after).toMatchObject({ selling_price_paise: 17_500 });
    // Stock is not an edit's field (it changes through adjustments, with a reason): refused by
    // name, nothing written. A save that changes nothing is a 200 and no audit entry.
    const stock = await t.as('manager', 'PATCH', `/products/${product.id}`, { available_stock: -5 });
    expect(stock.statusCode).toBe(422);
    expect(stock.json()).toEqual([
      {
        field: 'available_stock',
        message: 'A product edit has no such field. Stock changes through a stock adjustment (Adjust stock).',
      },
    ]);
    for (const same of [{}, { selling_price_paise: 17_500, featured: true }]) {
      const again = await t.as('manager', 'PATCH', `/products/${product.id}`, same);
      expect(again.statusCode, again.body).toBe(200);
    }
    expect((await lastAudit('product.update', product.id))?.id).toBe(audit?.id);
    const described = await t.as('manager', 'PATCH', `/products/${product.id}`, {
      description: '<p>Saffron milk fudges</p>',
    });
    expect(described.statusCode).toBe(200);
    // Same length as before, still a change.
    expect((await lastAudit('product.update', product.id))?.id).toBeGreaterThan(audit?.id ?? 0);

    const list = await t.as(
      'manager',
      'GET',
      '/products?q=kesar%20peda&featured=true&visibility=visible&sort=-selling_price',
    );
    expect(list.headers['x-pagination-total-count']).toBe('1');
    expect(list.json<Collection<AdminProductRow>>().items.map((p) => p.id)).toEqual([product.id]);
  });

  it('package declarations set in the back office show on the storefront product page; values the database refuses are a 422', async () => {
    const created = await t.as('manager', 'POST', '/products', {
      name: 'Kaju Katli 500 g',
      category_id: 5,
      selling_price_paise: 64_900,
      maker_role: 'packer',
      maker_name: 'Kesar Foods Pvt. Ltd.',
      maker_address: '12 Market Road, Jaipur 302001',
      generic_name: 'Cashew nut barfi',
      net_quantity: 500,
      net_quantity_unit: 'g',
      best_before: 'Best before 30 days from packing',
      food_type: 'veg',
    });
    expect(created.statusCode).toBe(201);
    const product = created.json<AdminProduct>();
    expect(product).toMatchObject({
      maker_role: 'packer',
      country_of_origin: 'India',
      net_quantity: 500,
      food_type: 'veg',
      dimensions: null,
      consumer_care: null,
    });

    // An edit changes only the declarations sent; an emptied text means "not on the label".
    const edited = await t.as('manager', 'PATCH', `/products/${product.id}`, {
      maker_role: 'importer',
      country_of_origin: 'United Arab Emirates',
      dimensions: '  20 x 10 x 4 cm ',
      consumer_care: 'care@kesarfoods.in, +91 98290 00000',
      best_before: '   ',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminProduct>()).toMatchObject({
      maker_role: 'importer',
      maker_name: 'Kesar Foods Pvt. Ltd.',
      country_of_origin: 'United Arab Emirates',
      dimensions: '20 x 10 x 4 cm',
      best_before: null,
      generic_name: 'Cashew nut barfi',
    });
    expect((await lastAudit('product.update', product.id))?.after).toMatchObject({ maker_role: 'importer' });

    const page = await t.request({ method: 'GET', url: `${WEB}/products/${product.id}` });
    expect(page.statusCode).toBe(200);
    const detail = page.json<ProductDetail>();
    expect(detail.food_type).toBe('veg');
    expect(detail.declarations).toMatchObject({
      maker_role: 'importer',
      maker_name: 'Kesar Foods Pvt. Ltd.',
      maker_address: '12 Market Road, Jaipur 302001',
      country_of_origin: 'United Arab Emirates',
      generic_name: 'Cashew nut barfi',
      net_quantity: { value: 500, unit: 'g' },
      unit_sale_price: { price: 1.3, per: 'g' },
      best_before: null,
      dimensions: '20 x 10 x 4 cm',
      consumer_care: 'care@kesarfoods.in, +91 98290 00000',
    });

    for (const bad of [
      { maker_role: 'seller' },
      { net_quantity_unit: 'kg' },
      { net_quantity: 0 },
      { net_quantity: 2.5 },
      { food_type: 'vegan' },
      { country_of_origin: ' ' },
    ]) {
      const res = await t.as('manager', 'PATCH', `/products/${product.id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('the search box finds a renamed product by its new name at once, and hidden ones too', async () => {
    const p = await makeProduct(t.ctx.db, { name: 'Qwerty Masala Box', isActive: false });
    const ids = async (q: string) =>
      (await t.as('manager', 'GET', `/products?q=${encodeURIComponent(q)}`))
        .json<Collection<AdminProductRow>>()
        .items.map((i) => i.id);
    expect(await ids('qwerty masala')).toEqual([p.id]);
    await t.as('manager', 'PATCH', `/products/${p.id}`, { name: 'Qwerty Chai Box' });
    expect(await ids('QWERTY CHAI')).toEqual([p.id]);
    expect(await ids('qwerty masala')).toEqual([]);
    expect(await ids(String(p.id))).toContain(p.id);
  });

  it('a bulk price change over a filter answers what it changed and leaves one audit entry', async () => {
    const cat = (
      await t.as('manager', 'POST', '/categories', { name: 'Bulk Price Test' })
    ).json<AdminCategory>();
    const a = await makeProduct(t.ctx.db, { categoryId: cat.id, sellingPricePaise: 9_900 });
    await makeProduct(t.ctx.db, { categoryId: cat.id, sellingPricePaise: 45_000, mrpPaise: 47_000 });
    const res = await t.as('manager', 'POST', '/products/bulk', {
      target: { filter: { category_id: cat.id } },
      change: { action: 'price', percent: 10 },
    });
    expect(res.json<BulkResult>()).toEqual({ matched: 2, changed: 2, capped_at_mrp: 1 });
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.bulk_price'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.staffId).toBe(t.signedIn.manager.staff.id);
    expect(row?.after).toMatchObject({
      percent: 10,
      rounding: 'rupee',
      selling_price_paise: { [a.id]: 10_900 },
    });
  });

  it('stock adjustments are audited and listed in the history', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 10 });
    await t.as('owner', 'POST', `/products/${p.id}/stock`, {
      reason: 'damaged',
      change: -4,
      note: 'Broken seal',
    });
    const history = (await t.as('owner', 'GET', `/products/${p.id}/stock`)).json<StockHistory>();
    expect(history.items[0]).toMatchObject({
      reason: 'damaged',
      change: -4,
      stock_after: 6,
      note: 'Broken seal',
      staff_id: t.signedIn.owner.staff.id,
    });
    const audit = await lastAudit('product.stock_adjust', p.id);
    expect(audit?.before).toEqual({ available_stock: 10 });
    expect(audit?.after).toMatchObject({ available_stock: 6, reason: 'damaged' });
    const below = await t.as('owner', 'POST', `/products/${p.id}/stock`, { reason: 'damaged', change: -7 });
    expect(below.statusCode).toBe(422);
    expect(below.body).toContain('Stock cannot go below zero.');
  });

  it('a stock reason must fit the direction: received and returned add, damaged removes, a count is a correction', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 10 });
    const adjust = (body: object) => t.as('owner', 'POST', `/products/${p.id}/stock`, body);
    for (const [body, field, message] of [
      [{ reason: 'received', change: -3 }, 'change', catalogueAdminMessages.stockInBelowZero],
      [{ reason: 'returned', change: -1 }, 'change', catalogueAdminMessages.stockInBelowZero],
      [{ reason: 'damaged', change: 4 }, 'change', catalogueAdminMessages.stockOutAboveZero],
      [{ reason: 'received', set_to: 30 }, 'reason', catalogueAdminMessages.stockCountIsCorrection],
    ] as const) {
      const refused = await adjust(body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual([{ field, message }]);
    }
    const history = (await t.as('owner', 'GET', `/products/${p.id}/stock`)).json<StockHistory>();
    expect(history).toMatchObject({ available_stock: 10, total: 0 });
    expect((await adjust({ reason: 'correction', change: -2 })).statusCode).toBe(200);
    expect((await adjust({ reason: 'correction', set_to: 12 })).statusCode).toBe(200);
  });
});

/** Freshness: a change saved in the back office shows on the storefront's next request (ADR 0009). */
describe('back-office changes reach the storefront on the next request', () => {
  async function web<T>(path: string) {
    const res = await t.request({ method: 'GET', url: `${WEB}/${path}` });
    return { cache: res.headers['x-cache'], body: res.json<T>(), status: res.statusCode };
  }

  it('a price edited through the admin API is the price of the next storefront answer', async () => {
    const p = await makeProduct(t.ctx.db, { categoryId: 5, sellingPricePaise: 30_000 });
    await t.ctx.changes.flush();
    const paths = [`products/${p.id}`, 'products?per-page=100&ProductsSearch[category_id]=5'];
    for (const path of paths) {
      await web(path);
      await web(path); // kept from its second request
      expect((await web(path)).cache, path).toBe('HIT');
    }
    const started = performance.now();
    const res = await t.as('manager', 'PATCH', `/products/${p.id}`, { selling_price_paise: 31_500 });
    expect(res.statusCode).toBe(200);
    expect((await web<Product>(`products/${p.id}`)).body.selling_price).toBe(315);
    const list = await web<Collection<Product>>(paths[1] ?? '');
    expect(list.body.items.find((i) => i.id === p.id)?.selling_price).toBe(315);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('hiding, stock and a category move show at once', async () => {
    const p = await makeProduct(t.ctx.db, { categoryId: 5, availableStock: 3 });
    await t.ctx.changes.flush();
    await web(`products/${p.id}`);
    await t.as('staff', 'POST', `/products/${p.id}/stock`, { reason: 'received', change: 7 });
    expect((await web<Product>(`products/${p.id}`)).body.available_stock).toBe(10);
    await t.as('manager', 'POST', '/products/bulk', {
      target: { ids: [p.id] },
      change: { action: 'move', category_id: 6 },
    });
    expect((await web<Product>(`products/${p.id}`)).body.category_id).toBe(6);
    await t.as('manager', 'POST', '/products/bulk', { target: { ids: [p.id] }, change: { action: 'hide' } });
    expect((await web(`products/${p.id}`)).status).toBe(404);
  });

  it('a hidden category leaves the storefront category list', async () => {
    const cat = (await t.as('manager', 'POST', '/categories', { name: 'Soon Hidden' })).json<AdminCategory>();
    const ids = async () =>
      (await web<Collection<{ id: number }>>('categories?per-page=200')).body.items.map((c) => c.id);
    expect(await ids()).toContain(cat.id);
    await t.as('manager', 'PATCH', `/categories/${cat.id}`, { is_active: false });
    expect(await ids()).not.toContain(cat.id);
  });
});
