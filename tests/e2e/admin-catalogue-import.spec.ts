import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';

/**
 * Issue #14's journey: a manager imports a 1,000-row CSV of products. The dry run shows the two
 * bad rows with their line and column; the manager fixes them, checks again and imports; the
 * storefront's API has the products at once.
 */

const API = '/backend/api/web';

async function signInAsManager(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill('manager@kesarfoods.in');
  await page.getByRole('textbox', { name: 'Password' }).fill('Manager@12345');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
}

/**
 * 1,000 new products; with `broken`, row 301 has a bad price and row 702 an unknown category. They
 * are listed after the demo's own products (display order 100000) and hold 50–99 units, so the
 * specs that read the first page of the catalogue or look for a product with little stock still
 * find the demo's own.
 */
function productsCsv(run: string, broken: boolean): string {
  const lines = [
    'id,name,url_slug,category,selling_price,mrp,stock,weight_grams,gst_rate,labels,active,display_order',
  ];
  for (let n = 1; n <= 1000; n++) {
    const price = broken && n === 300 ? '12.345' : `${(49 + (n % 200)).toFixed(2)}`;
    const category = broken && n === 701 ? 'no-such-aisle' : n % 2 ? 'namkeen' : 'chips';
    lines.push(
      `,Bulk Bhujia ${run} ${n},bulk-bhujia-${run}-${n},${category},${price},,${50 + (n % 50)},200,5,,yes,100000`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function dropCsv(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
}

test('a manager imports 1,000 products: the dry run shows two bad rows, fixed, then imported', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = randomBytes(3).toString('hex');
  await signInAsManager(page);
  await page.goto('/admin/catalogue/import');
  await expect(page.getByRole('heading', { name: 'Import and export' })).toBeVisible();

  await dropCsv(page, 'bhujia.csv', productsCsv(run, true));
  const problems = page.getByTestId('import-problems');
  await expect(problems).toBeVisible();
  await expect(page.getByText('2 problems to fix')).toBeVisible();
  const rows = problems.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('301');
  await expect(rows.nth(0)).toContainText('selling_price');
  await expect(rows.nth(0)).toContainText('Must be an amount in rupees');
  await expect(rows.nth(1)).toContainText('702');
  await expect(rows.nth(1)).toContainText('category');
  await expect(rows.nth(1)).toContainText('No category has this web address part or number.');
  await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('import-problems.png'), fullPage: true });

  // Nothing was written by the check.
  const before = await page.request.get(
    `${API}/products?ProductsSearch%5Bkeyword%5D=${encodeURIComponent(`bulk bhujia ${run}`)}`,
  );
  const listed = ((await before.json()) as { items: Array<{ name: string }> }).items;
  expect(listed.filter((p) => p.name.includes(run))).toHaveLength(0);

  await dropCsv(page, 'bhujia-fixed.csv', productsCsv(run, false));
  await expect(page.getByText('Ready to import')).toBeVisible();
  await page.getByRole('button', { name: 'Import 1,000 products' }).click();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-report')).toContainText('1,000 rows: 1,000 new, 0 updates');
  await page.screenshot({ path: testInfo.outputPath('import-done.png'), fullPage: true });

  const found = await page.request.get(
    `${API}/products?ProductsSearch%5Bkeyword%5D=${encodeURIComponent(`Bulk Bhujia ${run} 300`)}`,
  );
  const { items } = (await found.json()) as {
    items: Array<{ id: number; name: string; selling_price: number; available_stock: number }>;
  };
  const bhujia = items.find((p) => p.name === `Bulk Bhujia ${run} 300`);
  expect(bhujia?.selling_price).toBe(149);

  // A file that would set its stock back (an old export) says so before anything is written.
  await dropCsv(page, 'old-stock.csv', `id,stock\n${bhujia?.id},7\n`);
  await expect(page.getByText('Ready to import')).toBeVisible();
  const warning = page.getByTestId('import-stock-changes');
  await expect(warning).toContainText('The stock of 1 product changes');
  await expect(warning).toContainText(`Bulk Bhujia ${run} 300 ${bhujia?.available_stock} → 7`);
});

test("a manager adds an image to a product in its edit screen; it becomes the storefront's extra image", async ({
  page,
}, testInfo) => {
  const sharp = (await import('sharp')).default;
  const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#c2410c' } })
    .jpeg()
    .toBuffer();
  await signInAsManager(page);
  await page.goto('/admin/catalogue/products/2');
  const manager = page.getByTestId('product-images-manager');
  await expect(manager).toBeVisible();
  // Count once the images have loaded (the demo product has its main image at least); the other
  // project's run of this test may have added one already.
  await expect(manager.getByTestId('product-image').first()).toBeVisible();
  const before = await manager.getByTestId('product-image').count();
  await manager
    .locator('input[type="file"]')
    .setInputFiles({ name: 'Soan Papdi Box.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(manager.getByTestId('product-image')).toHaveCount(before + 1);
  await page.screenshot({ path: testInfo.outputPath('product-images.png'), fullPage: true });
  const product = await (await page.request.get(`${API}/products/2`)).json();
  const names = [product.main_image, ...product.attachments.map((a: { file_name: string }) => a.file_name)];
  expect(names.some((name: string) => /^soan-papdi-box-[0-9a-f]{8}\.jpg$/.test(name))).toBe(true);
});
