import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { products } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFontNames, pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { drawCataloguePdf, weightText } from './catalogue-pdf.ts';
import { catalogueProductBatches, readCatalogueForPdf } from './catalogue-pdf-rows.ts';
import { CATALOGUE_PDF, changesThePdf, watchCataloguePdf } from './catalogue-pdf.job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue PDF', () => {
  it('lists visible categories and products with ₹ prices in Indian grouping, in Noto Sans', async () => {
    const [first] = await t.ctx.db.select().from(products).where(eq(products.isActive, true)).limit(1);
    if (!first) throw new Error('no products');
    await t.ctx.db
      .update(products)
      .set({ name: 'PDF Test Kesar Peda', sellingPricePaise: 12345678, mrpPaise: 13000000 })
      .where(eq(products.id, first.id));
    const [hidden] = await t.ctx.db
      .insert(products)
      .values({
        categoryId: 10,
        name: 'PDF Test Hidden Chivda',
        urlSlug: 'pdf-test-hidden',
        sellingPricePaise: 100,
        isActive: false,
      })
      .returning();
    const { pdf, products: count } = await drawCataloguePdf(await readCatalogueForPdf(t.ctx.db), {
      mediaDir: t.ctx.config.mediaDir,
    });
    const text = (await pdfText(pdf)).join(' ');
    expect(text).toContain('PDF Test Kesar Peda');
    expect(text).toContain('₹1,23,456.78');
    expect(text).toContain('MRP ₹1,30,000.00');
    expect(text).toMatch(/Food › Sweets|Snacks › Namkeen/);
    expect(text).not.toContain('Rs.');
    expect(text).not.toContain(hidden?.name);
    const visible = await t.ctx.db.select().from(products).where(eq(products.isActive, true));
    expect(count).toBe(visible.length);
    expect(embeddedFontNames(pdf).some((name) => name.includes('NotoSans'))).toBe(true);
    // Product pictures are embedded (the demo products have images).
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Subtype /Image');
  });

  it('reads the products in batches, in display order, none twice or left out (ties in display order included)', async () => {
    const active = await t.ctx.db
      .select({ id: products.id, displayOrder: products.displayOrder })
      .from(products)
      .where(eq(products.isActive, true));
    expect(new Set(active.map((p) => p.displayOrder)).size).toBeLessThan(active.length);
    const batches: number[][] = [];
    for await (const batch of catalogueProductBatches(t.ctx.db, 3)) batches.push(batch.map((p) => p.id));
    expect(batches.every((ids) => ids.length > 0 && ids.length <= 3)).toBe(true);
    const expected = [...active]
      .sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id)
      .map((p) => p.id);
    expect(batches.flat()).toEqual(expected);
  });

  it('weights read like a label', () => {
    expect(weightText(500)).toBe('500 g');
    expect(weightText(1500)).toBe('1.5 kg');
    expect(weightText(0)).toBe('');
  });

  it('is redrawn for what it shows, not for a sale (a change of stock alone)', () => {
    const products = (what: Array<'listing' | 'stock' | 'price' | 'detail'>) =>
      ({ kind: 'change', change: { table: 'products', id: 1, what } }) as const;
    expect(changesThePdf(products(['stock']))).toBe(false);
    expect(changesThePdf(products(['stock', 'price']))).toBe(true);
    expect(changesThePdf(products(['listing']))).toBe(true);
    expect(changesThePdf({ kind: 'change', change: { table: 'products' } })).toBe(true);
    expect(changesThePdf({ kind: 'change', change: { table: 'settings' } })).toBe(true);
    expect(changesThePdf({ kind: 'change', change: { table: 'orders' } })).toBe(false);
    expect(changesThePdf({ kind: 'resync' })).toBe(true);
    expect(changesThePdf({ kind: 'down' })).toBe(false);
  });

  it('is rebuilt in the background after a catalogue change (debounced change notifications)', async () => {
    const file = join(t.ctx.config.mediaDir, CATALOGUE_PDF);
    await rm(file, { force: true });
    const stop = watchCataloguePdf(t.ctx, { debounceMs: 50, buildNow: false });
    try {
      const [product] = await t.ctx.db.select().from(products).where(eq(products.isActive, true)).limit(1);
      await t.ctx.db
        .update(products)
        .set({ name: 'PDF Test Renamed Barfi', sellingPricePaise: 250000 })
        .where(eq(products.id, product?.id ?? 0));
      await expect
        .poll(
          () =>
            stat(file).then(
              () => true,
              () => false,
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      const text = (await pdfText(await readFile(file))).join(' ');
      expect(text).toContain('PDF Test Renamed Barfi');
      expect(text).toContain('₹2,500.00');
    } finally {
      stop();
    }
  });
});
