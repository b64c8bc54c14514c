import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const assetsDir = new URL('../../apps/web/build/client/assets/', import.meta.url);

/** The home page's largest script (React and React Router), as the page links it. */
async function frameworkScript(request: import('@playwright/test').APIRequestContext) {
  const html = await (await request.get('/')).text();
  const match = html.match(/\/assets\/framework-[\w-]+\.js/);
  if (!match) throw new Error('the home page links no framework chunk');
  return match[0];
}

test('scripts are sent pre-compressed at build time: Brotli when accepted, else gzip, immutable', async ({
  request,
}) => {
  const path = await frameworkScript(request);
  const file = new URL(path.replace('/assets/', ''), assetsDir);

  const br = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['content-type']).toMatch(/javascript/);
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(Number(br.headers()['content-length'])).toBe(readFileSync(`${file.pathname}.br`).length);

  const gz = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers()['content-encoding']).toBe('gzip');
  expect(Number(gz.headers()['content-length'])).toBe(readFileSync(`${file.pathname}.gz`).length);
  // Playwright decodes the body: it is the script itself.
  expect((await gz.body()).equals(readFileSync(file))).toBe(true);
});

test('product rules §11 budget: the home page loads at most 150 KB of JavaScript (gzip)', async ({
  page,
}) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
  });
  await page.goto('/');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  let gzipBytes = 0;
  for (const body of scripts.values()) gzipBytes += gzipSync(await body, { level: 9 }).length;
  expect(scripts.size).toBeGreaterThan(0);
  expect(gzipBytes).toBeLessThanOrEqual(150_000);
});

test('ADR 0006: scripts start only after the first frame, so the first screen has the bandwidth', async ({
  page,
}) => {
  const scriptRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scriptRequests.push(request.url());
  });
  // Hold the stylesheets: until they arrive the browser can paint no frame.
  let releaseStyles = () => {};
  const stylesHeld = new Promise<void>((resolve) => {
    releaseStyles = resolve;
  });
  let styleRequested = () => {};
  const firstStyleRequest = new Promise<void>((resolve) => {
    styleRequested = resolve;
  });
  await page.route('**/assets/*.css', async (route) => {
    styleRequested();
    await stylesHeld;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'commit' });
  await firstStyleRequest;
  await expect(page.locator('footer')).toBeAttached();
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
  expect(scriptRequests).toEqual([]);

  releaseStyles();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  expect(scriptRequests.some((url) => /\/assets\/framework-[\w-]+\.js$/.test(url))).toBe(true);
  // The product buttons work once hydrated: the deferred start lost nothing.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Product added to cart')).toBeVisible();
});
