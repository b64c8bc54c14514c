import { importMessages } from '@shop/contract/admin/catalogue-import';
import { imageMessages } from '@shop/contract/admin/product-images';
import { auditLog, products } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';

let t: StaffHarness<'owner' | 'manager' | 'staff'>;
beforeAll(async () => {
  t = await staffHarness(['owner', 'manager', 'staff']);
});
afterAll(async () => {
  await t?.close();
});

const csv = (rows: string) => `id,name,url_slug,category,selling_price,stock\n${rows}`;

describe('admin: catalogue CSV routes (permission catalogue)', () => {
  it('a staff member (no catalogue permission) is refused; without a session 401', async () => {
    const denied = await t.as('staff', 'GET', '/catalogue/csv/template');
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.as(null, 'POST', '/catalogue/csv/dry-run', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('downloads the template and the exports as CSV attachments', async () => {
    const template = await t.as('manager', 'GET', '/catalogue/csv/template');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(template.headers['content-disposition']).toBe('attachment; filename="catalogue-template.csv"');
    const stock = await t.as('manager', 'GET', '/catalogue/csv/export?kind=stock');
    expect(stock.body.split('\r\n')[0]).toBe('\uFEFFid,name,url_slug,stock');
  });

  it('dry run reports problems; import with a problem is a 422 naming line and column; a good import is audited once', async () => {
    const bad = csv(',Route Test Papdi,route-test-papdi,namkeen,abc,5\n');
    const dry = await t.as('manager', 'POST', '/catalogue/csv/dry-run', { content: bad });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      rows: 1,
      applied: false,
      problems: [{ line: 2, column: 'selling_price', message: importMessages.badPrice }],
    });
    const refused = await t.as('manager', 'POST', '/catalogue/csv/import', { content: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'line 2, selling_price', message: importMessages.badPrice }]);

    const rows = Array.from(
      { length: 50 },
      (_, n) => `,Route Test Papdi ${n},route-test-papdi-${n},namkeen,45,${n}`,
    );
    const good = await t.as('manager', 'POST', '/catalogue/csv/import', {
      content: csv(`${rows.join('\n')}\n`),
      file_name: 'papdi.csv',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ rows: 50, creates: 50, applied: true });
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.import'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.after).toMatchObject({ file_name: 'papdi.csv', rows: 50, creates: 50, updates: 0 });
    // The storefront's API shows an imported product at once.
    const [made] = await t.ctx.db.select().from(products).where(eq(products.urlSlug, 'route-test-papdi-7'));
    const shown = await t.request({ method: 'GET', url: `/backend/api/web/products/${made?.id}` });
    expect(shown.json()).toMatchObject({ name: 'Route Test Papdi 7', selling_price: 45, available_stock: 7 });
    // The product's own history lists the import that made it, and then a bulk change (neither
    // names one product as its entity).
    const bulk = await t.as('manager', 'POST', '/products/bulk', {
      target: { ids: [made?.id] },
      change: { action: 'hide' },
    });
    expect(bulk.statusCode).toBe(200);
    const history = await t.as('owner', 'GET', `/audit?entity=product&entity_id=${made?.id}`);
    expect(history.json<{ items: { action: string }[] }>().items.map((e) => e.action)).toEqual([
      'product.bulk_hide',
      'catalogue.import',
    ]);
    const other = await t.as('owner', 'GET', '/audit?entity=product&entity_id=999999');
    expect(other.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('refuses a file over 8 MB with a message about the file', async () => {
    const big = await t.as('manager', 'POST', '/catalogue/csv/dry-run', {
      content: 'x'.repeat(8 * 1024 * 1024 + 10),
    });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual([
      { field: 'content', message: 'The file is larger than 8 MB. Split it into smaller files.' },
    ]);
    const huge = await t.request({
      method: 'POST',
      url: `${ADMIN}/catalogue/csv/dry-run`,
      headers: { ...t.signedIn.manager.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(17 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      message: 'The file is larger than 8 MB. Split it into smaller files.',
    });
  });
});

describe('admin: product image routes', () => {
  it('uploads, lists, reorders and deletes through the API; a bomb is a 422', async () => {
    const [product] = await t.ctx.db.select().from(products).orderBy(products.id).limit(1);
    if (!product) throw new Error('no products');
    const url = `/products/${product.id}/images`;
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.as('manager', 'POST', url, {
      file_name: 'route.jpg',
      data_base64: jpeg.toString('base64'),
      alt_text: 'Front',
    });
    expect(uploaded.statusCode).toBe(201);
    const items = uploaded.json<{ items: Array<{ file_name: string; alt_text: string }> }>().items;
    const added = items[items.length - 1];
    expect(added?.alt_text).toBe('Front');
    const names = items.map((i) => i.file_name);
    const order = await t.as('manager', 'PUT', `${url}/order`, { file_names: [...names].reverse() });
    expect(order.statusCode).toBe(200);
    expect(order.json<{ items: Array<{ file_name: string; main: boolean }> }>().items[0]).toMatchObject({
      file_name: added?.file_name,
      main: true,
    });
    const removed = await t.as('manager', 'DELETE', `${url}/${added?.file_name}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ items: unknown[] }>().items).toHaveLength(names.length - 1);

    const bomb = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // Patch the header's width and height to 40,000 × 40,000 (1.6 gigapixels); PNG's CRC is not checked by the header read.
    bomb.writeUInt32BE(40_000, 16);
    bomb.writeUInt32BE(40_000, 20);
    const refused = await t.as('manager', 'POST', url, {
      file_name: 'bomb.png',
      data_base64: bomb.toString('base64'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'data_base64', message: imageMessages.tooManyPixels }]);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['product.image.upload', 'product.image.reorder', 'product.image.delete']),
    );
  });
});
