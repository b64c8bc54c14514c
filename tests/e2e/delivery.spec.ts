import { expect, test } from '@playwright/test';
import type { CheckoutResult, Order } from '@shop/contract/orders';
import { logInBrowser, newShopper, openPaymentPage } from './payment-helpers.ts';
import { gotoHydrated } from './storefront-helpers.ts';

/**
 * Delivery by pincode as the shopper meets it: the address form fills in city and state from the
 * pincode, an address the shop does not deliver to is refused, cash on delivery is refused above
 * the zone's limit, and the zone's delivery charge is shown before paying and charged.
 */
const API = '/backend/api/web';
const SHOTS = '.tmp/screens-delivery';

test('the address form fills in city and state from the pincode (a pincode the directory lacks by its state, the old city emptied); an unserviceable pincode is refused', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'pin');
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/shipping');
  await page.getByRole('button', { name: 'Add a New Address' }).click();
  // Save Address on an empty form tells each field it is required; the fields the pincode fills
  // in lose the message with it.
  await page.getByRole('button', { name: 'Save Address' }).click();
  const addressForm = page.getByRole('form', { name: 'Address form' });
  await expect(addressForm.getByText('This is a required field.').first()).toBeVisible();
  await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('PIN code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('City')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('State')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('PIN code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByTestId('pincode-delivery')).toHaveText('Bengaluru, Karnataka · Delivery in 4 days');
  // Still editable: a city the shopper types stays when the pincode changes.
  await page.getByLabel('City').fill('Bangalore');
  await page.getByLabel('PIN code').fill('302017');
  await expect(page.getByLabel('State')).toHaveValue('Rajasthan');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
  await page.getByLabel('City').fill('');
  // A pincode the directory does not hold (Pune): served by its postal circle's state, and the
  // city another pincode filled in goes, for the shopper to type.
  await page.getByLabel('PIN code').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await page.getByLabel('PIN code').fill('411001');
  await expect(page.getByLabel('State')).toHaveValue('Maharashtra');
  await expect(page.getByLabel('City')).toHaveValue('');
  await expect(page.getByTestId('pincode-delivery')).toHaveText('Maharashtra · Delivery in 6 days');

  // Port Blair: the directory knows it, the shop does not deliver there.
  await page.getByLabel('PIN code').fill('744101');
  await expect(page.getByLabel('State')).toHaveValue('Andaman and Nicobar Islands');
  const refusal = 'Sorry, we do not deliver to PIN code 744101 yet. Please choose another delivery address.';
  await expect(page.getByTestId('pincode-delivery')).toHaveText(refusal);
  await page.screenshot({ path: `${SHOTS}/address-form-${testInfo.project.name}.png`, fullPage: true });

  await page.getByLabel('Contact person').fill('Kavya Nair');
  await page.getByLabel('Mobile number').fill('9876501234');
  await page.getByLabel('Full address').fill('3, Aberdeen Bazaar');
  await page.getByLabel('City').fill('Port Blair');
  await page.getByLabel('Landmark').fill('Clock Tower');
  await page.getByLabel('Address name').fill('Island');
  await page.getByRole('radio', { name: 'Home', exact: true }).check();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully.')).toBeVisible();
  await expect(page.getByTestId('not-serviceable')).toContainText(refusal);
  // The summary beside the refusal offers no delivery charge (it read 'Free').
  await expect(page.getByTestId('summary-delivery')).toHaveText('Not available');
  await page.getByRole('button', { name: 'Proceed to payment page' }).click();
  await expect(page.getByText(refusal).last()).toBeVisible();
  await expect(page).toHaveURL(/\/shipping$/);
});

test("the zone's delivery charge is shown in cart, shipping and payment, and charged", async ({
  page,
  request,
}, testInfo) => {
  // Chennai: ₹60 below ₹999, 4 days, cash on delivery ₹40.
  const shopper = await newShopper(request, testInfo, 'charge');
  // The shoppers' product (payment-helpers) costs less than the free-delivery threshold: fail, never skip.
  expect(shopper.product.selling_price).toBeLessThan(999);
  await logInBrowser(page, shopper);

  await gotoHydrated(page, '/cart');
  // §2: the cart's Shipping row reads 'calculated at next step' and its total equals the subtotal;
  // the charge and ETA of the address chosen last time show beside it.
  await expect(page.getByTestId('cart-delivery-estimate')).toHaveText(
    `Delivery to 600020: ₹60.00 · Delivery in 4 days · Free delivery from ₹999.00`,
  );
  await expect(page.getByText('calculated at next step')).toBeVisible();
  await expect(page.getByTestId('summary-delivery')).toHaveCount(0);
  const total = (amount: number) => `₹${amount.toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/, ',');
  await expect(page.getByTestId('summary-total')).toHaveText(total(shopper.product.selling_price));
  await expect(page.getByTestId('summary-subtotal')).toHaveText(total(shopper.product.selling_price));
  await page.screenshot({ path: `${SHOTS}/cart-${testInfo.project.name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByTestId('summary-delivery')).toHaveText('₹60.00');
  await expect(page.getByTestId('summary-delivery-note')).toContainText('Delivery in 4 days');
  await page.screenshot({ path: `${SHOTS}/shipping-${testInfo.project.name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Proceed to payment page' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  // Cash on delivery is preselected: the breakdown adds its fee.
  await expect(page.getByTestId('summary-delivery')).toHaveText('₹60.00');
  await expect(page.getByTestId('summary-cod-fee')).toHaveText('₹40.00');
  await expect(page.getByTestId('payment-total')).toHaveText(total(shopper.product.selling_price + 100));
  await page.screenshot({ path: `${SHOTS}/payment-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Confirm Cash on Delivery' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();

  const list = await request.get(`${API}/orders`, { headers: { authorization: `Bearer ${shopper.token}` } });
  const [placed] = ((await list.json()) as { items: Order[] }).items;
  expect(placed).toMatchObject({
    status: 'confirmed',
    subtotal: shopper.product.selling_price,
    shipping: 60,
    cod_fee: 40,
    total_amount: shopper.product.selling_price + 100,
    delivery_eta_days: 4,
  });
});

test("cash on delivery is refused above the zone's limit, with the reason", async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'codmax');
  const products = await request.get(`${API}/products`, { params: { 'per-page': '100', page: '1' } });
  const items = (
    (await products.json()) as {
      items: Array<{ id: number; selling_price: number; available_stock: number }>;
    }
  ).items;
  // Enough of one product to pass Chennai's ₹5,000 cash-on-delivery limit: the dearest one, so
  // that the order holds as little of the shared demo stock as possible (and is cancelled below).
  const pick = items
    .map((p) => ({ ...p, quantity: Math.floor(5_001 / p.selling_price) + 1 }))
    .filter((p) => p.quantity <= 100 && p.quantity < p.available_stock)
    .sort((a, b) => a.quantity - b.quantity)[0];
  if (!pick) throw new Error('no product with stock for a ₹5,000 order');
  const checkout = await request.post(`${API}/orders/checkout`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {
      items: [{ item_id: pick.id, quantity: pick.quantity }],
      customer_remarks: '',
      coupon_code: '',
      customer: { address_id: shopper.addressId },
    },
  });
  expect(checkout.status()).toBe(200);
  const { order } = (await checkout.json()) as CheckoutResult;
  const reason =
    'Cash on delivery is available for orders up to ₹5,000.00. Please choose another payment option.';

  await openPaymentPage(page, { ...shopper, order });
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await expect(page.getByTestId('cod-unavailable')).toContainText(reason);
  await expect(page.getByRole('button', { name: 'Confirm Cash on Delivery' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/cod-refused-${testInfo.project.name}.png`, fullPage: true });

  // The server refuses it too, whatever the page shows.
  const cod = await request.post(`${API}/orders/payment`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { id: order.id, payment_gateway: 'cod', payment_gateway_environment: 'sandbox' },
  });
  expect(cod.status()).toBe(422);
  expect(await cod.json()).toEqual([{ field: 'payment_gateway', message: reason }]);
  // Another option is still open.
  await page.getByRole('radio', { name: 'Razorpay' }).check();
  await expect(page.getByRole('button', { name: 'Make Payment using Razorpay' })).toBeVisible();
  // Give the stock back for the other specs.
  const cancel = await request.post(`${API}/orders/${order.id}/cancel`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(cancel.status()).toBe(200);
});

test('a field checked on blur does not swallow the click that left it: the radio under a wrong GSTIN is chosen with one click (or tap)', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'blur');
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/shipping');
  await page.getByRole('button', { name: 'Add a New Address' }).click();
  const gstin = page.getByLabel('GSTIN (optional)');
  await gstin.fill('08AAACK1234');
  // Leaving the field shows its error a line above the radio; the press that left it must still
  // choose the radio (before, the error moved the radio between the press and the release).
  const work = page.getByRole('radio', { name: 'Work', exact: true });
  if (testInfo.project.name === 'mobile') await work.tap();
  else await work.click();
  await expect(work).toBeChecked();
  await expect(
    page.getByText(
      'A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character.',
    ),
  ).toBeVisible();
});

test("a business buyer's GSTIN: checked as typed, refused when it is another state's, shown on the saved address", async ({
  page,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'gstin');
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/shipping');
  await page.getByRole('button', { name: 'Add a New Address' }).click();
  await page.getByLabel('Contact person').fill('Bharat Traders');
  await page.getByLabel('Mobile number').fill('9876501234');
  await page.getByLabel('Full address').fill('14, Johari Bazaar');
  await page.getByLabel('PIN code').fill('302003');
  await expect(page.getByLabel('State')).toHaveValue('Rajasthan');
  await page.getByLabel('Landmark').fill('Hawa Mahal');
  await page.getByLabel('Address name').fill('Shop');
  await page.getByRole('radio', { name: 'Work', exact: true }).check();

  const gstin = page.getByLabel('GSTIN (optional)');
  await gstin.fill('08AAACK1234');
  await gstin.blur();
  await expect(
    page.getByText(
      'A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character.',
    ),
  ).toBeVisible();
  // Well formed, but registered in Maharashtra (27) while the goods go to Rajasthan: the server says so.
  await gstin.fill('27AAACK1234A1ZA');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(
    page.getByText(
      'This GSTIN is registered in Maharashtra, but the address is in Rajasthan. Please enter the GSTIN registered in Rajasthan.',
    ),
  ).toBeVisible();
  await gstin.fill('08aaack1234a1za');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully.')).toBeVisible();
  await expect(page.getByText('GSTIN: 08AAACK1234A1ZA')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/address-gstin-${testInfo.project.name}.png`, fullPage: true });
});
