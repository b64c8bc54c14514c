import { expect, test } from '@playwright/test';
import {
  answerRazorpay,
  expectOrderPlaced,
  logInBrowser,
  openPaymentPage,
  shopperWithOrder,
} from './payment-helpers.ts';
import { gotoHydrated } from './storefront-helpers.ts';

test('a customer cancels a prepaid order from its details and sees the refund on the order', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'cancel');
  await openPaymentPage(page, shopper);
  await answerRazorpay(page, 'Approve');
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'razorpay',
  });

  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${shopper.order.order_id}?` });
  await expect(dialog).toContainText('refunded in full');
  // Accessible dialog: focus starts on the safe choice, and the icon close button has a name.
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  // Thinking better of it changes nothing.
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  // The cancellation's own answer is awaited and checked, so that a refusal (its red notice closes
  // after a few seconds) or a click that never reached the button says so, not a missing notice.
  const [cancelled] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/orders/${shopper.order.id}/cancel`),
    ),
    page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel order' }).click(),
  ]);
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await expect(page.getByText('Your order is cancelled.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  const refund = page.getByTestId('refund');
  const total = `₹${shopper.order.total_amount.toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/, ',');
  await expect(refund).toContainText(total);
  await expect(refund).toContainText(/Refund (initiated|processed)/);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.screenshot({
    path: `.tmp/screens-payments/cancelled-${testInfo.project.name}.png`,
    fullPage: true,
  });

  const api = await request.get(`/backend/api/web/orders/${shopper.order.id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  const order = (await api.json()) as { status: string; refunds: Array<{ amount: number }> };
  expect(order.status).toBe('cancelled');
  expect(order.refunds.map((r) => r.amount)).toEqual([shopper.order.total_amount]);
});

test('an unpaid order offers "Pay now", which pays it without touching the cart', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'paynow');
  await logInBrowser(page, shopper);
  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.getByRole('radio', { name: 'Paytm' }).check();
  await page.getByRole('button', { name: 'Make Payment using Paytm' }).click();
  await page.getByRole('dialog', { name: 'Paytm' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('kesar_cart_data'))).toContain(
    String(shopper.product.id),
  );
  const api = await request.get(`/backend/api/web/orders/${shopper.order.id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(await api.json()).toMatchObject({ status: 'confirmed', payment_status: 'Paid' });
});

test("a cancelled cash on delivery order reads 'Not charged', not 'Pending' (money still due)", async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'cod-cancel');
  const auth = { authorization: `Bearer ${shopper.token}` };
  const api = '/backend/api/web/orders';
  expect(
    (
      await request.post(`${api}/payment`, {
        headers: auth,
        data: { id: shopper.order.id, payment_gateway: 'cod' },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.post(`${api}/verify_payment`, {
        headers: auth,
        data: { order_id: shopper.order.order_id },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await request.post(`${api}/${shopper.order.id}/cancel`, { headers: auth, data: {} })).status(),
  ).toBe(200);

  await logInBrowser(page, shopper);
  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await expect(page.getByText('Payment: Not charged')).toBeVisible();
  await expect(page.getByText('Not charged (COD)')).toBeVisible();
  await gotoHydrated(page, '/orders');
  const card = page.getByRole('article', { name: `Order ${shopper.order.order_id}` });
  await expect(card).toContainText('Not charged');
  await expect(card).not.toContainText('Pending');
});
