import { expect, type Page, test } from '@playwright/test';
import { allProducts, blockExternalRequests, gotoHydrated, isMobile } from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

/** On phones the search opens in a modal from the header's search icon. */
async function searchInput(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole('button', { name: 'Open search' }).click();
    const modal = page.getByRole('dialog', { name: 'Search products' });
    await expect(modal).toBeVisible();
    return modal.getByRole('textbox', { name: 'Search products' });
  }
  return page.getByRole('banner').getByRole('textbox', { name: 'Search products' });
}

function countSearchRequests(page: Page) {
  const keywords: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/backend/api/web/products' && url.searchParams.has('ProductsSearch[keyword]')) {
      keywords.push(url.searchParams.get('ProductsSearch[keyword]') ?? '');
    }
  });
  return keywords;
}

test('typing searches once, 250 ms after the last key; choosing a result opens the product modal', async ({
  page,
  request,
}, testInfo) => {
  const product =
    (await allProducts(request)).find((p) => p.name === 'Kaju Katli') ?? (await allProducts(request))[0];
  if (!product) throw new Error('no products');
  const start = new Date('2026-01-01T10:00:00Z');
  await page.clock.install({ time: start });
  await gotoHydrated(page, '/');
  const keywords = countSearchRequests(page);
  const input = await searchInput(page, isMobile(testInfo));
  // Stop the clock: on a busy machine real time between two key presses can exceed 250 ms.
  await page.clock.pauseAt(new Date(start.getTime() + 10 * 60_000));
  await page.clock.runFor(500); // let the mobile modal finish opening
  await input.pressSequentially(product.name);
  await page.clock.runFor(249);
  expect(keywords).toEqual([]);
  await page.clock.runFor(1);
  const dropdown = page.getByTestId('search-dropdown');
  const result = dropdown.getByRole('button', { name: new RegExp(product.name) }).first();
  await expect(result).toBeVisible();
  expect(keywords).toEqual([product.name]);
  await page.clock.resume();
  await expect(result).toContainText('₹');
  await result.click();
  await expect(dropdown).toBeHidden();
  await expect(page.getByRole('dialog', { name: product.name })).toBeVisible();
});

test("changing the keyword never shows, or lets anyone pick, the old keyword's results", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, '/');
  const input = await searchInput(page, isMobile(testInfo));
  const dropdown = page.getByTestId('search-dropdown');
  await input.fill('masala');
  await expect(dropdown.getByRole('button', { name: /Garam Masala/ }).first()).toBeVisible();

  // Hold the answer for the next keyword, so the window between typing and the answer is visible.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const kajuSearch = (url: URL) =>
    url.pathname === '/backend/api/web/products' &&
    url.searchParams.get('ProductsSearch[keyword]') === 'kaju';
  await page.route(kajuSearch, async (route) => {
    await held;
    await route.continue();
  });
  await input.fill('kaju');
  // At once, inside the 250 ms debounce: no stale results (a click now would open the wrong product).
  expect(await dropdown.getByRole('button', { name: /Masala/ }).count()).toBe(0);
  await expect(dropdown.getByRole('status')).toBeVisible();
  await expect(dropdown.getByRole('button', { name: /Masala/ })).toHaveCount(0);
  release();
  await expect(dropdown.getByRole('button', { name: /Kaju Katli/ }).first()).toBeVisible();
  await expect(dropdown.getByRole('button', { name: /Masala/ })).toHaveCount(0);
});

test('a keyword without matches shows No product found; the cross clears text and results', async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, '/');
  const input = await searchInput(page, isMobile(testInfo));
  if (!isMobile(testInfo))
    await expect(page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  await input.fill('zzqxwv');
  const dropdown = page.getByTestId('search-dropdown');
  await expect(dropdown.getByText('No product found')).toBeVisible();
  const scope = isMobile(testInfo)
    ? page.getByRole('dialog', { name: 'Search products' })
    : page.getByRole('banner');
  await scope.getByRole('button', { name: 'Clear search' }).click();
  await expect(input).toHaveValue('');
  await expect(dropdown).toBeHidden();
  if (isMobile(testInfo)) {
    // In the mobile modal the right icon stays a cross.
    await expect(scope.getByRole('button', { name: 'Clear search' })).toBeVisible();
  } else {
    await expect(scope.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  }
});

test('a blank keyword searches nothing', async ({ page }, testInfo) => {
  await gotoHydrated(page, '/');
  const keywords = countSearchRequests(page);
  const input = await searchInput(page, isMobile(testInfo));
  await input.fill('   ');
  await page.waitForTimeout(600); // longer than the 250 ms debounce: proves no request follows
  expect(keywords).toEqual([]);
  await expect(page.getByTestId('search-dropdown')).toHaveCount(0);
});

test('more than 4 results scroll at 250 px; clicking outside closes the dropdown', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'click outside is a desktop gesture');
  const padlocks = (await allProducts(request)).filter((p) => /padlock/i.test(p.name));
  expect(padlocks.length).toBeGreaterThan(4);
  await gotoHydrated(page, '/');
  const input = await searchInput(page, false);
  await input.fill('padlock');
  const list = page.getByTestId('search-dropdown').locator('ul');
  await expect(list).toHaveAttribute('data-scrollable', 'true');
  expect((await list.boundingBox())?.height).toBe(250);
  await page.getByRole('heading', { name: 'Featured Products' }).click();
  await expect(page.getByTestId('search-dropdown')).toBeHidden();
});

test('Enter goes to the /search page with the results', async ({ page }, testInfo) => {
  await gotoHydrated(page, '/');
  const input = await searchInput(page, isMobile(testInfo));
  await input.fill('masala');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=masala$/);
  await expect(page.getByRole('heading', { name: 'Results for “masala”' })).toBeVisible();
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
});

test('/search is server-rendered: results and count are in the HTML without JavaScript', async ({
  browser,
  request,
}) => {
  const api = await request.get('/backend/api/web/products', {
    params: { 'ProductsSearch[keyword]': 'padlock', 'per-page': 100 },
  });
  const expected = ((await api.json()) as { items: { name: string }[] }).items;
  expect(expected.length).toBeGreaterThan(0);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/search?q=padlock');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('result-count')).toHaveText(`${expected.length} products found`);
  await expect(page.getByTestId('product-tile')).toHaveCount(expected.length);
  for (const p of expected)
    await expect(page.getByRole('heading', { name: p.name, exact: true })).toBeVisible();
  await page.goto('/search?q=zzqxwv');
  await expect(page.getByText('No product found')).toBeVisible();
  await context.close();
});
