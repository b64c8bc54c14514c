import { expect, type Page, test } from '@playwright/test';
import { expectOrderPlaced, openPaymentPage, shopperWithOrder } from './payment-helpers.ts';
import {
  blockExternalRequests,
  categoryPath,
  categoryWithProducts,
  gotoHydrated,
  productTile,
} from './storefront-helpers.ts';

/**
 * Rule: a page runs no inline script but its own. The content security policy allows inline
 * scripts only with the nonce of that response (no 'unsafe-inline'), every inline script the
 * shop writes carries it, and no page may be framed (frame-ancestors 'none').
 */

function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

test('pages allow inline scripts only with their own nonce, every inline script carries it, and nobody may frame them', async ({
  request,
}) => {
  const { category } = await categoryWithProducts(request);
  const nonces: string[] = [];
  for (const path of ['/', categoryPath(category), '/login', '/page/about-us', '/no-such-page']) {
    const res = await request.get(path);
    const policy = directives(res.headers()['content-security-policy'] ?? '');
    const html = await res.text();
    const scriptSrc = policy['script-src'] ?? [];
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(policy['frame-ancestors'], path).toEqual(["'none'"]);
    expect(res.headers()['x-frame-options']).toBe('DENY');
    const nonceSources = scriptSrc.filter((source) => source.startsWith("'nonce-"));
    expect(nonceSources, path).toHaveLength(1);
    const nonce = nonceSources[0]?.slice("'nonce-".length, -1) ?? '';
    nonces.push(nonce);

    // Inline scripts: hydration data, colour scheme, early input, scroll restoration, the loader.
    const inline = [...html.matchAll(/<script(\s[^>]*)?>/g)]
      .map((match) => match[1] ?? '')
      .filter((attributes) => !/\ssrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes));
    expect(inline.length, path).toBeGreaterThanOrEqual(4);
    for (const attributes of inline) expect(attributes, path).toContain(`nonce="${nonce}"`);
  }
  expect(new Set(nonces).size).toBe(nonces.length);
});

/** Collects every content-security-policy violation the page reports (event and console). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return violations;
}

test('the storefront works under its policy: browsing, the cart, a client-side navigation and a Razorpay payment report no violation', async ({
  page,
  request,
}, testInfo) => {
  await blockExternalRequests(page);
  const violations = await watchViolations(page);
  const { category, products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock > 0);
  if (!product) throw new Error('no product in stock');

  await gotoHydrated(page, '/');
  await gotoHydrated(page, categoryPath(category));
  await productTile(page, product.name).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product added to cart')).toBeVisible();
  await page.getByRole('button', { name: `View ${product.name}` }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // A client-side navigation: route modules load after hydration.
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await gotoHydrated(page, '/login');
  await page.getByLabel('Email').fill('someone@example.in');

  const shopper = await shopperWithOrder(request, testInfo, 'csp');
  await openPaymentPage(page, shopper);
  await page.getByRole('radio', { name: 'Razorpay' }).check();
  await page.getByRole('button', { name: 'Make Payment using Razorpay' }).click();
  await page
    .getByRole('dialog', { name: /Razorpay/ })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'razorpay',
  });
  expect(violations).toEqual([]);
});

test('an inline script without the nonce is refused: the policy is enforced, not just sent', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await gotoHydrated(page, '/');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
