import { expect, type Page, test } from '@playwright/test';
import { gotoHydrated, holdHydration } from './storefront-helpers.ts';

const API = '/backend/api/web';

interface PageRow {
  title: string;
  url_slug: string;
  content: string;
  meta_keyword: string;
  meta_description: string;
}

/** A seeded content page whose HTML holds a `[youtube id=X]` tag (the About Us page). */
async function pageWithVideo(page: Page): Promise<{ row: PageRow; videoId: string }> {
  const res = await page.request.get(`${API}/pages?per-page=200`);
  const { items } = (await res.json()) as { items: PageRow[] };
  for (const row of items) {
    const match = /\[youtube id=([\w-]+)\]/.exec(row.content);
    if (match?.[1]) return { row, videoId: match[1] };
  }
  throw new Error('the demo shop has no page with a [youtube] tag');
}

test.describe('content page /page/{slug}', () => {
  test('shows the title in the banner, the HTML content and the meta tags of the page', async ({ page }) => {
    const { row } = await pageWithVideo(page);
    const response = await page.goto(`/page/${row.url_slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: row.title })).toBeVisible();
    const crumbs = page.getByLabel('Breadcrumb');
    await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(crumbs.getByText(row.title)).toBeVisible();
    const firstHeading = /<h2>([^<]+)<\/h2>/.exec(row.content)?.[1] ?? '';
    await expect(page.getByTestId('page-content').getByRole('heading', { name: firstHeading })).toBeVisible();
    await expect(page.getByTestId('page-content')).not.toContainText('[youtube');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', row.meta_description);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute(
      'content',
      new RegExp(`^${row.meta_keyword}`),
    );
    await expect(page).toHaveTitle(new RegExp(row.title));
  });

  test('a [youtube id=X] tag becomes a 560x315 player that plays after a click', async ({ page }) => {
    const { row, videoId } = await pageWithVideo(page);
    // No network beyond 127.0.0.1 in tests: answer for YouTube.
    await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>YouTube player</title><p>player</p>',
      }),
    );
    await page.goto(`/page/${row.url_slug}`);
    const frame = page.locator('iframe.youtube-embed');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('width', '560');
    await expect(frame).toHaveAttribute('height', '315');
    await expect(frame).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${videoId}?rel=0`);
    await expect(frame).toHaveAttribute('title', `${row.title} video`);
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    const viewport = page.viewportSize();
    if (viewport && viewport.width < 600) {
      // Responsive on phones: as wide as the text column, 16:9.
      expect(box?.width ?? 0).toBeLessThan(viewport.width);
      expect(Math.round(((box?.width ?? 0) * 9) / 16)).toBeCloseTo(Math.round(box?.height ?? 0), -1);
    } else {
      expect(Math.round(box?.width ?? 0)).toBe(560);
      expect(Math.round(box?.height ?? 0)).toBe(315);
    }
    await page
      .frameLocator('iframe.youtube-embed')
      .getByRole('link', { name: /Play video/ })
      .click();
    await expect
      .poll(() => page.frames().some((f) => f.url().includes(`/embed/${videoId}?autoplay=1`)))
      .toBe(true);
  });

  test('a slug without a page answers 404 with the product text and a way home', async ({ page }) => {
    const response = await page.goto('/page/no-such%20page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Sorry! Content is not available on the given url.')).toBeVisible();
    // Fallback title: hyphens become spaces and escapes are decoded.
    await expect(page.getByRole('heading', { level: 1, name: 'no such page here' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an address typed with capitals moves for good to the lower-case one (slugs are lower case)', async ({
    page,
    request,
  }) => {
    const moved = await request.get('/page/About-Us', { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe('/page/about-us');
    const gallery = await request.get('/gallery/Events', { maxRedirects: 0 });
    expect(gallery.status()).toBe(301);
    expect(gallery.headers().location).toBe('/gallery/events');
    // A capitalised address of no page is still the 404, not a redirect.
    expect((await request.get('/page/No-Such-Page', { maxRedirects: 0 })).status()).toBe(404);
    await page.goto('/page/About-Us');
    await expect(page).toHaveURL(/\/page\/about-us$/);
  });

  test('going from one content page to another starts at the top', async ({ page }) => {
    const { row } = await pageWithVideo(page);
    await gotoHydrated(page, `/page/${row.url_slug}`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/page\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a shopper who scrolls before the page is interactive keeps their place', async ({ page }) => {
    const { row } = await pageWithVideo(page);
    const hydration = await holdHydration(page);
    await page.goto(`/page/${row.url_slug}`, { waitUntil: 'commit' });
    await expect(page.getByRole('contentinfo')).toBeAttached();
    // The shopper scrolls as soon as the page can be scrolled: Chromium ignores scrolling until the
    // render-blocking stylesheet has arrived and the first frame exists, which on a loaded machine
    // is after the footer has been parsed. So keep scrolling until it takes.
    let scrolled = 0;
    await expect
      .poll(async () => {
        scrolled = await page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          return window.scrollY;
        });
        return scrolled;
      })
      .toBeGreaterThan(200);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
    hydration.release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Give effects and the scroll restoration a frame to run, then look again.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    // Still down the page (the page may grow or shrink a little as it comes alive), not at 0.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
  });
});

test.describe('debug and demo pages (development only)', () => {
  test('/settings lists every public setting with its value', async ({ page }) => {
    const res = await page.request.get(`${API}/settings?per-page=200`);
    const { items } = (await res.json()) as { items: { key: string; value: string }[] };
    const response = await page.goto('/settings');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const table = page.getByTestId('debug-table');
    await expect(table.locator('tbody tr')).toHaveCount(items.length);
    const phone = items.find((s) => s.key === 'company_contact_number');
    expect(phone).toBeDefined();
    await expect(
      table.getByRole('row', {
        name: new RegExp(`company_contact_number ${phone?.value.replace('+', '\\+')}`),
      }),
    ).toBeVisible();
  });

  test('/contents lists content names and values', async ({ page }) => {
    const response = await page.goto('/contents');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Contents' })).toBeVisible();
    await expect(page.getByTestId('debug-table').getByText('company_address')).toBeVisible();
  });

  test('/temp and /temp/{id} are simple demo pages', async ({ page }) => {
    expect((await page.goto('/temp'))?.status()).toBe(200);
    await page.getByRole('link', { name: 'Temp item 2' }).click();
    await expect(page).toHaveURL(/\/temp\/2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Temp item 2' })).toBeVisible();
    expect((await page.goto('/temp/abc'))?.status()).toBe(200);
  });
});

test.describe('crawler files', () => {
  test('sitemap.xml lists absolute URLs of home, categories (not id 1), pages, galleries and contact', async ({
    page,
    baseURL,
  }) => {
    const res = await page.request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain(`<loc>${baseURL}/</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/category/2/1/food</loc>`);
    expect(xml).not.toMatch(/\/category\/1\/1\//);
    expect(xml).toContain(`<loc>${baseURL}/page/about-us</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/gallery/events</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/gallery/video/products</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/contact-us</loc>`);
  });

  test('robots.txt allows all, keeps out shopper screens and names the sitemap', async ({
    page,
    baseURL,
  }) => {
    const res = await page.request.get('/robots.txt');
    expect(res.status()).toBe(200);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const path of ['/cart', '/shipping', '/payment', '/orders', '/login', '/signup'])
      expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});

test('a NUL character in a page URL renders the 404 page, never a 500', async ({ request }) => {
  for (const path of ['/page/%00', '/gallery/%00', '/gallery/video/a%00b', '/search?q=%00']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain('Page not found or something went wrong!');
  }
});

test('a slug the API refuses (too long) is a 404 page or an empty gallery, never a 500', async ({
  request,
}) => {
  const slug = 'a'.repeat(400);
  const page = await request.get(`/page/${slug}`);
  expect(page.status()).toBe(404);
  expect(await page.text()).toContain('Sorry! Content is not available on the given url.');
  for (const [path, empty] of [
    [`/gallery/${slug}`, 'No photos in this gallery yet.'],
    [`/gallery/video/${slug}`, 'No videos in this gallery yet.'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(await res.text(), path).toContain(empty);
  }
});
