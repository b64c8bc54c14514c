import { expect, test } from '@playwright/test';
import {
  blockExternalRequests,
  categories,
  categoryPath,
  gotoHydrated,
  isMobile,
  menus,
  shopTexts,
} from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

test('top bar shows the header text, company phone and e-mail (phones too)', async ({ page, request }) => {
  const texts = await shopTexts(request);
  await gotoHydrated(page, '/');
  const topBar = page.getByTestId('top-bar');
  await expect(topBar).toContainText(texts.header_top_text ?? '');
  await expect(topBar.getByText(texts.company_contact_number ?? '', { exact: true })).toBeVisible();
  await expect(topBar.getByText(texts.company_email_address ?? '', { exact: true })).toBeVisible();
  await expect(topBar.getByRole('link', { name: texts.company_contact_number ?? '' })).toHaveAttribute(
    'href',
    /^tel:/,
  );
  await expect(topBar.getByRole('link', { name: texts.company_email_address ?? '' })).toHaveAttribute(
    'href',
    `mailto:${texts.company_email_address}`,
  );
});

test('keyboard: the first Tab reaches "Skip to content", which moves the focus to the page content', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test("keyboard: following a link of the page content puts the focus on the new page's content, not the document", async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const link = page.locator('main a[href^="/category/"]').first();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/category\//);
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab goes on inside the content, not from the top bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('the header logo links home and is a resized WebP copy with its size set', async ({ page, request }) => {
  await page.goto('/');
  const logo = page.getByRole('banner').getByRole('link', { name: /home$/ }).getByRole('img');
  await expect(logo).toHaveAttribute('src', /^\/backend\/data\/assets\/w480\//);
  await expect(logo).toHaveAttribute('width', '180');
  await expect(logo).toHaveAttribute('height', '56');
  const image = await request.get((await logo.getAttribute('src')) ?? '');
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('the header becomes sticky once the page is scrolled more than 10 px', async ({ page }) => {
  await gotoHydrated(page, '/');
  const header = page.getByTestId('site-header');
  await expect(header).toHaveAttribute('data-sticky', 'false');
  await page.evaluate(() => window.scrollTo(0, 8));
  await expect(header).toHaveAttribute('data-sticky', 'false');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(header).toHaveAttribute('data-sticky', 'true');
  const box = await header.boundingBox();
  expect(box?.y).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-sticky', 'false');
});

test('menu items with children open a hover dropdown; the others are plain links', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the hover menu is the desktop menu');
  const items = await menus(request);
  const header = items.filter((m) => m.category === 'header-menus');
  const parent = header.find((m) => m.parent_id === 0 && header.some((c) => c.parent_id === m.id));
  const plain = header.find((m) => m.parent_id === 0 && !header.some((c) => c.parent_id === m.id));
  if (!parent || !plain) throw new Error('the demo menu needs a parent item and a plain item');
  const children = header.filter((c) => c.parent_id === parent.id);
  await gotoHydrated(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: plain.name, exact: true })).toBeVisible();
  const first = children[0];
  if (!first) throw new Error('no child');
  await expect(page.getByRole('menuitem', { name: first.name, exact: true })).toHaveCount(0);
  await nav.getByRole('button', { name: parent.name, exact: true }).hover();
  const dropdown = page.getByRole('menu');
  for (const child of children)
    await expect(dropdown.getByRole('menuitem', { name: child.name, exact: true })).toBeVisible();
  // Width 160 (product rules §9).
  expect((await dropdown.boundingBox())?.width).toBe(160);
  await dropdown.getByRole('menuitem', { name: first.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${first.url.replace(/[/.?]/g, '\\$&')}$`));
});

test('a dropdown item the keyboard is on shows a visible ring (WCAG 2.4.7)', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the dropdown is the desktop menu');
  const header = (await menus(request)).filter((m) => m.category === 'header-menus');
  const parent = header.find((m) => m.parent_id === 0 && header.some((c) => c.parent_id === m.id));
  if (!parent) throw new Error('the demo menu needs a parent item');
  await gotoHydrated(page, '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: parent.name, exact: true })
    .focus();
  await page.keyboard.press('Enter');
  const focused = page.getByRole('menu').locator('[role="menuitem"]:focus');
  await expect(focused).toHaveCount(1);
  await expect(focused).toHaveCSS('box-shadow', /inset/);
});

test('the burger opens the mobile menu and locks page scroll while it is open', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isMobile(testInfo), 'the burger is the phone menu');
  const topLevel = (await menus(request)).filter((m) => m.category === 'header-menus' && m.parent_id === 0);
  await gotoHydrated(page, '/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
  expect(await overflow()).not.toBe('hidden');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  for (const item of topLevel)
    await expect(drawer.getByRole('link', { name: item.name, exact: true })).toBeVisible();
  expect(await overflow()).toBe('hidden');
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
  await expect.poll(overflow).not.toBe('hidden');
  // Keyboard: the first opening too gives the focus back to the burger when the drawer closes.
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('footer: about text, 12 + 12 categories without id 1, contact, catalogue, quick links, copyright', async ({
  page,
  request,
}) => {
  const [texts, cats, menuItems] = await Promise.all([
    shopTexts(request),
    categories(request),
    menus(request),
  ]);
  await gotoHydrated(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText((texts.footer_about_company ?? '').slice(0, 40));
  const visible = cats.filter((c) => c.id !== 1);
  const shown = visible.slice(0, 24);
  for (const c of shown) {
    await expect(footer.getByRole('link', { name: c.name, exact: true }).first()).toHaveAttribute(
      'href',
      categoryPath(c),
    );
  }
  expect(await footer.locator('a[href^="/category/1/"]').count()).toBe(0);
  expect(await footer.locator('a[href^="/category/"]').count()).toBe(shown.length);
  const download = footer.getByRole('link', { name: 'Download Catalogue' });
  await expect(download).toHaveAttribute('href', /^\/backend\/data\/files\/[^/]+\.pdf$/);
  const href = await download.getAttribute('href');
  expect((await request.get(href ?? '')).status()).toBe(200);
  for (const m of menuItems.filter((i) => i.category === 'footer-quick-link-menus')) {
    await expect(footer.getByRole('link', { name: m.name, exact: true }).first()).toBeVisible();
  }
  // The copyright message may contain HTML: rendered as markup, not as text.
  await expect(footer.locator('strong', { hasText: 'Kesar Foods & Locks' })).toBeVisible();
  await expect(footer).not.toContainText('<strong>');
});

test('the floating WhatsApp button opens a chat with the company number and the text Hello', async ({
  page,
  request,
}) => {
  const texts = await shopTexts(request);
  await gotoHydrated(page, '/');
  const button = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', `https://wa.me/${texts.company_whatsapp_number}?text=Hello`);

  // At the page's end the button covers nothing of the footer's last line (phones included).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastLine = page.locator('footer p').last();
  await expect(lastLine).toBeInViewport();
  // The text's own box (the paragraph spans the width; its centred text may not).
  const text = await lastLine.evaluate((line) => {
    const range = document.createRange();
    range.selectNodeContents(line);
    const { left, right, top, bottom } = range.getBoundingClientRect();
    return { left, right, top, bottom };
  });
  const box = await button.boundingBox();
  if (!box) throw new Error('the WhatsApp button is not laid out');
  const apart =
    text.bottom <= box.y ||
    text.top >= box.y + box.height ||
    text.right <= box.x ||
    text.left >= box.x + box.width;
  expect(apart, `copyright text ${JSON.stringify(text)} under the button ${JSON.stringify(box)}`).toBe(true);
});

test('the cart icon links to /cart', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: /^Cart, 0 items$/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('inner pages show their title and the breadcrumb Home > current page', async ({ page }) => {
  for (const [path, title] of [
    ['/contact-us', 'Contact Us'],
    ['/cart', 'Cart'],
    ['/shipping', 'Shipping'],
    ['/payment', 'Payment'],
    ['/orders', 'Order History'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs).toHaveText(new RegExp(`^Home\\s*>\\s*${title}$`));
  }
});

test('§2 an unknown category shows its screen with "No Product found in this category", answered 404; id 1 lists every product under "Products" alone', async ({
  page,
}) => {
  const unknown = await page.goto('/category/999999/1/nothing');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText('No Product found in this category')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/^Home\s*>\s*Products$/);
  await expect(page.getByText('Product Categories')).toBeVisible();

  const root = await page.goto('/category/1/1/all-products');
  expect(root?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/^Home\s*>\s*Products$/);
  await expect(page.getByText('All Products')).toHaveCount(0);
  await expect(page.getByTestId('product-count')).toHaveText(/^\d+ products$/);
  expect(Number((await page.getByTestId('product-count').textContent())?.split(' ')[0])).toBeGreaterThan(30);
});

test('unknown pages and malformed category addresses answer 404', async ({ page }) => {
  for (const path of [
    '/no-such-page',
    '/category/abc/1/x',
    // Longer numbers than any id or page the API accepts are not found either (not a 500).
    '/category/1234567890/1/x',
    '/category/2/1234567890/x',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Page not found or something went wrong!')).toBeVisible();
  }
});
