import { productCreateSchema } from '@shop/contract/admin/catalogue';
import { FEATURED_LABEL } from '@shop/contract/catalogue';
import { categories, products, stockMovements } from '@shop/db/schema/index';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeCategory, makeProduct, setSetting } from '../orders/orders.test-kit.ts';
import {
  categoryTree,
  createCategory,
  moveCategory,
  reorderCategories,
  updateCategory,
} from './category-admin.service.ts';
import {
  adminProduct,
  bulkUpdateProducts,
  changedPrice,
  createProduct,
  listAdminProducts,
  updateProduct,
} from './product-admin.service.ts';
import { findProductPage } from './product-admin.repository.ts';
import { productNamesOf } from './product-names.ts';
import { adjustStock, reserveStock, restoreStock, stockHistory } from './stock.service.ts';

const system = { staffId: null };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const children = async (parentId: number) =>
  (
    await t.ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, parentId))
      .orderBy(asc(categories.displayOrder), asc(categories.id))
  ).map((r) => r.id);

const newProduct = (overrides: Record<string, unknown>) =>
  productCreateSchema.parse({
    name: 'Test Kaju Katli',
    category_id: 5,
    selling_price_paise: 45_000,
    ...overrides,
  });

describe('category tree', () => {
  it('creates a category last under its parent with a slug made from the name', async () => {
    const id = await createCategory(t.ctx.db, { name: 'Festive Hampers & Gifts', is_active: true }, system);
    const tree = await categoryTree(t.ctx.db);
    const made = tree.find((c) => c.id === id);
    expect(made).toMatchObject({ parent_id: 1, url_slug: 'festive-hampers-and-gifts', is_active: true });
    expect(made?.products_count).toBe(0);
    await makeProduct(t.ctx.db, { categoryId: id });
    await makeProduct(t.ctx.db, { categoryId: id });
    expect((await categoryTree(t.ctx.db)).find((c) => c.id === id)?.products_count).toBe(2);
    expect((await children(1)).at(-1)).toBe(id);
  });

  it('a slug edit keeps the old slug as an earlier address; taking it back makes it current again', async () => {
    const id = await createCategory(
      t.ctx.db,
      { name: 'Mithai', url_slug: 'mithai', is_active: true },
      system,
    );
    await updateCategory(t.ctx.db, id, { url_slug: 'indian-sweets', name: 'Indian Sweets' }, system);
    let row = (await categoryTree(t.ctx.db)).find((c) => c.id === id);
    expect(row).toMatchObject({ name: 'Indian Sweets', url_slug: 'indian-sweets', old_slugs: ['mithai'] });
    await updateCategory(t.ctx.db, id, { url_slug: 'mithai' }, system);
    row = (await categoryTree(t.ctx.db)).find((c) => c.id === id);
    expect(row).toMatchObject({ url_slug: 'mithai', old_slugs: ['indian-sweets'] });
  });

  it("refuses another category's slug", async () => {
    const a = await createCategory(
      t.ctx.db,
      { name: 'Slug Owner', url_slug: 'slug-owner', is_active: true },
      system,
    );
    const b = await createCategory(t.ctx.db, { name: 'Slug Wanter', is_active: true }, system);
    await expect(updateCategory(t.ctx.db, b, { url_slug: 'slug-owner' }, system)).rejects.toMatchObject({
      status: 422,
      fields: [{ field: 'url_slug', message: 'Another category already uses this address.' }],
    });
    expect(a).toBeGreaterThan(0);
  });

  it('refuses a second category of the same name beside another (any case), on create, rename and move', async () => {
    const taken = [{ field: 'name', message: 'Another category in the same place already has this name.' }];
    const door = await createCategory(t.ctx.db, { name: 'Twin Door Locks', is_active: true }, system);
    await expect(
      createCategory(t.ctx.db, { name: '  twin door LOCKS ', is_active: true }, system),
    ).rejects.toMatchObject({ status: 422, fields: taken });
    // The same name elsewhere in the tree is another place: allowed.
    const brass = await createCategory(
      t.ctx.db,
      { name: 'Twin Brass', parent_id: door, is_active: true },
      system,
    );
    const other = await createCategory(t.ctx.db, { name: 'Twin Brass', is_active: true }, system);
    await expect(updateCategory(t.ctx.db, other, { name: 'Twin Door Locks' }, system)).rejects.toMatchObject({
      status: 422,
      fields: taken,
    });
    await expect(moveCategory(t.ctx.db, other, { parent_id: door }, system)).rejects.toMatchObject({
      status: 422,
      fields: [{ field: 'parent_id', message: taken[0]?.message }],
    });
    // Two same-named siblings saved before this rule: either can still have its slug or
    // visibility edited while the dialog sends the unchanged name.
    const [twin] = await t.ctx.db
      .insert(categories)
      .values({ name: 'Twin Door Locks', urlSlug: 'twin-door-locks-old', parentId: 1, displayOrder: 99 })
      .returning();
    await updateCategory(t.ctx.db, twin?.id ?? 0, { name: 'Twin Door Locks', is_active: false }, system);
    // Renaming a category to its own name in another case is no clash with itself.
    await updateCategory(t.ctx.db, brass, { name: 'TWIN BRASS' }, system);
    expect((await categoryTree(t.ctx.db)).find((c) => c.id === brass)?.name).toBe('TWIN BRASS');
  });

  it('refuses a cycle: a category cannot move into itself or below itself', async () => {
    const top = await createCategory(t.ctx.db, { name: 'Cycle Top', is_active: true }, system);
    const mid = await createCategory(
      t.ctx.db,
      { name: 'Cycle Mid', parent_id: top, is_active: true },
      system,
    );
    const leaf = await createCategory(
      t.ctx.db,
      { name: 'Cycle Leaf', parent_id: mid, is_active: true },
      system,
    );
    for (const target of [top, mid, leaf])
      await expect(moveCategory(t.ctx.db, top, { parent_id: target }, system)).rejects.toMatchObject({
        status: 422,
        fields: [
          {
            field: 'parent_id',
            message: 'A category cannot be moved into itself or one of its sub-categories.',
          },
        ],
      });
    const [row] = await t.ctx.db.select().from(categories).where(eq(categories.id, top));
    expect(row?.parentId).toBe(1);
  });

  it('moves a category with its sub-tree to a position under a new parent and closes the gap it left', async () => {
    const from = await createCategory(t.ctx.db, { name: 'Move From', is_active: true }, system);
    const to = await createCategory(t.ctx.db, { name: 'Move To', is_active: true }, system);
    const [a, b, c] = [
      await createCategory(t.ctx.db, { name: 'Move A', parent_id: from, is_active: true }, system),
      await createCategory(t.ctx.db, { name: 'Move B', parent_id: from, is_active: true }, system),
      await createCategory(t.ctx.db, { name: 'Move C', parent_id: from, is_active: true }, system),
    ];
    const x = await createCategory(t.ctx.db, { name: 'Move X', parent_id: to, is_active: true }, system);
    const y = await createCategory(t.ctx.db, { name: 'Move Y', parent_id: to, is_active: true }, system);
    await moveCategory(t.ctx.db, b, { parent_id: to, position: 1 }, system);
    expect(await children(to)).toEqual([x, b, y]);
    expect(await children(from)).toEqual([a, c]);
    const orders = await t.ctx.db
      .select({ o: categories.displayOrder })
      .from(categories)
      .where(eq(categories.parentId, from))
      .orderBy(asc(categories.displayOrder));
    expect(orders.map((r) => r.o)).toEqual([1, 2]);
  });

  it('reorders siblings, and refuses a list made from a stale screen', async () => {
    const parent = await createCategory(t.ctx.db, { name: 'Reorder Parent', is_active: true }, system);
    const ids = [];
    for (const name of ['R1', 'R2', 'R3'])
      ids.push(
        await createCategory(
          t.ctx.db,
          { name: `Reorder ${name}`, parent_id: parent, is_active: true },
          system,
        ),
      );
    const [r1, r2, r3] = ids as [number, number, number];
    await reorderCategories(t.ctx.db, { parent_id: parent, ids: [r3, r1, r2] }, system);
    expect(await children(parent)).toEqual([r3, r1, r2]);
    await expect(
      reorderCategories(t.ctx.db, { parent_id: parent, ids: [r1, r2] }, system),
    ).rejects.toMatchObject({
      status: 409,
      message: 'The categories have changed meanwhile. Please reload and try again.',
    });
  });

  it('the top category "All Products" cannot be hidden or moved', async () => {
    const other = await createCategory(t.ctx.db, { name: 'Root Guard', is_active: true }, system);
    await expect(updateCategory(t.ctx.db, 1, { is_active: false }, system)).rejects.toMatchObject({
      status: 409,
    });
    await expect(moveCategory(t.ctx.db, 1, { parent_id: other }, system)).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe('products', () => {
  it('creates a product with every field, a sanitised description, Featured label, related products and opening stock', async () => {
    const related = await makeProduct(t.ctx.db, { categoryId: 5 });
    const id = await createProduct(
      t.ctx.db,
      newProduct({
        name: 'Kesar Kaju Katli 500 g',
        description:
          '<p>Rich <b>cashew</b> fudge</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
        mrp_paise: 50_000,
        item_weight: 500,
        featured: true,
        product_labels: ['New'],
        hsn_code: '17049090',
        gst_rate: 5,
        low_stock_threshold: 3,
        related_ids: [related.id],
        initial_stock: 12,
      }),
      system,
    );
    const product = await adminProduct(t.ctx.db, id);
    expect(product).toMatchObject({
      name: 'Kesar Kaju Katli 500 g',
      url_slug: 'kesar-kaju-katli-500-g',
      description: '<p>Rich <b>cashew</b> fudge</p><img src="x" />', // script and handler gone
      selling_price_paise: 45_000,
      mrp_paise: 50_000,
      item_weight: 500,
      featured: true,
      product_labels: ['New'],
      hsn_code: '17049090',
      gst_rate: 5,
      available_stock: 12,
      own_low_stock_threshold: 3,
      low_stock_threshold: 3,
      stock_state: 'in_stock',
      related: [{ id: related.id, name: related.name }],
    });
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, id));
    expect(row?.productLabels).toEqual([FEATURED_LABEL, 'New']);
    const history = await stockHistory(t.ctx.db, id, { limit: 10, offset: 0 });
    expect(history?.items.map((m) => [m.reason, m.change, m.stock_after])).toEqual([['initial', 12, 12]]);
  });

  it('refuses an MRP below the price, a taken slug, itself as related and an unknown category', async () => {
    const p = await makeProduct(t.ctx.db, { sellingPricePaise: 20_000, mrpPaise: 25_000 });
    await expect(
      updateProduct(t.ctx.db, p.id, { selling_price_paise: 30_000 }, system),
    ).rejects.toMatchObject({
      fields: [{ field: 'mrp_paise', message: 'The MRP cannot be lower than the selling price.' }],
    });
    const other = await makeProduct(t.ctx.db);
    await expect(updateProduct(t.ctx.db, p.id, { url_slug: other.urlSlug }, system)).rejects.toMatchObject({
      fields: [{ field: 'url_slug', message: 'Another product already uses this address.' }],
    });
    await expect(updateProduct(t.ctx.db, p.id, { related_ids: [p.id] }, system)).rejects.toMatchObject({
      fields: [{ field: 'related_ids' }],
    });
    await expect(updateProduct(t.ctx.db, p.id, { category_id: 999_999 }, system)).rejects.toMatchObject({
      fields: [{ field: 'category_id' }],
    });
    await expect(updateProduct(t.ctx.db, 999_999, { name: 'x' }, system)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('edits only the fields given; unfeaturing keeps the other labels', async () => {
    const p = await makeProduct(t.ctx.db, { productLabels: [FEATURED_LABEL, 'Bestseller'] });
    await updateProduct(t.ctx.db, p.id, { featured: false, selling_price_paise: 19_900 }, system);
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ productLabels: ['Bestseller'], sellingPricePaise: 19_900, name: p.name });
  });
});

describe('product list', () => {
  it('searches by name or id, filters by category with sub-categories, visibility, featured and stock state, and sorts', async () => {
    const parent = await createCategory(t.ctx.db, { name: 'List Parent', is_active: true }, system);
    const child = await createCategory(
      t.ctx.db,
      { name: 'List Child', parent_id: parent, is_active: true },
      system,
    );
    const a = await makeProduct(t.ctx.db, {
      name: 'Zylo Listing Alpha',
      categoryId: parent,
      availableStock: 0,
    });
    const b = await makeProduct(t.ctx.db, {
      name: 'Zylo Listing Beta',
      categoryId: child,
      availableStock: 3,
      sellingPricePaise: 10_000,
      productLabels: [FEATURED_LABEL],
    });
    const c = await makeProduct(t.ctx.db, {
      name: 'Zylo Listing Gamma',
      categoryId: child,
      availableStock: 50,
      isActive: false,
    });
    const page = { page: 1, perPage: 50 };
    const ids = async (
      filter: Parameters<typeof listAdminProducts>[1],
      sort: Parameters<typeof listAdminProducts>[2] = 'id',
    ) => (await listAdminProducts(t.ctx.db, filter, sort, page)).items.map((p) => p.id);

    expect(await ids({ q: 'zylo listing' })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ q: String(b.id) })).toContain(b.id);
    expect(await ids({ category_id: parent })).toEqual([a.id]);
    expect(await ids({ category_id: parent, include_subcategories: true })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ q: 'zylo', visibility: 'hidden' })).toEqual([c.id]);
    expect(await ids({ q: 'zylo', featured: true })).toEqual([b.id]);
    expect(await ids({ q: 'zylo', stock: 'out' })).toEqual([a.id]);
    expect(await ids({ q: 'zylo', stock: 'low' })).toEqual([b.id]);
    expect(await ids({ q: 'zylo', stock: 'reorder' })).toEqual([a.id, b.id]);
    expect(await ids({ q: 'zylo', stock: 'in_stock' })).toEqual([c.id]);
    expect(await ids({ q: 'zylo' }, '-available_stock')).toEqual([c.id, b.id, a.id]);

    const list = await listAdminProducts(t.ctx.db, { q: 'zylo listing beta' }, 'id', page);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      category_name: 'List Child',
      selling_price_paise: 10_000,
      stock_state: 'low',
      low_stock_threshold: 5,
      featured: true,
    });
  });

  it('a name search found in memory (product-names.ts): nothing within a category that has none, no page past the last, the same pages read or walked', async () => {
    const empty = await createCategory(t.ctx.db, { name: 'Qorva Empty', is_active: true }, system);
    const other = await createCategory(t.ctx.db, { name: 'Qorva Elsewhere', is_active: true }, system);
    const home = await createCategory(t.ctx.db, { name: 'Qorva Home', is_active: true }, system);
    const made = [];
    for (const [name, paise, categoryId] of [
      ['Qorva Nut Mix', 30_000, home],
      ['Qorva Brass Lock', 90_000, home],
      ['Qorva Almond Pack', 50_000, home],
      ['Qorva Cashew Tin', 70_000, other],
    ] as const)
      made.push(await makeProduct(t.ctx.db, { name, categoryId, sellingPricePaise: paise }));
    await t.ctx.changes.flush();
    const ids = await productNamesOf(t.ctx).matching('qorva');
    expect(ids).toEqual(made.map((p) => p.id));
    const names = (text: string) => productNamesOf(t.ctx).matching(text);
    const list = (
      filter: Parameters<typeof listAdminProducts>[1],
      sort: 'name' | 'selling_price',
      page = 1,
    ) => listAdminProducts(t.ctx.db, filter, sort, { page, perPage: 2 }, names);
    expect(await list({ q: 'qorva', category_id: empty }, 'name')).toMatchObject({ total: 0, items: [] });
    const first = await list({ q: 'qorva', category_id: home }, 'name');
    expect(first.total).toBe(3);
    expect(first.items.map((p) => p.name)).toEqual(['Qorva Almond Pack', 'Qorva Brass Lock']);
    expect((await list({ q: 'qorva' }, 'selling_price', 2)).items.map((p) => p.id)).toEqual([
      made[3]?.id,
      made[1]?.id,
    ]);
    expect(await list({ q: 'qorva' }, 'name', 3)).toMatchObject({ total: 4, items: [] });

    // Four names narrowed by a category, with the limits scaled down from READ_MATCHES_UP_TO and
    // READ_NAMES_UP_TO: counted first, then nothing asked for, or the page read (up to 3 matches)
    // or walked (more than 1 or 2); with 4 or more to read, read without counting first.
    const page = (categoryIds: number[], readMatches: number, offset = 0) =>
      findProductPage(t.ctx.db, { ids, categoryIds }, 'name', { limit: 2, offset }, 5, {
        readMatches,
        readNames: 10,
      });
    expect(await page([empty], 1)).toEqual({ rows: [], total: 0 });
    expect(await page([home], 1, 4)).toEqual({ rows: [], total: 3 });
    for (const readMatches of [1, 2, 3, 4]) {
      const { rows, total } = await page([home], readMatches);
      expect(total).toBe(3);
      expect(rows.map((r) => r.name)).toEqual(['Qorva Almond Pack', 'Qorva Brass Lock']);
    }
  });

  it('the low-stock threshold follows the setting low_stock_threshold unless the product has its own', async () => {
    const p = await makeProduct(t.ctx.db, { name: 'Zylo Threshold Setting', availableStock: 8 });
    const q = { q: 'zylo threshold setting' };
    expect((await listAdminProducts(t.ctx.db, q, 'id', { page: 1, perPage: 5 })).items[0]?.stock_state).toBe(
      'in_stock',
    );
    await setSetting(t.ctx.db, 'low_stock_threshold', '10');
    try {
      expect(
        (await listAdminProducts(t.ctx.db, q, 'id', { page: 1, perPage: 5 })).items[0]?.stock_state,
      ).toBe('low');
      await updateProduct(t.ctx.db, p.id, { low_stock_threshold: 2 }, system);
      expect(
        (await listAdminProducts(t.ctx.db, q, 'id', { page: 1, perPage: 5 })).items[0]?.stock_state,
      ).toBe('in_stock');
    } finally {
      await setSetting(t.ctx.db, 'low_stock_threshold', '5');
    }
  });
});

describe('bulk price change rounding', () => {
  it('rounds half up to whole rupees by default', () => {
    expect(changedPrice(9_900, 10, 'rupee', null)).toEqual({ paise: 10_900, capped: false }); // ₹108.90 → ₹109
    expect(changedPrice(10_000, 5, 'rupee', null)).toEqual({ paise: 10_500, capped: false });
    expect(changedPrice(25_000, 0.2, 'rupee', null)).toEqual({ paise: 25_100, capped: false }); // ₹250.50 → ₹251
    expect(changedPrice(24_900, -10, 'rupee', null)).toEqual({ paise: 22_400, capped: false }); // ₹224.10 → ₹224
  });

  it('rounds half up to the paisa when asked', () => {
    expect(changedPrice(9_900, 10, 'paise', null)).toEqual({ paise: 10_890, capped: false });
    expect(changedPrice(12_345, 3.33, 'paise', null)).toEqual({ paise: 12_756, capped: false }); // 12 756.09
    expect(changedPrice(15, 10, 'paise', null)).toEqual({ paise: 17, capped: false }); // 16.5 → 17
  });

  it('never goes below ₹1 (or 1 paisa) nor above the MRP', () => {
    expect(changedPrice(120, -90, 'rupee', null).paise).toBe(100);
    expect(changedPrice(5, -90, 'paise', null).paise).toBe(1);
    expect(changedPrice(45_000, 20, 'rupee', 50_000)).toEqual({ paise: 50_000, capped: true });
  });

  it('changes the prices of a filter in one go and records who saw what', async () => {
    const cat = await makeCategory(t.ctx.db);
    const a = await makeProduct(t.ctx.db, { categoryId: cat.id, sellingPricePaise: 9_900 });
    const b = await makeProduct(t.ctx.db, {
      categoryId: cat.id,
      sellingPricePaise: 45_000,
      mrpPaise: 50_000,
    });
    const result = await bulkUpdateProducts(
      t.ctx.db,
      {
        target: { filter: { category_id: cat.id } },
        change: { action: 'price', percent: 20, rounding: 'rupee' },
      },
      system,
    );
    expect(result).toEqual({ matched: 2, changed: 2, capped_at_mrp: 1 });
    const rows = await t.ctx.db
      .select({ id: products.id, price: products.sellingPricePaise })
      .from(products)
      .where(eq(products.categoryId, cat.id))
      .orderBy(asc(products.id));
    expect(rows).toEqual([
      { id: a.id, price: 11_900 }, // ₹118.80 → ₹119
      { id: b.id, price: 50_000 }, // ₹540 held at the MRP
    ]);
  });
});

describe('bulk actions', () => {
  it('hides, features and moves a selection; products already so are not counted as changed', async () => {
    const cat = await makeCategory(t.ctx.db);
    const to = await makeCategory(t.ctx.db);
    const a = await makeProduct(t.ctx.db, { categoryId: cat.id });
    const b = await makeProduct(t.ctx.db, { categoryId: cat.id, isActive: false, productLabels: ['New'] });
    const target = { ids: [a.id, b.id] };
    expect(await bulkUpdateProducts(t.ctx.db, { target, change: { action: 'hide' } }, system)).toMatchObject({
      matched: 2,
      changed: 1,
    });
    expect(
      await bulkUpdateProducts(t.ctx.db, { target, change: { action: 'feature' } }, system),
    ).toMatchObject({
      changed: 2,
    });
    expect(
      await bulkUpdateProducts(t.ctx.db, { target, change: { action: 'move', category_id: to.id } }, system),
    ).toMatchObject({ changed: 2 });
    const rows = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.categoryId, to.id))
      .orderBy(asc(products.id));
    expect(rows.map((r) => [r.isActive, r.productLabels])).toEqual([
      [false, [FEATURED_LABEL]],
      [false, [FEATURED_LABEL, 'New']],
    ]);
    await expect(
      bulkUpdateProducts(t.ctx.db, { target, change: { action: 'move', category_id: 999_999 } }, system),
    ).rejects.toMatchObject({ status: 422 });
  });
});

describe('stock', () => {
  it('adjusts with a reason into the history; never below zero; a count sets the stock', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 4 });
    expect(
      await adjustStock(t.ctx.db, p.id, { reason: 'received', change: 20, note: 'Diwali lot' }, system),
    ).toEqual({
      productId: p.id,
      before: 4,
      after: 24,
    });
    await adjustStock(t.ctx.db, p.id, { reason: 'damaged', change: -3, note: '' }, system);
    await expect(
      adjustStock(t.ctx.db, p.id, { reason: 'damaged', change: -30, note: '' }, system),
    ).rejects.toMatchObject({ fields: [{ field: 'change', message: 'Stock cannot go below zero.' }] });
    await adjustStock(t.ctx.db, p.id, { reason: 'correction', set_to: 18, note: 'Counted' }, system);
    const history = await stockHistory(t.ctx.db, p.id, { limit: 10, offset: 0 });
    expect(history?.available_stock).toBe(18);
    expect(history?.items.map((m) => [m.reason, m.change, m.stock_after, m.note])).toEqual([
      ['correction', -3, 18, 'Counted'],
      ['damaged', -3, 21, ''],
      ['received', 20, 24, 'Diwali lot'],
    ]);
  });

  it('sales and released orders appear in the history with their order', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 5 });
    await t.ctx.db.transaction(async (tx) => {
      expect(await reserveStock(tx, p.id, 2, { orderId: 77 })).toBe(true);
      expect(await reserveStock(tx, p.id, 9, { orderId: 78 })).toBe(false);
      await restoreStock(tx, p.id, 2, { orderId: 77 });
    });
    const rows = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, p.id))
      .orderBy(asc(stockMovements.id));
    expect(rows.map((m) => [m.reason, m.change, m.stockAfter, m.orderId])).toEqual([
      ['sale', -2, 3, 77],
      ['released', 2, 5, 77],
    ]);
  });
});
