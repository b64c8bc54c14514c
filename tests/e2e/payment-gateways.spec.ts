import { expect, test } from '@playwright/test';
import { logOutViaMenu } from './account-helpers.ts';
import {
  answerRazorpay,
  expectOrderPlaced,
  logInBrowser,
  newShopper,
  openPaymentPage,
  shopperWithOrder,
} from './payment-helpers.ts';
import { gotoHydrated, holdRequests } from './storefront-helpers.ts';

test.describe('payment page', () => {
  test('shows the delivery block, the gateways with the default preselected, and the order summary', async ({
    page,
    request,
  }, testInfo) => {
    const shopper = await shopperWithOrder(request, testInfo, 'page');
    await openPaymentPage(page, shopper);
    await expect(page.getByTestId('delivery-contact')).toHaveText('Meera Iyer');
    await expect(page.getByTestId('delivery-address')).toContainText('7, Lake View Road, Adyar');
    await expect(page.getByTestId('delivery-pincode')).toContainText('600020');
    await expect(page.getByTestId('delivery-mobile')).toContainText('9812345670');
    await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    for (const name of ['Razorpay', 'Paytm', 'PayPal'])
      await expect(page.getByRole('radio', { name })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Confirm Cash on Delivery' })).toBeVisible();
    await page.getByRole('radio', { name: 'Paytm' }).check();
    await expect(page.getByRole('button', { name: 'Make Payment using Paytm' })).toBeVisible();
    await page.getByRole('radio', { name: 'Razorpay' }).check();
    await expect(page.getByRole('button', { name: 'Make Payment using Razorpay' })).toBeVisible();
    await expect(page.getByTestId('payment-total')).toHaveText(
      `₹${shopper.order.total_amount.toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/, ','),
    );
    await page.screenshot({
      path: `.tmp/screens-payments/payment-${testInfo.project.name}.png`,
      fullPage: true,
    });
  });

  test("logging out takes the checkout under way with it: the next customer on this browser sees none of it (another customer's order and address)", async ({
    page,
    request,
  }, testInfo) => {
    const first = await shopperWithOrder(request, testInfo, 'shared-a');
    await openPaymentPage(page, first);
    await page.evaluate(() =>
      sessionStorage.setItem(
        'kesar_checkout_draft',
        JSON.stringify({ coupon_code: 'WELCOME10', customer_remarks: 'Ring the bell twice' }),
      ),
    );
    await expect(page.getByTestId('delivery-contact')).toHaveText('Meera Iyer');
    await logOutViaMenu(page, first.email);
    expect(
      await page.evaluate(() => [
        sessionStorage.getItem('kesar_checkout_order'),
        sessionStorage.getItem('kesar_checkout_draft'),
      ]),
    ).toEqual([null, null]);

    const second = await newShopper(request, testInfo, 'shared-b');
    await logInBrowser(page, second);
    await page.goto('/payment');
    await expect(page.getByRole('heading', { name: 'No order to pay for' })).toBeVisible();
    await expect(page.getByText(first.order.order_id)).toHaveCount(0);
    await expect(page.getByText('7, Lake View Road, Adyar')).toHaveCount(0);
    await page.goto('/cart');
    await expect(page.getByLabel('Your remarks')).toHaveValue('');
  });

  test('logging out in another tab drops this tab’s checkout under way too (sessionStorage is per tab)', async ({
    page,
    request,
  }, testInfo) => {
    const shopper = await shopperWithOrder(request, testInfo, 'two-tabs');
    await openPaymentPage(page, shopper);
    await expect(page.getByTestId('delivery-contact')).toHaveText('Meera Iyer');
    const other = await page.context().newPage();
    await other.goto('/');
    await logOutViaMenu(other, shopper.email);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('kesar_checkout_order'))).toBeNull();
    await other.close();
  });

  test('without a stored order it says so and links to the cart', async ({ page, request }, testInfo) => {
    const shopper = await shopperWithOrder(request, testInfo, 'none');
    await openPaymentPage(page, shopper);
    await page.evaluate(() => sessionStorage.removeItem('kesar_checkout_order'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No order to pay for' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
  });
});

test('the gateway list that cannot be loaded says so with Try again, not "Selected payment gateway is not supported"', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'gateways-down');
  let refuse = true;
  await page.route('**/backend/api/web/orders/payment_gateways*', (route) =>
    refuse ? route.abort('internetdisconnected') : route.fallback(),
  );
  await openPaymentPage(page, shopper);
  const alert = page.getByRole('alert').filter({ hasText: 'Payment options could not be loaded' });
  await expect(alert).toContainText('Could not reach the shop. Please check your connection.');
  await expect(page.getByText('Selected payment gateway is not supported')).toHaveCount(0);
  refuse = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Confirm Cash on Delivery' })).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('cash on delivery: confirm places the order (payment Pending)', async ({ page, request }, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'cod');
  await openPaymentPage(page, shopper);
  await page.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Pending',
    payment_gateway: 'cod',
  });
});

test('Razorpay: approve in the checkout dialog → Paid', async ({ page, request }, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'rzp');
  await openPaymentPage(page, shopper);
  await page.getByRole('radio', { name: 'Razorpay' }).check();
  await page.getByRole('button', { name: 'Make Payment using Razorpay' }).click();
  const dialog = page.getByRole('dialog', { name: /Razorpay/ });
  await expect(dialog).toContainText(`INR ${shopper.order.total_amount.toFixed(2)}`);
  await page.screenshot({ path: `.tmp/screens-payments/razorpay-dialog-${testInfo.project.name}.png` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'razorpay',
  });
});

test('Razorpay: decline shows "Payment Failed." with the reason and keeps the cart; the retry pays the same order', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'rzp-decline');
  await openPaymentPage(page, shopper);
  await answerRazorpay(page, 'Decline');
  await expect(page.getByText('Payment Failed. Your payment has been declined by your bank.')).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/);
  expect(await page.evaluate(() => localStorage.getItem('kesar_cart_data'))).not.toBeNull();

  // A declined card is not final: the order stays pending with its stock held, and a retry pays it.
  const pending = await request.get(`/backend/api/web/orders/${shopper.order.id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(await pending.json()).toMatchObject({ status: 'pending' });
  await answerRazorpay(page, 'Approve');
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'razorpay',
  });
});

test('a payment whose confirmation never came back is not offered again: the next pay click, or opening the page, finishes it as placed', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'rzp-lost-verify');
  await openPaymentPage(page, shopper);
  const stored = await page.evaluate(() => sessionStorage.getItem('kesar_checkout_order'));
  // The connection drops after Approve: the gateway took the money, the page never heard back.
  await page.route('**/backend/api/web/orders/verify_payment', (route) =>
    route.abort('internetdisconnected'),
  );
  await answerRazorpay(page, 'Approve');
  await expect(page.getByText('Could not reach the shop. Please check your connection.')).toBeVisible();
  await page.unroute('**/backend/api/web/orders/verify_payment');
  // The server learns of the capture from the gateway (its webhook).
  await expect
    .poll(async () => {
      const res = await request.get(`/backend/api/web/orders/${shopper.order.id}`, {
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      return (await res.json()).payment_status;
    })
    .toBe('Paid');
  // Paying again is refused by the server (409 'already paid'): the page finishes the order instead.
  await page.getByRole('button', { name: 'Make Payment using Razorpay' }).click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'razorpay',
  });
  await expect(page.getByText('This order has already been paid.')).toHaveCount(0);

  // The stored order opened again (a tab restored, Back): no pay buttons for a paid order.
  await page.evaluate((value) => sessionStorage.setItem('kesar_checkout_order', value ?? ''), stored);
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/orders$/);
  expect(await page.evaluate(() => sessionStorage.getItem('kesar_checkout_order'))).toBeNull();
});

test('PayPal is offered for cards and PayPal accounts outside India, naming who handles the payment', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'paypal-note');
  await openPaymentPage(page, shopper);
  await expect(page.getByRole('radio', { name: 'PayPal' })).toHaveAccessibleDescription(
    'for cards and PayPal accounts outside India Payment handled by PayPal Payments Pvt. Ltd. · help and contact',
  );
});

test('Paytm: approve in CheckoutJS → Paid', async ({ page, request }, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'paytm');
  await openPaymentPage(page, shopper);
  await page.getByRole('radio', { name: 'Paytm' }).check();
  await page.getByRole('button', { name: 'Make Payment using Paytm' }).click();
  await page.getByRole('dialog', { name: 'Paytm' }).getByRole('button', { name: 'Approve' }).click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'paytm',
  });
});

test('create payment without a gateway order: Paytm says "Order could not be created. Please try again.", Razorpay "Something went wrong. Please try again." (§4)', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'no-gateway-order');
  await openPaymentPage(page, shopper);
  // A gateway that answered without an order (the simulators always make one): no order at all,
  // then an order without its gateway order id.
  let answer: unknown = { settings: {} };
  await page.route('**/backend/api/web/orders/payment', (route) => route.fulfill({ json: answer }));
  await page.getByRole('radio', { name: 'Paytm' }).check();
  const payPaytm = page.getByRole('button', { name: 'Make Payment using Paytm' });
  await payPaytm.click();
  await expect(page.getByText('Order could not be created. Please try again.')).toBeVisible();
  answer = { settings: {}, order: { ...shopper.order, payment_gateway_order_id: null } };
  await expect(payPaytm).toBeEnabled();
  await payPaytm.click();
  await expect(page.getByText('Order could not be created. Please try again.')).toHaveCount(2);
  answer = { settings: {} };
  await page.getByRole('radio', { name: 'Razorpay' }).check();
  await page.getByRole('button', { name: 'Make Payment using Razorpay' }).click();
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/);
});

test('PayPal: Loading... then the buttons; approve → the server captures → Paid', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'paypal');
  await openPaymentPage(page, shopper);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  const button = page.getByRole('button', { name: 'PayPal', exact: true });
  await expect(button).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  await button.click();
  await page.getByRole('dialog', { name: 'PayPal' }).getByRole('button', { name: 'Approve' }).click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'paypal',
  });
});

test('PayPal: a declined payment is not final; the next click asks for a new PayPal order, and approving it pays', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'paypal-decline');
  await openPaymentPage(page, shopper);
  await page.getByRole('radio', { name: 'PayPal' }).check();
  const button = page.getByRole('button', { name: 'PayPal', exact: true });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'PayPal' });
  const firstOrder = await dialog.getByText(/^Order /).textContent();
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Your payment was declined', { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/payment$/);

  await button.click();
  await expect(dialog.getByText(/^Order /)).not.toHaveText(firstOrder ?? '');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expectOrderPlaced(page, request, shopper, shopper.order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'paypal',
  });
});

test('the whole way: /shipping → Proceed to payment page → Razorpay → /orders shows it Paid', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'flow');
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/cart');
  await page.getByLabel('Your remarks').fill('Ring the bell twice');
  await page.goto('/shipping');
  await page.getByRole('button', { name: 'Proceed to payment page' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('delivery-contact')).toHaveText('Meera Iyer');
  const stored = await page.evaluate(() => sessionStorage.getItem('kesar_checkout_order'));
  const order = (JSON.parse(stored ?? '{}') as { order: { id: number; order_id: string } }).order;
  await answerRazorpay(page, 'Approve');
  await expectOrderPlaced(page, request, shopper, order, {
    status: 'confirmed',
    payment_status: 'Paid',
    payment_gateway: 'razorpay',
  });
  // The remarks went with this order and do not ride along with the next cart's.
  const placed = await request.get(`/backend/api/web/orders/${order.id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(await placed.json()).toMatchObject({ customer_remarks: 'Ring the bell twice' });
  expect(await page.evaluate(() => sessionStorage.getItem('kesar_checkout_draft'))).toBeNull();
});

test('/shipping: Proceed to payment page waits for the saved addresses instead of saying there are none', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'slow-addresses');
  await logInBrowser(page, shopper);
  const addresses = await holdRequests(page, /\/backend\/api\/web\/customers\/address(\?|$)/);
  await page.goto('/shipping');
  const proceed = page.getByRole('button', { name: 'Proceed to payment page' });
  await expect(proceed).toBeDisabled();
  addresses.release();
  await expect(proceed).toBeEnabled();
  await proceed.click();
  await expect(page).toHaveURL(/\/payment$/);
});
