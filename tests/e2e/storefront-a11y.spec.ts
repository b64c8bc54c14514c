import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  blockExternalRequests,
  categoryPath,
  categoryWithProducts,
  gotoHydrated,
  productTile,
} from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

test('home, a category page and /search have no serious or critical axe violations', async ({
  page,
  request,
}) => {
  // Three full axe scans: ~15 s on an idle 2-core machine, several times that on a busy one.
  test.setTimeout(180_000);
  const { category } = await categoryWithProducts(request);
  for (const path of ['/', categoryPath(category), '/search?q=masala']) {
    await gotoHydrated(page, path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
    expect(serious).toEqual([]);
  }
});

test("a notice's close button is named, so a screen reader can say what it does", async ({
  page,
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock >= 1);
  if (!product) throw new Error('no product in stock');
  await gotoHydrated(page, categoryPath(category));
  await productTile(page, product.name).getByRole('button', { name: 'Add to Cart' }).click();
  // Looked for from the moment the notice appears: it closes itself 2 s later.
  const notice = page.getByRole('alert').filter({ hasText: 'Product added to cart' });
  await expect(notice.getByRole('button', { name: 'Close notification' })).toBeVisible();
});

test('a form showing its errors: each field at fault is marked invalid, and the errors are readable (contrast)', async ({
  page,
}) => {
  await gotoHydrated(page, '/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('This is a required field.')).toHaveCount(2);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
});

test('the product modal is readable: its stock and weight badges pass the contrast check', async ({
  page,
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock >= 1);
  if (!product) throw new Error('no product in stock');
  await gotoHydrated(page, categoryPath(category));
  await page.getByRole('button', { name: `View ${product.name}` }).click();
  const modal = page.getByRole('dialog', { name: product.name });
  await expect(modal.getByText('In stock')).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withRules(['color-contrast'])
    .analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
});

test('everything on the page lies in a landmark, and the two search landmarks of /search have different names', async ({
  page,
}) => {
  for (const path of ['/', '/search?q=masala']) {
    await gotoHydrated(page, path);
    const results = await new AxeBuilder({ page }).withRules(['region', 'landmark-unique']).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  }
  await expect(page.getByRole('search', { name: 'Search the shop' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Contact' })).toBeVisible();
});
