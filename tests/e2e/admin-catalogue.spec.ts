import type { Product } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import { expect, type Page, test } from '@playwright/test';
import { TOTP } from 'otpauth';

/** The development demo owner (seeded, never in production) and its TOTP secret. */
const OWNER = {
  email: 'owner@kesarfoods.in',
  password: 'Owner@12345',
  totp: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

async function signInOwner(page: Page) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail').fill(OWNER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const code = new TOTP({ secret: OWNER.totp, digits: 6, period: 30 }).generate();
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Namaste/ })).toBeVisible();
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole('combobox', { name: label, exact: true })
    .fill(typeof option === 'string' ? option : '');
  await page.getByRole('option', { name: option }).first().click();
}

// One journey on the desktop only: the owner's TOTP code is accepted once per 30 s window.
test.describe.configure({ mode: 'serial' });

test('owner (TOTP) creates a category and a product with two images, sets stock, and the storefront shows it within 1 s', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one owner sign-in per run');
  const tag = Date.now().toString(36);
  const categoryName = `Festival Hampers ${tag}`;
  const productName = `Kesar Dry Fruit Hamper ${tag}`;
  await signInOwner(page);

  // A category under "All Products".
  await page.goto('/admin/catalogue/categories');
  await page.getByLabel('New category').fill(categoryName);
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('list', { name: 'Category tree' }).getByText(categoryName)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('categories-1366.png'), fullPage: true });

  // A product in it, price typed in rupees.
  await page.goto('/admin/catalogue/products/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(productName);
  await choose(page, 'Category', categoryName);
  await page.getByRole('textbox', { name: 'Selling price' }).fill('1249.50');
  await page.getByRole('textbox', { name: 'MRP' }).fill('1499');
  // What the pack's label says (package declarations).
  await page.getByRole('textbox', { name: 'Common or generic name' }).fill('Dry fruit gift hamper');
  await page.getByRole('textbox', { name: 'Net quantity' }).fill('500');
  await page.getByRole('combobox', { name: 'Food type' }).click();
  await page.getByRole('option', { name: 'Vegetarian', exact: true }).click();
  // A packaged food's label declarations still empty are named before saving (Legal Metrology).
  const declarationsWarning = page.getByTestId('declarations-warning');
  await expect(declarationsWarning).toContainText("Maker's name, Maker's address, Best before.");
  await page.getByRole('textbox', { name: "Maker's name" }).fill('Kesar Foods Pvt Ltd');
  await page.getByRole('textbox', { name: "Maker's address" }).fill('Sanganer, Jaipur 302029');
  await page.getByRole('textbox', { name: 'Best before' }).fill('90 days from packing');
  await expect(declarationsWarning).toBeHidden();
  const editor = page.getByRole('textbox', { name: 'Description', exact: true });
  await editor.click();
  await page.keyboard.type('Cashews, almonds and ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Kesar pista');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' in a gift box.');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { name: productName })).toBeVisible();
  const productId = Number(page.url().split('/').pop());
  expect(productId).toBeGreaterThan(0);

  // Two images dropped at once: the first becomes the main image, the second an extra one.
  const sharp = (await import('sharp')).default;
  const photo = (background: string) =>
    sharp({ create: { width: 800, height: 800, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const images = page.getByTestId('product-images-manager');
  await expect(images.getByText('No images yet.')).toBeVisible();
  await images.locator('input[type="file"]').setInputFiles([
    { name: 'Hamper Front.jpg', mimeType: 'image/jpeg', buffer: await photo('#b45309') },
    { name: 'Hamper Open.jpg', mimeType: 'image/jpeg', buffer: await photo('#15803d') },
  ]);
  await expect(images.getByTestId('product-image')).toHaveCount(2);
  await expect(images.getByTestId('product-image').first().getByText('Main')).toBeVisible();
  const altText = images.getByTestId('product-image').first().getByLabel('Alt text');
  await altText.fill('Dry fruit hamper in a gift box');
  await altText.blur();

  // Stock with a reason.
  await page.getByRole('button', { name: /^Stock: 0/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Units/).fill('15');
  await dialog.getByLabel('Note').fill('First lot');
  const stockedAt = Date.now();
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await expect(dialog.getByTestId('stock-now')).toHaveText('15');
  const saved = performance.now();

  // The storefront API and page show it: name, ₹ price and stock. (Nothing slow, such as a
  // screenshot, between the save and this: the second counts from the save.)
  await expect
    .poll(
      async () => {
        const res = await request.get(`/backend/api/web/products/${productId}`);
        if (res.status() !== 200) return null;
        const p = (await res.json()) as Product;
        return [p.selling_price, p.available_stock, p.attachments.length];
      },
      { timeout: 1_000, intervals: [50] },
    )
    .toEqual([1249.5, 15, 1]);
  expect(performance.now() - saved).toBeLessThan(1_000);
  await expect(dialog.getByRole('table', { name: 'Stock history' })).toContainText('First lot');
  // Its time is India time on a 24-hour clock, as on every other screen (the browser runs in UTC).
  const indiaTime = (at: number) =>
    new Intl.DateTimeFormat('en-IN', {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'Asia/Kolkata',
    }).format(at);
  const lotRow = dialog.getByRole('row').filter({ hasText: 'First lot' });
  expect([indiaTime(stockedAt), indiaTime(Date.now())]).toContain(
    await lotRow.getByRole('cell').first().textContent(),
  );
  await page.screenshot({ path: testInfo.outputPath('product-1366.png'), fullPage: true });
  const list = (await (
    await request.get('/backend/api/web/categories', { params: { 'per-page': 200 } })
  ).json()) as Collection<{ id: number; name: string; url_slug: string }>;
  const category = list.items.find((c) => c.name === categoryName);
  expect(category).toBeDefined();
  await page.goto(`/category/${category?.id}/1/${category?.url_slug}`);
  await expect(page.getByText(productName).first()).toBeVisible();
  await expect(page.getByText('₹1,249.50').first()).toBeVisible();
  // The product page shows both images, the main one described by its alt text.
  const product = (await (await request.get(`/backend/api/web/products/${productId}`)).json()) as Product;
  expect(product.main_image).toMatch(/^hamper-front-[0-9a-f]{8}\.jpg$/);
  expect(product.attachments[0]?.file_name).toMatch(/^hamper-open-[0-9a-f]{8}\.jpg$/);
  await page.goto(`/product/${productId}/${product.url_slug}`);
  await expect(page.getByRole('img', { name: 'Dry fruit hamper in a gift box' }).first()).toBeVisible();
  // The label's declarations, with the unit sale price worked out from price and quantity.
  const declarations = page.getByTestId('declarations');
  await expect(declarations).toContainText('Dry fruit gift hamper');
  await expect(declarations).toContainText('500 g');
  await expect(declarations).toContainText('₹2.50 per g');
  await expect(page.getByTestId('food-mark')).toHaveText('Vegetarian');
  // The description is shown as the editor wrote it: words in bold, no markup as text.
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description).toContainText('Cashews, almonds and Kesar pista in a gift box.');
  await expect(description).not.toContainText('<');
  await expect(description.locator('strong')).toHaveText('Kesar pista');
  const thumbnails = page.getByRole('list', { name: 'Product images' });
  await expect(thumbnails.getByRole('button')).toHaveCount(2);
  await thumbnails.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(page.getByRole('img', { name: productName }).first()).toHaveAttribute(
    'src',
    new RegExp(product.attachments[0]?.file_name ?? 'none'),
  );
  await page.screenshot({ path: testInfo.outputPath('product-page-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('product-page-390.png'), fullPage: true });
});

test('the catalogue screens fit a phone', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'phone layout');
  // Sign in through the API of the demo manager (no TOTP), then look at the screens at 390 px.
  const res = await page.request.post('/backend/api/admin/session', {
    data: { email: 'manager@kesarfoods.in', password: 'Manager@12345' },
  });
  expect(res.status()).toBe(200);
  for (const [path, heading] of [
    ['/admin/catalogue/products', 'Products'],
    ['/admin/catalogue/categories', 'Categories'],
    ['/admin/stock/low', 'Low stock'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(1);
    await page.screenshot({ path: testInfo.outputPath(`${path.split('/').pop()}-390.png`), fullPage: true });
  }
});
