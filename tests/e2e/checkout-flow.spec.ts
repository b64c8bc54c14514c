import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn, uniqueEmail } from './account-helpers.ts';
import { logInBrowser, newShopper } from './payment-helpers.ts';
import {
  blockExternalRequests,
  categoryPath,
  categoryWithProducts,
  gotoHydrated,
  productTile,
  seedCart,
} from './storefront-helpers.ts';

const PASSWORD = 'Shopper@12345';

test('cart → login → coupon → shipping address → payment page', async ({ page, request }, testInfo) => {
  await blockExternalRequests(page);
  const email = uniqueEmail(testInfo, 'checkout');
  await createVerifiedAccount(request, email, PASSWORD);

  // A product worth at least ₹300 so that WELCOME10 (min ₹299) applies.
  const { category, products } = await categoryWithProducts(request);
  const product =
    products.find((p) => p.available_stock >= 2 && p.selling_price >= 300) ??
    products.find((p) => p.available_stock >= 3);
  if (!product) throw new Error('no product in stock');

  await gotoHydrated(page, categoryPath(category));
  const tile = productTile(page, product.name);
  await tile.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product added to cart')).toBeVisible();
  if (product.selling_price < 300) await tile.getByRole('button', { name: 'Increase quantity' }).click();

  await gotoHydrated(page, '/cart');
  await expect(page.getByRole('heading', { name: /Shopping Cart/ })).toBeVisible();
  // The desktop table or the phone list, whichever the viewport shows.
  await expect(
    page
      .getByText(new RegExp(`^${product.item_weight} gm`))
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('calculated at next step')).toBeVisible();

  // Logged out: the red notice, /cart remembered, off to /login.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText('Please login to continue')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('kesar_after_login_redirect'))).toBe('/cart');
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/cart$/);
  // Spec §9 / §6: the access token sits in storage as the plain token, sent as the Bearer header.
  const token = await page.evaluate(() => localStorage.getItem('kesar_access_token'));
  const details = await request.get('/backend/api/web/customers/details', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(details.status()).toBe(200);

  // The server computes the discount.
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText('WELCOME10');
  await expect(page.getByTestId('summary-discount')).toHaveText(/^-₹\d/);
  // §2: labelled required (Mantine's asterisk) but not enforced.
  const remarks = page.getByLabel('Your remarks');
  await expect(page.locator('label', { hasText: 'Your remarks' })).toHaveText('Your remarks *');
  await expect(remarks).not.toHaveAttribute('required');
  await remarks.fill('Please ring the bell');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/shipping$/);

  // No addresses yet: the form, with Go Back to Cart.
  await expect(page.getByRole('link', { name: 'Go Back to Cart' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to payment page' }).click();
  await expect(page.getByText('Please add a new address')).toBeVisible();
  await page.getByRole('button', { name: 'Save Address' }).click();
  // §5: all eight fields are required, the address type too (nothing is pre-chosen).
  await expect(page.getByText('This is a required field.')).toHaveCount(8);
  await page.getByLabel('Contact person').fill('Meera Joshi');
  await page.getByLabel('Mobile number').fill('+91 98290 12345');
  await page.getByLabel('Full address').fill('7, Civil Lines, Station Road');
  await page.getByLabel('City').fill('Jaipur');
  await page.getByLabel('PIN code').fill('302006');
  await page.getByLabel('Landmark').fill('Near Ram Mandir');
  await page.getByLabel('Address name').fill('Home');
  await page.getByRole('radio', { name: 'Home', exact: true }).check();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added successfully.')).toBeVisible();
  const card = page.getByTestId('address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('9829012345');
  await expect(page.getByRole('button', { name: 'Add a New Address' })).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText(/^-₹\d/);

  // §5: with saved addresses but none selected, the shop does not choose one: it asks.
  await page.evaluate(() => localStorage.removeItem('kesar_selected_address_id'));
  const listed = page.waitForRequest((r) => r.method() === 'GET' && /\/customers\/address\b/.test(r.url()));
  await gotoHydrated(page, '/shipping');
  await expect(card).toHaveCount(1);
  // §7: the address list is asked for with no query (the server lists every saved address).
  expect(new URL((await listed).url()).search).toBe('');
  // Accessible dialog: removing an address asks first, with focus on Cancel and the icon close
  // button named; Cancel keeps the address.
  await card.getByRole('button', { name: 'Remove address Home' }).click();
  const removing = page.getByRole('dialog', { name: 'Remove address' });
  await expect(removing.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(removing.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await removing.getByRole('button', { name: 'Cancel' }).click();
  await expect(removing).toBeHidden();
  await expect(card).toHaveCount(1);
  // Edit opens the filled form with the focus in its first field; Cancel goes back to the list.
  await card.getByRole('button', { name: 'Edit address Home' }).click();
  await expect(page.getByLabel('Contact person')).toBeFocused();
  await expect(page.getByLabel('Contact person')).toHaveValue('Meera Joshi');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(card).toHaveCount(1);
  await page.getByRole('button', { name: 'Proceed to payment page' }).click();
  await expect(page.getByText('Please select address')).toBeVisible();
  await expect(page).toHaveURL(/\/shipping$/);
  await card.getByText('Home', { exact: true }).click(); // clicking an item selects it
  await expect(page.getByRole('radio', { name: 'Deliver to Home' })).toBeChecked();

  await page.getByRole('button', { name: 'Proceed to payment page' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const stored = await page.evaluate(() =>
    JSON.parse(sessionStorage.getItem('kesar_checkout_order') ?? 'null'),
  );
  expect(stored.order).toMatchObject({
    status: 'pending',
    payment_status: 'Pending',
    coupon_code: 'WELCOME10',
    customer_remarks: 'Please ring the bell',
  });
  expect(stored.order.discount).toBeGreaterThan(0);
  expect(stored.order.order_id).toMatch(/^KFL-\d{4}-\d{6}$/);
});

test('an empty cart says so and leads back to the shop', async ({ page }) => {
  await gotoHydrated(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('product rules §9 integer parsing of qty: a saved cart with 2.5 of one product and 0 of another shows 2 of the first, and its coupon applies', async ({
  page,
  request,
}) => {
  await blockExternalRequests(page);
  const { products } = await categoryWithProducts(request);
  const inStock = products.filter((p) => p.available_stock >= 3 && p.selling_price >= 150);
  const [kept, zero] = inStock;
  if (!kept || !zero) throw new Error('need two products worth ₹150 with 3 in stock');
  await seedCart(page, [
    { ...kept, qty: 2.5 },
    { ...zero, qty: 0 },
  ]);
  await gotoHydrated(page, '/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart (1 item)' })).toBeVisible();
  const line = page.getByTestId(/^cart-line/).filter({ visible: true });
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('line-qty')).toHaveText('2');
  // Before, the 2.5 stayed and the coupon was refused with 'Quantity must be a whole number.'
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByTestId('coupon-applied')).toContainText('WELCOME10');
});

test('removing a cart line from the keyboard keeps focus: on the next line, then on "Your cart is empty"', async ({
  page,
  request,
}) => {
  await blockExternalRequests(page);
  const { products } = await categoryWithProducts(request);
  const [first, second] = products.filter((p) => p.available_stock >= 1);
  if (!first || !second) throw new Error('need two products in stock');
  await seedCart(page, [
    { ...first, qty: 1 },
    { ...second, qty: 1 },
  ]);
  await gotoHydrated(page, '/cart');
  const remove = (name: string) =>
    page.getByRole('button', { name: `Remove ${name} from cart` }).filter({ visible: true });
  await remove(first.name).focus();
  await page.keyboard.press('Enter');
  await expect(remove(first.name)).toHaveCount(0);
  await expect(remove(second.name)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
});

test('removing a saved address from the keyboard leaves the focus on the chosen address', async ({
  page,
  request,
}, testInfo) => {
  await blockExternalRequests(page);
  const shopper = await newShopper(request, testInfo, 'remove-address');
  const office = await request.post('/backend/api/web/customers/address', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {
      contact_person: 'Meera Iyer',
      mobile_number: '9812345670',
      full_address: '12, Anna Salai, Teynampet',
      city: 'Chennai',
      pin_code: '600018',
      landmark: 'Opposite the park',
      address_name: 'Office',
      address_type: 'work',
    },
  });
  expect(office.status()).toBe(200);
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/shipping');
  await page.getByRole('button', { name: 'Remove address Office' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove address' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Remove', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Deliver to Home' })).toBeFocused();
});

test('§2 Cart coupon: a refused code is a red notification (§8); with a coupon applied, its message and the Remove button show in full', async ({
  page,
  request,
}) => {
  await blockExternalRequests(page);
  // A product worth at least ₹300 so that WELCOME10 (min ₹299) applies.
  const { products } = await categoryWithProducts(request);
  const product = products.find((p) => p.available_stock >= 1 && p.selling_price >= 300);
  if (!product) throw new Error('no product worth ₹300 in stock');
  await seedCart(page, [{ ...product, qty: 1 }]);
  await gotoHydrated(page, '/cart');
  // Empty: the shop's required-field words, as the server says them.
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByText('This is a required field.')).toBeVisible();
  // A code the server refuses: a red notification with the server's words (product rules §8).
  await page.getByLabel('Coupon code').fill('BOGUS99');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  const refused = page.locator('.mantine-Notification-root', { hasText: 'Invalid coupon code.' });
  await expect(refused).toBeVisible();
  await expect(refused).toHaveAttribute('style', /--notification-color: var\(--mantine-color-red-/);
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  const applied = page.getByTestId('coupon-applied');
  await expect(applied).toContainText('WELCOME10');
  const remove = applied.getByRole('button', { name: 'Remove' });
  await expect(remove).toBeVisible();
  // Not squeezed by the long message: the whole label fits in the button, inside the box.
  const [box, button] = await Promise.all([applied.boundingBox(), remove.boundingBox()]);
  if (!box || !button) throw new Error('no boxes');
  expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width + 1);
  const clipped = await remove.evaluate((el) =>
    [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
  );
  expect(clipped, "the 'Remove' label is cut off").toBe(false);
  await remove.click();
  await expect(applied).toHaveCount(0);
});
