import { catalogueCsvColumns, importMessages as m } from '@shop/contract/admin/catalogue-import';
import { products, stockMovements } from '@shop/db/schema/index';
import { parse } from 'csv-parse/sync';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { csvRow } from '../../http/csv-file.ts';
import { parseRupees } from './catalogue-csv.ts';
import { exportCatalogueCsv, TEMPLATE_EXAMPLE_ID, templateCsv } from './catalogue-export.service.ts';
import { dryRunImport, runImport } from './catalogue-import.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const header = csvRow(catalogueCsvColumns);
type Row = Partial<Record<(typeof catalogueCsvColumns)[number], string>>;
function row(values: Row): string {
  return csvRow(catalogueCsvColumns.map((c) => values[c] ?? ''));
}
const newRow = (n: number, extra: Row = {}): Row => ({
  name: `Import Test Namkeen ${n}`,
  url_slug: `import-test-namkeen-${n}`,
  category: 'namkeen',
  selling_price: '99.50',
  stock: '10',
  weight_grams: '200',
  gst_rate: '5',
  active: 'yes',
  display_order: '0',
  ...extra,
});

/** The CSV file of these rows under the full header. */
const file = (...rows: Row[]) => header + rows.map(row).join('');

describe('catalogue CSV: parsing amounts', () => {
  it('reads rupees as typed in a spreadsheet into paise, and refuses the rest', () => {
    expect(parseRupees('249')).toBe(24900);
    expect(parseRupees('249.5')).toBe(24950);
    expect(parseRupees('₹1,24,999.00')).toBe(12499900);
    expect(parseRupees('Rs. 75')).toBe(7500);
    expect(parseRupees('12.345')).toBeNull();
    expect(parseRupees('-5')).toBeNull();
    expect(parseRupees('abc')).toBeNull();
  });
});

describe('catalogue CSV: the dry run', () => {
  it('reports every bad row with its line, column and message, and writes nothing', async () => {
    const [existing] = await t.ctx.db.select().from(products).limit(1);
    if (!existing) throw new Error('no products');
    const content = file(
      newRow(1), // line 2: fine
      newRow(2, { selling_price: '12,34.5x' }), // line 3: bad price
      newRow(3, { category: 'no-such-category' }), // line 4
      newRow(4, { url_slug: 'import-test-namkeen-1' }), // line 5: slug also on line 2
      newRow(5, { name: '' }), // line 6: missing name
      newRow(6, { url_slug: existing.urlSlug }), // line 7: another product's slug
      { ...newRow(7), id: '99999999' }, // line 8: unknown id
      newRow(8, { mrp: '50' }), // line 9: MRP below price
      newRow(9, { gst_rate: '7', active: 'maybe' }), // line 10: two problems
    );
    const before = await t.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products);
    const report = await dryRunImport(t.ctx.db, content);
    expect(report.applied).toBe(false);
    expect(report.rows).toBe(9);
    expect(report.problems).toEqual([
      { line: 3, column: 'selling_price', message: m.badPrice },
      { line: 4, column: 'category', message: m.unknownCategory },
      { line: 5, column: 'url_slug', message: m.duplicateSlugInFile(2) },
      { line: 6, column: 'name', message: m.required },
      { line: 7, column: 'url_slug', message: m.slugTaken(existing.id) },
      { line: 8, column: 'id', message: m.unknownId },
      { line: 9, column: 'mrp', message: m.mrpBelowPrice },
      { line: 10, column: 'gst_rate', message: m.badGst },
      { line: 10, column: 'active', message: m.badActive },
    ]);
    const after = await t.ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products);
    expect(after).toEqual(before);
  });

  it('names unknown and missing header columns, and a row with the wrong number of values', async () => {
    const noId = await dryRunImport(t.ctx.db, 'name,price\nA,1\n');
    expect(noId.problems).toEqual([
      { line: 1, column: 'price', message: m.unknownColumn('price') },
      { line: 1, column: 'id', message: m.noId },
    ]);
    const short = await dryRunImport(t.ctx.db, `${header}1,Only a name\r\n`);
    expect(short.problems).toEqual([
      { line: 2, column: null, message: m.columnCount(2, catalogueCsvColumns.length) },
    ]);
    const broken = await dryRunImport(t.ctx.db, `${header}1,"unclosed\n`);
    expect(broken.problems[0]?.message).toBe(
      'The file could not be read as CSV: a quoted value has no closing quote mark (").',
    );
    expect((await dryRunImport(t.ctx.db, '')).problems).toEqual([
      { line: 1, column: null, message: m.empty },
    ]);
  });

  it('tells a number past its limit by the limit, and an empty cell of an update as such, not as a new product', async () => {
    const [existing] = await t.ctx.db.select().from(products).limit(1);
    if (!existing) throw new Error('no products');
    const content = file(
      newRow(21, { stock: '99999999999', display_order: '99999999999' }),
      newRow(22, { selling_price: '20000000', weight_grams: '2000000' }),
      newRow(23, { selling_price: '100.555' }),
    );
    const report = await dryRunImport(t.ctx.db, content);
    expect(report.problems).toEqual([
      { line: 2, column: 'stock', message: 'Must be at most 10,00,000.' },
      { line: 2, column: 'display_order', message: 'Must be at most 1,00,00,00,000.' },
      { line: 3, column: 'selling_price', message: 'A price can be at most ₹1,00,00,000.00.' },
      { line: 3, column: 'weight_grams', message: 'Must be at most 10,00,000.' },
      { line: 4, column: 'selling_price', message: m.badPrice },
    ]);
    const update = await dryRunImport(t.ctx.db, `id,name\n${existing.id},\n`);
    expect(update.problems).toEqual([{ line: 2, column: 'name', message: m.notEmpty }]);
  });

  it('counts lines as a spreadsheet does: a quoted cell over two lines moves the next row down', async () => {
    const content = file(newRow(11, { description: 'Two\nlines' }), newRow(12, { stock: '-1' }));
    const report = await dryRunImport(t.ctx.db, content);
    expect(report.problems).toEqual([{ line: 4, column: 'stock', message: m.badWholeNumber }]);
  });

  it('a new product needs its required columns: a stock-only file cannot create one', async () => {
    const report = await dryRunImport(t.ctx.db, 'id,stock\n,5\n');
    expect(report.problems.map((p) => p.column)).toEqual(['name', 'url_slug', 'category', 'selling_price']);
    expect(report.problems[0]?.message).toBe(m.missingColumn('name'));
  });

  it('the unedited template creates nothing: its examples are # rows, so a dry run says it has no product rows', async () => {
    const template = templateCsv();
    expect(template.split('\n').filter((l) => /^"?# /.test(l)).length).toBe(3 + catalogueCsvColumns.length);
    const report = await dryRunImport(t.ctx.db, template);
    expect(report).toMatchObject({ rows: 0, creates: 0, updates: 0 });
    expect(report.problems).toEqual([{ line: 2, column: null, message: m.noRows }]);
    const error = await runImport(t.ctx.db, template).catch((e: unknown) => e);
    expect((error as AppError).fields).toEqual([{ field: 'line 2', message: m.noRows }]);
  });

  it('an example row whose # id is emptied imports like any new row, and problems keep their line numbers', async () => {
    const lines = templateCsv().split('\r\n');
    expect(lines[1]?.startsWith(TEMPLATE_EXAMPLE_ID)).toBe(true);
    expect(lines[2]?.startsWith(TEMPLATE_EXAMPLE_ID)).toBe(true);
    const first = lines[1]?.replace(TEMPLATE_EXAMPLE_ID, '') ?? '';
    const report = await dryRunImport(t.ctx.db, [lines[0], first, ...lines.slice(2)].join('\r\n'));
    expect(report).toMatchObject({ rows: 1, creates: 1, updates: 0, problems: [] });

    // The second example, used with a bad stock: the problem is on line 3 of the file.
    const second = (lines[2] ?? '').replace(TEMPLATE_EXAMPLE_ID, '').replace(',12,420,', ',-1,420,');
    const bad = await dryRunImport(t.ctx.db, [lines[0], lines[1], second, ...lines.slice(3)].join('\r\n'));
    expect(bad.problems).toEqual([{ line: 3, column: 'stock', message: m.badWholeNumber }]);
  });
});

describe('catalogue CSV: the import', () => {
  it('writes nothing when one row is bad (all or nothing), answering 422 with line and column', async () => {
    const content = file(newRow(21), newRow(22), newRow(23, { selling_price: '0' }));
    const error = await runImport(t.ctx.db, content).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(422);
    expect((error as AppError).fields).toEqual([{ field: 'line 4, selling_price', message: m.badPrice }]);
    const made = await t.ctx.db
      .select()
      .from(products)
      .where(inArray(products.urlSlug, ['import-test-namkeen-21', 'import-test-namkeen-22']));
    expect(made).toEqual([]);
  });

  it('stores descriptions as the storefront renders them: markup sanitised, plain text and its line breaks kept', async () => {
    const content = file(
      newRow(31, {
        description: '<p>Crisp <b>chakli</b></p><script>alert(1)</script><img src=x onerror=alert(1)>',
      }),
      newRow(32, { description: 'Salt & pepper\nTwo lines' }),
      newRow(33, { description: '<p></p>' }),
    );
    await runImport(t.ctx.db, content);
    const made = await t.ctx.db
      .select({ slug: products.urlSlug, description: products.description })
      .from(products)
      .where(like(products.urlSlug, 'import-test-namkeen-3_'))
      .orderBy(products.urlSlug);
    expect(made).toEqual([
      { slug: 'import-test-namkeen-31', description: '<p>Crisp <b>chakli</b></p><img src="x" />' },
      { slug: 'import-test-namkeen-32', description: 'Salt &amp; pepper\nTwo lines' },
      { slug: 'import-test-namkeen-33', description: '' },
    ]);
  });

  it('rolls back rows already written when the database refuses one (a slug taken meanwhile)', async () => {
    // Two rows that swap slugs pass the checks, but the unique index refuses the first update.
    const [a, b] = await t.ctx.db.select().from(products).orderBy(products.id).limit(2);
    if (!a || !b) throw new Error('no products');
    const content = `id,url_slug,stock\n${a.id},${b.urlSlug},777\n${b.id},${a.urlSlug},777\n`;
    await expect(runImport(t.ctx.db, content)).rejects.toMatchObject({
      status: 409,
      message: m.changedMeanwhile,
    });
    const after = await t.ctx.db
      .select()
      .from(products)
      .where(inArray(products.id, [a.id, b.id]));
    expect(after.map((p) => p.availableStock).sort()).toEqual([a.availableStock, b.availableStock].sort());
  });

  it('creates rows without id and updates rows with one; the storefront hears of each change', async () => {
    const [existing] = await t.ctx.db.select().from(products).orderBy(products.id).limit(1);
    if (!existing) throw new Error('no products');
    const heard: number[] = [];
    const stop = t.ctx.changes.subscribe((event) => {
      if (event.kind === 'change' && event.change.table === 'products' && event.change.id)
        heard.push(event.change.id);
    });
    const content = `id,name,url_slug,category,selling_price,stock,labels\n,Import Test Chakli,import-test-chakli,namkeen,"₹1,249.00",7,Featured|New\n${existing.id},${existing.name},${existing.urlSlug},${existing.categoryId},123.45,3,\n`;
    const report = await runImport(t.ctx.db, content);
    await t.ctx.changes.flush();
    stop();
    expect(report).toMatchObject({ rows: 2, creates: 1, updates: 1, applied: true });
    const [created] = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.urlSlug, 'import-test-chakli'));
    expect(created).toMatchObject({
      name: 'Import Test Chakli',
      sellingPricePaise: 124900,
      availableStock: 7,
      productLabels: ['Featured', 'New'],
      gstRate: 18,
      isActive: true,
    });
    const [updated] = await t.ctx.db.select().from(products).where(eq(products.id, existing.id));
    expect(updated).toMatchObject({ sellingPricePaise: 12345, availableStock: 3, productLabels: [] });
    // Columns the file does not have are left alone.
    expect(updated?.description).toBe(existing.description);
    expect(updated?.hsnCode).toBe(existing.hsnCode);
    expect(heard).toEqual(expect.arrayContaining([existing.id, created?.id]));
  });

  it('export → import round-trips: the same file imports without changing a product', async () => {
    const before = await t.ctx.db.select().from(products).orderBy(products.id);
    const exported = await exportCatalogueCsv(t.ctx.db, 'products');
    expect(exported.startsWith('\uFEFFid,name,url_slug,category,')).toBe(true);
    const report = await runImport(t.ctx.db, exported);
    expect(report).toMatchObject({ rows: before.length, creates: 0, updates: before.length, applied: true });
    const after = await t.ctx.db.select().from(products).orderBy(products.id);
    const comparable = (rows: typeof before) =>
      rows.map(({ updatedAt: _u, searchVector: _s, ...rest }) => rest);
    expect(comparable(after)).toEqual(comparable(before));
    // Exported again, the file is the same byte for byte.
    expect(await exportCatalogueCsv(t.ctx.db, 'products')).toBe(exported);
  });

  it('CSV injection: a name a spreadsheet would run as a formula is exported as text and imports back unchanged', async () => {
    const [first] = await t.ctx.db.select().from(products).orderBy(products.id).limit(1);
    if (!first) throw new Error('no products');
    const formula = "-1+1+cmd|' /C calc'!A0";
    await t.ctx.db.update(products).set({ name: formula }).where(eq(products.id, first.id));
    try {
      const exported = await exportCatalogueCsv(t.ctx.db, 'products');
      const line = exported.split('\r\n').find((l) => l.startsWith(`${first.id},`));
      expect(line?.split(',')[1]).toBe(`'${formula}`);
      // Numbers are written as they are, and the file still round-trips.
      expect(line).toContain(`,${first.availableStock},`);
      await runImport(t.ctx.db, exported);
      const [after] = await t.ctx.db.select().from(products).where(eq(products.id, first.id));
      expect(after?.name).toBe(formula);
    } finally {
      await t.ctx.db.update(products).set({ name: first.name }).where(eq(products.id, first.id));
    }
  });

  it('an earlier export imported again: the dry run names the stock it would set back before anything is written', async () => {
    const exported = await exportCatalogueCsv(t.ctx.db, 'products');
    const [first] = await t.ctx.db.select().from(products).orderBy(products.id).limit(1);
    if (!first) throw new Error('no products');
    // Ten units arrive after the export.
    await t.ctx.db
      .update(products)
      .set({ availableStock: first.availableStock + 10 })
      .where(eq(products.id, first.id));
    const report = await dryRunImport(t.ctx.db, exported);
    expect(report.problems).toEqual([]);
    expect(report.stock_change_count).toBe(1);
    expect(report.stock_changes).toEqual([
      { id: first.id, name: first.name, from: first.availableStock + 10, to: first.availableStock },
    ]);
    // Nothing moved: the dry run only tells.
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, first.id));
    expect(after?.availableStock).toBe(first.availableStock + 10);
    await t.ctx.db
      .update(products)
      .set({ availableStock: first.availableStock })
      .where(eq(products.id, first.id));
    expect((await dryRunImport(t.ctx.db, exported)).stock_change_count).toBe(0);
  });

  it('the stock export has id, name, slug and stock, and imported changes only stock', async () => {
    const stock = await exportCatalogueCsv(t.ctx.db, 'stock');
    const records = parse(stock, { bom: true }) as string[][];
    expect(records[0]).toEqual(['id', 'name', 'url_slug', 'stock']);
    const [first] = await t.ctx.db.select().from(products).orderBy(products.id).limit(1);
    if (!first) throw new Error('no products');
    const edited = stock.replace(
      new RegExp(`^${first.id},(.*),(\\d+)\\r$`, 'm'),
      (_all, middle: string) => `${first.id},${middle},42\r`,
    );
    await runImport(t.ctx.db, edited);
    const [after] = await t.ctx.db.select().from(products).where(eq(products.id, first.id));
    expect(after).toMatchObject({ availableStock: 42, sellingPricePaise: first.sellingPricePaise });
  });

  it('package declarations import and export as optional columns; values the database refuses are reported by line and column', async () => {
    const declared = newRow(501, {
      maker_role: 'Importer',
      maker_name: 'Kesar Locks Trading Co.',
      maker_address: '4 Lock Market, Aligarh 202001',
      country_of_origin: 'China',
      generic_name: 'Padlock',
      net_quantity: '1',
      net_quantity_unit: 'unit',
      dimensions: '65 mm body width',
      food_type: 'not_food',
    });
    const bad = await dryRunImport(
      t.ctx.db,
      file(
        declared,
        newRow(502, { maker_role: 'seller' }),
        newRow(503, { net_quantity: '0' }),
        newRow(504, { net_quantity_unit: 'kg', food_type: 'vegan' }),
      ),
    );
    expect(bad.problems).toEqual([
      { line: 3, column: 'maker_role', message: m.badChoice(['manufacturer', 'packer', 'importer']) },
      { line: 4, column: 'net_quantity', message: m.badNetQuantity },
      { line: 5, column: 'net_quantity_unit', message: m.badChoice(['g', 'ml', 'cm', 'unit']) },
      { line: 5, column: 'food_type', message: m.badChoice(['veg', 'non_veg', 'not_food']) },
    ]);

    // Empty declaration cells take the database's defaults (made in India, not food, grams).
    await runImport(t.ctx.db, file(declared, newRow(505)));
    const rows = await t.ctx.db
      .select()
      .from(products)
      .where(inArray(products.urlSlug, ['import-test-namkeen-501', 'import-test-namkeen-505']))
      .orderBy(products.urlSlug);
    expect(rows[0]).toMatchObject({
      makerRole: 'importer',
      makerName: 'Kesar Locks Trading Co.',
      countryOfOrigin: 'China',
      genericName: 'Padlock',
      netQuantity: 1,
      netQuantityUnit: 'unit',
      dimensions: '65 mm body width',
      bestBefore: null,
      foodType: 'not_food',
    });
    expect(rows[1]).toMatchObject({
      makerRole: 'manufacturer',
      makerName: null,
      countryOfOrigin: 'India',
      netQuantity: null,
      netQuantityUnit: 'g',
      foodType: 'not_food',
    });
    const exported = parse(await exportCatalogueCsv(t.ctx.db, 'products'), {
      bom: true,
      columns: true,
    }) as Array<Record<string, string>>;
    expect(exported.find((r) => r.url_slug === 'import-test-namkeen-501')).toMatchObject({
      maker_role: 'importer',
      country_of_origin: 'China',
      net_quantity: '1',
      net_quantity_unit: 'unit',
      best_before: '',
      food_type: 'not_food',
    });
  });

  it('stock set by an import is in the stock history: one movement per product whose stock changed', async () => {
    const [a, b] = await t.ctx.db.select().from(products).orderBy(products.id).limit(2);
    if (!a || !b) throw new Error('no products');
    const since = await t.ctx.db
      .select({ n: sql<number>`coalesce(max(id), 0)`.mapWith(Number) })
      .from(stockMovements);
    const lastId = since[0]?.n ?? 0;
    const content = `${csvRow(['id', 'url_slug', 'stock'])}${csvRow([String(a.id), a.urlSlug, String(a.availableStock + 7)])}${csvRow([String(b.id), b.urlSlug, String(b.availableStock)])}`;
    await runImport(t.ctx.db, content, { actor: { staffId: null } });
    const created = newRow(601, { stock: '12' });
    await runImport(t.ctx.db, file(created, newRow(602, { stock: '0' })));
    const movements = await t.ctx.db
      .select()
      .from(stockMovements)
      .where(sql`${stockMovements.id} > ${lastId}`)
      .orderBy(stockMovements.id);
    const [newProduct] = await t.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.urlSlug, 'import-test-namkeen-601'));
    expect(movements.map((mv) => [mv.productId, mv.change, mv.stockAfter, mv.reason])).toEqual([
      [a.id, 7, a.availableStock + 7, 'imported'],
      [newProduct?.id, 12, 12, 'imported'],
    ]);
  });

  it('imports 10,000 new products in under 30 s (batched writes)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, n) => newRow(100_000 + n));
    const content = file(...rows);
    const started = performance.now();
    const report = await runImport(t.ctx.db, content);
    const createMs = performance.now() - started;
    expect(report).toMatchObject({ creates: 10_000, applied: true });
    // And the same 10,000 again as updates (export of them, prices changed).
    const exported = await exportCatalogueCsv(t.ctx.db, 'products');
    const updated = exported.replace(/,99\.50,/g, ',109.50,');
    const again = performance.now();
    const second = await runImport(t.ctx.db, updated);
    const updateMs = performance.now() - again;
    console.log(
      `CSV import of 10,000 rows: create ${Math.round(createMs)} ms, update ${Math.round(updateMs)} ms`,
    );
    expect(second.updates).toBeGreaterThanOrEqual(10_000);
    expect(createMs).toBeLessThan(30_000);
    expect(updateMs).toBeLessThan(30_000);
    const [{ n } = { n: 0 }] = await t.ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(eq(products.sellingPricePaise, 10950));
    expect(n).toBeGreaterThanOrEqual(10_000);
  });
});
