import AxeBuilder from '@axe-core/playwright';
import type { Product, ProductDetail } from '@shop/contract/catalogue';
import type { DeliveryQuote } from '@shop/contract/delivery';
import { messages } from '@shop/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import {
  allProducts,
  categoryPath,
  categoryProducts,
  gotoHydrated,
  shopTexts,
} from './storefront-helpers.ts';

/**
 * The product page, /product/{id}/{slug}: declarations a packaged product must show (Legal
 * Metrology), FSSAI's veg / non-veg mark and licence number on food, structured data for search
 * engines, one address per product (301 from any other slug), links from tiles, search and cart,
 * and the check-delivery box.
 */
const API = '/backend/api/web';

async function productNamed(request: Parameters<typeof allProducts>[0], name: string): Promise<Product> {
  const product = (await allProducts(request)).find((p) => p.name === name);
  if (!product) throw new Error(`no product ${name}`);
  return product;
}

const pathOf = (p: Pick<Product, 'id' | 'url_slug'>) => `/product/${p.id}/${p.url_slug}`;

/** The declarations list as label → value. */
async function declarations(page: Page): Promise<Record<string, string>> {
  const list = page.getByTestId('declarations');
  await expect(list).toBeVisible();
  const rows = await list
    .locator('div')
    .evaluateAll((divs) =>
      divs.map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']),
    );
  return Object.fromEntries(rows);
}

/** JSON-LD blocks of the page, parsed. */
async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test('a food product page: declarations, veg mark, FSSAI licence, breadcrumbs, meta and JSON-LD', async ({
  page,
  request,
}, testInfo) => {
  const katli = await productNamed(request, 'Kaju Katli');
  const texts = await shopTexts(request);
  const response = await gotoHydrated(page, pathOf(katli));
  expect(response?.status()).toBe(200);

  await expect(page.getByRole('heading', { level: 1, name: 'Kaju Katli' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Food' })).toHaveAttribute('href', '/category/2/1/food');
  await expect(crumbs.getByRole('link', { name: 'Sweets' })).toHaveAttribute('href', '/category/5/1/sweets');

  // FSSAI's green mark, read out as "Vegetarian".
  await expect(page.getByTestId('food-mark')).toHaveText('Vegetarian');
  await expect(page.getByTestId('food-mark')).toHaveAttribute('data-food-type', 'veg');
  await expect(page.getByTestId('product-price')).toHaveText('₹620.00');
  // The floating WhatsApp button covers neither the mark nor the price as the page opens (on a
  // phone both sit at the bottom of the first screen).
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const button = await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).boundingBox();
  for (const id of ['food-mark', 'product-price']) {
    const box = await page.getByTestId(id).boundingBox();
    if (!box || !button) throw new Error(`${id} or the WhatsApp button is not laid out`);
    const apart =
      box.x + box.width <= button.x ||
      box.x >= button.x + button.width ||
      box.y + box.height <= button.y ||
      box.y >= button.y + button.height;
    expect(apart, `${id} ${JSON.stringify(box)} under the button ${JSON.stringify(button)}`).toBe(true);
  }

  const fssai = texts.fssai_licence_number ?? '';
  expect(fssai).toMatch(/^\d{14}$/);
  expect(await declarations(page)).toEqual({
    'Generic name': 'Cashew nut barfi (sweetmeat)',
    'Net quantity': '500 g',
    MRP: '₹680.00 (incl. of all taxes)',
    'Unit sale price': '₹1.24 per g',
    'Manufactured by':
      'Kesar Foods and Locks Private Limited, F-118, RIICO Industrial Area, Sitapura, Jaipur, Rajasthan 302022',
    'Country of origin': 'India',
    'Best before': 'Best before 30 days from the date of manufacture; store in a cool, dry place',
    'Consumer care': `Customer Care, ${texts.seller_legal_name} · ${texts.seller_address} · ${texts.company_contact_number} · ${texts.company_email_address}`,
    'FSSAI licence no.': fssai,
  });

  const url = new URL(pathOf(katli), page.url()).toString();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/products\/\d+\/kaju-katli\.webp$/,
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', /^Kaju Katli \|/);

  const blocks = await jsonLd(page);
  const product = blocks.find((b) => b['@type'] === 'Product');
  expect(product).toMatchObject({
    '@context': 'https://schema.org',
    name: 'Kaju Katli',
    sku: String(katli.id),
    offers: {
      '@type': 'Offer',
      url,
      price: '620.00',
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
    },
  });
  const breadcrumb = blocks.find((b) => b['@type'] === 'BreadcrumbList') as
    | { itemListElement: Array<{ position: number; name: string; item: string }> }
    | undefined;
  expect(breadcrumb?.itemListElement.map((i) => [i.position, i.name, new URL(i.item).pathname])).toEqual([
    [1, 'Home', '/'],
    [2, 'Food', '/category/2/1/food'],
    [3, 'Sweets', '/category/5/1/sweets'],
    [4, 'Kaju Katli', pathOf(katli)],
  ]);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  await page.screenshot({ path: `.tmp/screens-product/food-${testInfo.project.name}.png`, fullPage: true });
});

test('a lock page: sold by number, priced per unit, with dimensions; no veg mark, no FSSAI number', async ({
  page,
  request,
}, testInfo) => {
  const padlock = await productNamed(request, 'Brass Padlock 50 mm');
  await gotoHydrated(page, pathOf(padlock));
  const rows = await declarations(page);
  expect(rows).toMatchObject({
    'Generic name': 'Padlock, brass',
    'Net quantity': '1 unit',
    MRP: '₹520.00 (incl. of all taxes)',
    'Unit sale price': '₹450.00 per unit',
    'Manufactured by': expect.stringMatching(
      /^Kesar Foods and Locks Private Limited \(Lock Works\), .*Aligarh/,
    ),
    'Country of origin': 'India',
    Dimensions: 'Body 50 × 46 × 18 mm; shackle 8 mm thick, 24 mm clearance',
  });
  expect(rows).not.toHaveProperty('Best before');
  expect(rows).not.toHaveProperty('FSSAI licence no.');
  await expect(page.getByTestId('food-mark')).toHaveCount(0);
  await page.screenshot({ path: `.tmp/screens-product/lock-${testInfo.project.name}.png`, fullPage: true });

  // An imported lock names its importer and country of origin.
  const smart = await productNamed(request, 'Fingerprint Smart Door Lock');
  await gotoHydrated(page, pathOf(smart));
  expect(await declarations(page)).toMatchObject({
    'Imported by': expect.stringContaining('Kesar Foods and Locks Private Limited'),
    'Country of origin': 'China',
  });
});

test('food tiles carry the veg or non-veg mark with its accessible name; lock tiles none', async ({
  page,
  request,
}) => {
  await gotoHydrated(page, '/category/12/1/biscuits-cookies');
  const coconut = page.getByTestId('product-tile').filter({ hasText: 'Coconut Cookies' });
  await expect(coconut.getByRole('img', { name: 'Non-vegetarian' })).toBeVisible();
  const jeera = page.getByTestId('product-tile').filter({ hasText: 'Jeera Cookies' });
  await expect(jeera.getByRole('img', { name: 'Vegetarian' })).toBeVisible();
  // The page shows the same mark in words.
  const cookies = await productNamed(request, 'Coconut Cookies');
  await gotoHydrated(page, pathOf(cookies));
  await expect(page.getByTestId('food-mark')).toHaveText('Non-vegetarian');

  const locks = await categoryProducts(request, 14);
  await gotoHydrated(page, categoryPath({ id: 14, url_slug: 'padlocks' }));
  await expect(page.getByTestId('product-tile')).toHaveCount(locks.length);
  await expect(page.getByTestId('product-tile').getByRole('img', { name: /vegetarian/i })).toHaveCount(0);
});

test('one address per product: a wrong or missing slug answers 301, an unknown id the 404 page', async ({
  page,
  request,
}) => {
  const katli = await productNamed(request, 'Kaju Katli');
  for (const wrong of [`/product/${katli.id}/kaju-barfi?ref=wa`, `/product/${katli.id}`]) {
    const res = await request.get(wrong, { maxRedirects: 0 });
    expect(res.status(), wrong).toBe(301);
    expect(new URL(res.headers().location ?? '', 'http://x').pathname).toBe(pathOf(katli));
  }
  expect(
    new URL(
      (await request.get(`/product/${katli.id}/x?ref=wa`, { maxRedirects: 0 })).headers().location ?? '',
      'http://x',
    ).search,
  ).toBe('?ref=wa');
  // A click that asks for a wrong slug's navigation data (React Router's `.data`) is sent to the
  // product's own address, with the page's query and without the navigation's own parameters:
  // loaders read the page's address from `url` (apps/web/react-router.config.ts).
  const navigation = await request.get(
    `/product/${katli.id}/kaju-barfi.data?ref=wa&_routes=routes%2Fproduct`,
    { maxRedirects: 0 },
  );
  expect(navigation.status()).toBe(202);
  expect(await navigation.text()).toContain(`"redirect","${pathOf(katli)}?ref=wa","status",301`);
  // A browser following the redirect lands on the product.
  await page.goto(`/product/${katli.id}/old-name`);
  await expect(page).toHaveURL(new RegExp(`${pathOf(katli)}$`));

  for (const missing of ['/product/999999/anything', '/product/abc/kaju-katli']) {
    const res = await page.goto(missing);
    expect(res?.status(), missing).toBe(404);
    await expect(page.getByText(messages.pageNotFound)).toBeVisible();
  }
  const detail = (await (await request.get(`${API}/products/${katli.id}`)).json()) as ProductDetail;
  expect(detail.declarations.net_quantity).toEqual({ value: 500, unit: 'g' });
});

test('the sitemap lists every product page', async ({ request }) => {
  const products = await allProducts(request);
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const p of products) expect(xml).toContain(`${pathOf(p)}</loc>`);
});

test('tiles, search results, the product modal and the cart link to the product page', async ({
  page,
  request,
}) => {
  const katli = await productNamed(request, 'Kaju Katli');
  // A tile's name.
  await gotoHydrated(page, '/category/5/1/sweets');
  await page.getByTestId('product-tile').getByRole('link', { name: 'Kaju Katli', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(katli)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Kaju Katli' })).toBeVisible();

  // The search results page.
  await gotoHydrated(page, '/search?q=kaju%20katli');
  await page.getByRole('link', { name: 'Kaju Katli', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(katli)}$`));

  // The quick-view modal of a tile, which the header search opens too.
  await gotoHydrated(page, '/category/5/1/sweets');
  await page.getByRole('button', { name: 'View Kaju Katli' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'See full product details' }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(katli)}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Kaju Katli' })).toBeVisible();

  // The cart: added from the product page, its line links back.
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await gotoHydrated(page, '/cart');
  await page.getByRole('link', { name: 'Kaju Katli' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(new RegExp(`${pathOf(katli)}$`));
});

test('check delivery: a served pincode, one not served, and input that is no pincode', async ({
  page,
  request,
}, testInfo) => {
  // The delivery quote answers come from a stand-in for GET delivery/{pincode} in this test,
  // so that the box's wording is checked against known figures.
  const asked: string[] = [];
  await page.route(`**${API}/delivery/*`, (route) => {
    const pincode = new URL(route.request().url()).pathname.split('/').pop() ?? '';
    asked.push(pincode);
    const base: DeliveryQuote = {
      pincode,
      serviceable: false,
      city: null,
      state: null,
      charge: 0,
      free_above: null,
      eta_days: null,
      cod_available: false,
      cod_max: null,
      cod_fee: 0,
    };
    const quotes: Record<string, DeliveryQuote> = {
      '302003': {
        ...base,
        serviceable: true,
        city: 'Jaipur',
        state: 'Rajasthan',
        charge: 49,
        free_above: 499,
        eta_days: 2,
        cod_available: true,
        cod_max: 5_000,
        cod_fee: 30,
      },
      '110001': { ...base, serviceable: true, city: 'New Delhi', state: 'Delhi', charge: 0, eta_days: 4 },
    };
    return route.fulfill({ json: quotes[pincode] ?? base });
  });
  const katli = await productNamed(request, 'Kaju Katli');
  await gotoHydrated(page, pathOf(katli));
  const box = page.getByTestId('check-delivery');
  const field = box.getByLabel('Pincode');
  const check = box.getByRole('button', { name: 'Check' });

  await field.fill('302003');
  await check.click();
  const quote = box.getByTestId('delivery-quote');
  await expect(quote).toContainText('Delivery to Jaipur, Rajasthan is available.');
  await expect(quote).toContainText('Arrives in 2 days');
  await expect(quote).toContainText('Delivery charge ₹49.00, free on orders of ₹499.00 or more');
  await expect(quote).toContainText('Cash on delivery available on orders up to ₹5,000.00 (₹30.00 extra)');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await box.screenshot({ path: `.tmp/screens-product/delivery-${testInfo.project.name}.png` });
  const axe = await new AxeBuilder({ page }).include('[data-testid="check-delivery"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await field.fill('110001');
  await check.click();
  await expect(quote).toContainText('Delivery to New Delhi, Delhi is available.');
  await expect(quote).toContainText('Free delivery');
  await expect(quote).toContainText('Cash on delivery is not available for this pincode');

  await field.fill('799999');
  await check.click();
  await expect(box).toContainText('Sorry, we do not deliver to 799999 yet.');
  await expect(box.getByTestId('delivery-quote')).toHaveCount(0);

  // Not a pincode: refused before any request (letters cannot even be typed).
  const before = asked.length;
  await field.fill('30200');
  await check.click();
  await expect(box).toContainText('Please enter a valid 6-digit PIN code.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('abc012');
  await expect(field).toHaveValue('012');
  await field.fill('012345');
  await check.click();
  await expect(box).toContainText('Please enter a valid 6-digit PIN code.');
  expect(asked.length).toBe(before);
  expect(asked).toEqual(['302003', '110001', '799999']);
});

test('check delivery: the server refusing the pincode or failing is said in words', async ({
  page,
  request,
}) => {
  await page.route(`**${API}/delivery/*`, (route) => {
    const url = route.request().url();
    if (url.endsWith('/560001'))
      return route.fulfill({
        status: 503,
        json: { name: 'Service Unavailable', message: 'down', code: 0, status: 503 },
      });
    // How the delivery API refuses a malformed pincode: a named 400.
    if (url.endsWith('/100000'))
      return route.fulfill({
        status: 400,
        json: {
          name: 'Bad Request',
          message: 'Please enter a valid 6-digit PIN code.',
          code: 0,
          status: 400,
        },
      });
    return route.fulfill({
      status: 422,
      json: [{ field: 'pincode', message: 'This pincode does not exist.' }],
    });
  });
  const katli = await productNamed(request, 'Kaju Katli');
  await gotoHydrated(page, pathOf(katli));
  const box = page.getByTestId('check-delivery');
  await box.getByLabel('Pincode').fill('999999');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box).toContainText('This pincode does not exist.');
  await box.getByLabel('Pincode').fill('100000');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box).toContainText('Please enter a valid 6-digit PIN code.');
  await box.getByLabel('Pincode').fill('560001');
  await box.getByRole('button', { name: 'Check' }).click();
  await expect(box).toContainText('Could not check delivery right now. Please try again.');
});
