import { expect, test } from '@playwright/test';
import {
  allProducts,
  blockExternalRequests,
  categories,
  categoryPath,
  categoryProducts,
  categoryWithProducts,
  gotoHydrated,
  isMobile,
  productTile,
} from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

const indianRupees = (n: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(n)}`;

test('category page: tiles of the category and its sub-categories, breadcrumb, sidebar', async ({
  page,
  request,
}, testInfo) => {
  const cats = await categories(request);
  const parent = cats.find((c) => c.id !== 1 && c.total_sub_categories > 0);
  if (!parent) throw new Error('the demo shop needs a category with sub-categories');
  const products = await categoryProducts(request, parent.id);
  const response = await gotoHydrated(page, categoryPath(parent));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(parent.name));
  await expect(page.getByRole('heading', { level: 1, name: parent.name })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Products');
  await expect(crumbs).toContainText(parent.name);
  const tiles = page.getByTestId('product-tile');
  await expect(tiles).toHaveCount(products.length);
  const first = products[0];
  if (!first) throw new Error('no products');
  const tile = tiles.first();
  await expect(tile.getByRole('heading', { name: first.name })).toBeVisible();
  await expect(tile.getByTestId('product-price')).toHaveText(indianRupees(first.selling_price));
  await expect(tile.getByText(`${first.item_weight} gm`, { exact: true })).toBeVisible();
  const image = tile.getByRole('img', { name: first.name });
  await expect(image).toHaveAttribute('width', '300');
  await expect(image).toHaveAttribute('height', '300');
  await expect(image).toHaveAttribute('src', /\/300x300\//);
  // "Add to Cart" shows its cart icon (drawn by CSS, no SVG per tile: components/ui/icons.tsx);
  // phones show the text alone.
  const addToCart = page.getByRole('button', { name: 'Add to Cart' }).first();
  const cartIcon = addToCart.locator('span[aria-hidden="true"]');
  if (isMobile(testInfo)) await expect(cartIcon).toBeHidden();
  else {
    await expect(cartIcon).toBeVisible();
    expect(await cartIcon.boundingBox()).toMatchObject({ width: 18, height: 18 });
    expect(await cartIcon.evaluate((e) => getComputedStyle(e).maskImage)).toContain('data:image/svg+xml');
  }
  await expect(tiles.locator('svg')).toHaveCount(0);
  // 3 per row at medium and up, 2 on phones.
  const tops = await tiles.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops.filter((t) => t === tops[0]).length).toBe(isMobile(testInfo) ? 2 : 3);

  // Sidebar: nested by parent id, without category 1; leaves link to their listing.
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByRole('heading', { name: 'Product Categories' })).toBeVisible();
  const toggle = sidebar.getByRole('button', {
    name: isMobile(testInfo) ? 'Show all categories' : 'Hide categories',
  });
  await expect(toggle).toBeVisible();
  const tree = sidebar.getByRole('navigation', { name: 'Product categories' });
  if (isMobile(testInfo)) {
    await expect(tree).toBeHidden();
    await toggle.click();
    await expect(sidebar.getByRole('button', { name: 'Hide categories' })).toBeVisible();
  }
  await expect(tree).toBeVisible();
  await expect(tree.getByText('All Products')).toHaveCount(0);
  const child = cats.find((c) => c.parent_id === parent.id && c.total_sub_categories === 0);
  if (!child) throw new Error('no leaf category');
  const leaf = tree.getByRole('link', { name: child.name, exact: true });
  await expect(leaf).toHaveAttribute('href', categoryPath(child));
  // Groups off the active category's path start closed; their button shows their sub-categories.
  const onPath = new Set<number>();
  for (let c = cats.find((x) => x.id === parent.id); c; c = cats.find((x) => x.id === c?.parent_id))
    onPath.add(c.id);
  const other = cats.find(
    (c) => c.total_sub_categories > 0 && !onPath.has(c.id) && c.id !== 1 && (c.parent_id ?? 1) === 1,
  );
  const otherChild = other && cats.find((c) => c.parent_id === other.id);
  if (!other || !otherChild) throw new Error('the demo shop needs a second category with sub-categories');
  const group = tree.getByRole('button', { name: other.name, exact: true });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByText(otherChild.name, { exact: true })).toHaveCount(0);
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByText(otherChild.name, { exact: true })).toBeVisible();
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await sidebar.getByRole('button', { name: 'Hide categories' }).click();
  await expect(tree).toBeHidden();
  await expect(sidebar.getByRole('button', { name: 'Show all categories' })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Show all categories' }).click();

  // Client navigation to a sub-category: new listing, page scrolled back to the top.
  await page.evaluate(() => window.scrollTo(0, 400));
  await leaf.click();
  await expect(page).toHaveURL(categoryPath(child));
  await expect(page.getByRole('heading', { level: 1, name: child.name })).toBeVisible();
  await expect(page.getByTestId('product-tile')).toHaveCount(
    (await categoryProducts(request, child.id)).length,
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // §2 at 768 px or less the list is collapsed: choosing a category folds it away again, so the
  // products are not pushed below it; on a desktop it stays open.
  if (isMobile(testInfo)) {
    await expect(tree).toBeHidden();
    await expect(sidebar.getByRole('button', { name: 'Show all categories' })).toBeVisible();
  } else await expect(tree).toBeVisible();
});

test('a category without products says so', async ({ page, request }) => {
  let empty: { id: number; url_slug: string } | undefined;
  for (const c of (await categories(request)).filter((x) => x.id !== 1)) {
    if ((await categoryProducts(request, c.id)).length === 0) {
      empty = c;
      break;
    }
  }
  test.skip(!empty, 'the demo shop has no empty category');
  if (!empty) return;
  await gotoHydrated(page, categoryPath(empty));
  await expect(page.getByText('No Product found in this category')).toBeVisible();
  await expect(page.getByTestId('product-tile')).toHaveCount(0);
});

test('a product tile opens the product modal with the large image; the close icon closes it', async ({
  page,
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products[0];
  if (!product) throw new Error('no product');
  await gotoHydrated(page, categoryPath(category));
  await page.getByRole('button', { name: `View ${product.name}` }).click();
  const modal = page.getByRole('dialog', { name: product.name });
  await expect(modal).toBeVisible();
  const image = modal.getByRole('img', { name: product.name });
  await expect(image).toHaveAttribute('src', `/backend/data/products/${product.id}/${product.main_image}`);
  await expect(modal.getByText(indianRupees(product.selling_price), { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});

test('keyboard: the product modal opened from a tile gives the focus back to the tile when it closes, the first time too', async ({
  page,
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const [first, second] = products;
  if (!first || !second) throw new Error('two products needed');
  await gotoHydrated(page, categoryPath(category));
  for (const product of [first, second, first]) {
    const tile = page.getByRole('button', { name: `View ${product.name}` });
    await tile.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: product.name });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(tile).toBeFocused();
  }
});

test('Add to Cart → quantity stepper (max = stock) → 0 removes the product', async ({ page, request }) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock >= 2);
  if (!product) throw new Error('no product in stock');
  await gotoHydrated(page, categoryPath(category));
  const tile = productTile(page, product.name);
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product added to cart')).toBeVisible();
  // The notice stacks above the floating WhatsApp button, never over it.
  const notice = await page.getByRole('alert').filter({ hasText: 'Product added to cart' }).boundingBox();
  const chat = await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).boundingBox();
  if (!notice || !chat) throw new Error('the notice or the WhatsApp button is not laid out');
  expect(notice.y + notice.height).toBeLessThanOrEqual(chat.y);
  await expect(tile.getByTestId('cart-qty')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(tile.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
  await tile.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(tile.getByTestId('cart-qty')).toHaveText('2');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('kesar_cart_data') ?? '[]'));
  expect(stored).toEqual([expect.objectContaining({ id: product.id, qty: 2 })]);
  await tile.getByRole('button', { name: 'Decrease quantity' }).click();
  await tile.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(page.getByText('Product removed from cart')).toBeVisible();
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
});

test('keyboard: Add to Cart hands the focus to the stepper, and the stepper at 0 hands it back to Add to Cart', async ({
  page,
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock >= 2);
  if (!product) throw new Error('no product in stock');
  await gotoHydrated(page, categoryPath(category));
  const tile = productTile(page, product.name);
  await tile.getByRole('button', { name: 'Add to Cart' }).focus();
  await page.keyboard.press('Enter');
  await expect(tile.getByTestId('cart-qty')).toHaveText('1');
  await expect(tile.getByRole('button', { name: 'Increase quantity' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tile.getByRole('button', { name: 'Decrease quantity' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toBeFocused();
});

test("§2 'View Cart' in the product modal goes to /cart and closes the modal, leaving the cart page scrollable", async ({
  page,
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock > 0);
  if (!product) throw new Error('no product in stock');
  await gotoHydrated(page, categoryPath(category));
  await page.getByRole('button', { name: `View ${product.name}` }).click();
  const modal = page.getByRole('dialog', { name: product.name });
  await modal.getByRole('button', { name: 'Add to Cart' }).click();
  await modal.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Cart', exact: true }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('the stepper stops at the available stock; Remove from Cart in the modal removes it', async ({
  page,
  request,
}) => {
  const all = await allProducts(request);
  // The product with the least stock (more than 1), so the stepper reaches the limit in a few clicks.
  const product = all
    .filter((p) => p.available_stock > 1 && p.available_stock <= 20)
    .sort((a, b) => a.available_stock - b.available_stock)[0];
  if (!product) throw new Error('the demo shop needs a product with 2–20 in stock');
  const category = (await categories(request)).find((c) => c.id === product.category_id);
  if (!category) throw new Error('category missing');
  await gotoHydrated(page, categoryPath(category));
  const tile = productTile(page, product.name);
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  for (let qty = 1; qty < product.available_stock; qty++)
    await tile.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(tile.getByTestId('cart-qty')).toHaveText(String(product.available_stock));
  await expect(tile.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await page.getByRole('button', { name: `View ${product.name}` }).click();
  const modal = page.getByRole('dialog', { name: product.name });
  await modal.getByRole('button', { name: 'Remove from Cart' }).click();
  await expect(page.getByText('Product removed from cart')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});

test('a product with available_stock 0 has a disabled Out of Stock button', async ({ page, request }) => {
  const product = (await allProducts(request)).find((p) => p.available_stock === 0);
  if (!product) throw new Error('the demo shop needs an out-of-stock product');
  const category = (await categories(request)).find((c) => c.id === product.category_id);
  if (!category) throw new Error('category missing');
  await gotoHydrated(page, categoryPath(category));
  const tile = productTile(page, product.name);
  await expect(tile.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await expect(tile.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  // The product modal says it once too: the disabled button.
  await page.getByRole('button', { name: `View ${product.name}` }).click();
  const modal = page.getByRole('dialog', { name: product.name });
  await expect(modal.getByText('Out of Stock')).toBeDisabled();
  await expect(modal.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
});

test('§2/§7 the listing is page 1 whatever page number the address carries; page 1 is canonical', async ({
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const pageOne = categoryPath(category);
  const pageTwo = pageOne.replace(`/category/${category.id}/1/`, `/category/${category.id}/2/`);
  expect(pageTwo).not.toBe(pageOne);
  const response = await request.get(pageTwo);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).not.toContain('No Product found in this category');
  for (const p of products.slice(0, 3)) expect(html).toContain(p.name.replace('&', '&amp;'));
  expect(html).toMatch(
    new RegExp(`<link rel="canonical" href="http://[^"]+${pageOne.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`),
  );
});

test('category pages are server-rendered with title, description, canonical and JSON-LD', async ({
  request,
}) => {
  const { category, products } = await categoryWithProducts(request);
  const html = await (await request.get(categoryPath(category))).text();
  expect(html).toContain(`<title>${category.name.replace('&', '&amp;')} | Kesar Foods &amp; Locks</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toContain(`<link rel="canonical" href="http://`);
  expect(html).toContain('"@type":"Organization"');
  expect(html).toContain('"@type":"BreadcrumbList"');
  // Home > the category: each crumb of the trail has its own address.
  const trail = JSON.parse(
    /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList".*?)<\/script>/.exec(
      html,
    )?.[1] ?? '{}',
  ) as { itemListElement: { name: string; item: string }[] };
  expect(trail.itemListElement.map((c) => c.name)).toEqual(['Home', category.name]);
  expect(new Set(trail.itemListElement.map((c) => c.item)).size).toBe(2);
  expect(html).toContain('"priceCurrency":"INR"');
  for (const p of products.slice(0, 3)) expect(html).toContain(p.name.replace('&', '&amp;'));
  // The ItemList names each product at its own address, not the category's.
  const first = products[0];
  if (!first) throw new Error('no product in the category');
  expect(html).toMatch(
    new RegExp(`"url":"http://[^"]+/product/${first.id}/${encodeURIComponent(first.url_slug)}"`),
  );

  // An unknown category is answered 404: no canonical address, and the shop's own description.
  const missing = await request.get('/category/999999/1/nothing');
  expect(missing.status()).toBe(404);
  const missingHtml = await missing.text();
  expect(missingHtml).not.toContain('rel="canonical"');
  expect(missingHtml).not.toContain('Buy Products online at the best price');
  expect(missingHtml).toMatch(/<meta name="description" content="[^"]+"/);
});

test('§8 a notice closes on time even with the pointer resting on it', async ({ page, request }) => {
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock >= 1);
  if (!product) throw new Error('no product in stock');
  await gotoHydrated(page, categoryPath(category));
  const tile = productTile(page, product.name);
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Product added to cart' });
  await expect(notice).toBeVisible();
  const box = await notice.boundingBox();
  if (!box) throw new Error('the notice has no box');
  // Rest the pointer on the notice: Mantine would pause its auto-close while hovered.
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  await expect(notice).toBeHidden({ timeout: 8_000 });
});
