import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  changeAddress,
  logInBrowser,
  newShopper,
  openPaymentPage,
  placeOrder,
  shopperWithOrder,
} from './payment-helpers.ts';
import { blockExternalRequests, gotoHydrated } from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

/** Serious or critical axe findings (colour contrast among them) of the page as it is now. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
}

test('§2 Orders: each Order History card shows its Order Id on one line', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'history');
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/orders');
  const card = page.getByRole('article', { name: `Order ${shopper.order.order_id}` });
  const orderId = card.getByText(shopper.order.order_id, { exact: true });
  await expect(orderId).toBeVisible();
  // An order number broken at its hyphens ('KFL-2026-' / '000001') reads as two numbers.
  const { height, lineHeight, overflows } = await orderId.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
    overflows: el.scrollWidth > el.clientWidth + 1,
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
  expect(overflows).toBe(false);
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Re-Order' })).toBeVisible();

  // The details page answers to the Order Id the customer sees as well as to the number id.
  await gotoHydrated(page, `/orders/${shopper.order.order_id}`);
  await expect(page.getByText(`Order ${shopper.order.order_id}`).first()).toBeVisible();
  await expect(page.getByText('Order not found.')).toHaveCount(0);
  await gotoHydrated(page, '/orders/KFL-1999-999999');
  await expect(page.getByText('Order not found.')).toBeVisible();
});

test('§2 Cart, Orders, Order details and Payment: every text is readable (no serious axe violations)', async ({
  page,
  request,
}, testInfo) => {
  // Four full axe scans: slow on a busy 2-core machine.
  test.setTimeout(180_000);
  // The empty cart's hint.
  await gotoHydrated(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const found = await seriousViolations(page, '/cart (empty)');

  const shopper = await shopperWithOrder(request, testInfo, 'readable');
  await logInBrowser(page, shopper);
  // Order cards: labels, item counts and the Pending / Paid badges.
  await gotoHydrated(page, '/orders');
  await expect(page.getByRole('article', { name: `Order ${shopper.order.order_id}` })).toBeVisible();
  found.push(...(await seriousViolations(page, '/orders')));
  // Order details: the dates, the product lines and the status badges.
  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await expect(page.getByRole('heading', { name: 'Product Details - 1 item(s)' })).toBeVisible();
  found.push(...(await seriousViolations(page, '/orders/{id}')));
  // Payment without an order waiting: its 'Go to Cart' button.
  await gotoHydrated(page, '/payment');
  await expect(page.getByRole('heading', { name: 'No order to pay for' })).toBeVisible();
  found.push(...(await seriousViolations(page, '/payment (no order)')));
  expect(found).toEqual([]);
});

test('a name, address and remarks typed without spaces wrap inside their cards: /shipping, /payment and the order page keep to the screen', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'unbroken');
  const unbroken = 'Venkataraghavanrajagopalachari'.repeat(2);
  await changeAddress(request, shopper, {
    contact_person: unbroken,
    full_address: 'Flat7LakeViewRoadAdyarChennaiTamilNaduIndiaNearTheBigTempleGate',
    landmark: 'NearAdyarBridgeNextToThePetrolPumpOppositeTheSchool',
  });
  const order = await placeOrder(
    request,
    shopper,
    'PleaseDeliverBeforeTheEveningBecauseWeAreTravellingTomorrowMorning',
  );

  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/shipping');
  await expect(page.getByText(unbroken)).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await openPaymentPage(page, { ...shopper, order });
  await expect(page.getByTestId('delivery-contact')).toHaveText(unbroken);
  expect(await sideways()).toBeLessThanOrEqual(0);
  await gotoHydrated(page, `/orders/${order.id}`);
  await expect(page.getByText(unbroken)).toBeVisible();
  await expect(page.getByText('PleaseDeliverBeforeTheEvening', { exact: false })).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);
});
