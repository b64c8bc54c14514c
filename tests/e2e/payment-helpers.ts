import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import type { CheckoutResult, Order } from '@shop/contract/orders';
import { storageKeys } from '@shop/contract/storage-keys';
import { createVerifiedAccount } from './account-helpers.ts';

const API = '/backend/api/web';

export interface NewShopper {
  email: string;
  token: string;
  customer: Record<string, unknown>;
  addressId: number;
  product: { id: number; name: string; available_stock: number; selling_price: number } & Record<
    string,
    unknown
  >;
}

export interface PayingShopper extends NewShopper {
  order: Order;
}

/** A new verified customer (through the API, code read from the captured mail) with an address; a product in stock. */
/** The address every new shopper starts with. */
const SHOPPER_ADDRESS = {
  contact_person: 'Meera Iyer',
  mobile_number: '9812345670',
  full_address: '7, Lake View Road, Adyar',
  city: 'Chennai',
  pin_code: '600020',
  landmark: 'Near Adyar Bridge',
  address_name: 'Home',
  address_type: 'home',
};

export async function newShopper(
  request: APIRequestContext,
  testInfo: TestInfo,
  label: string,
): Promise<NewShopper> {
  const email = `pay-${label}-${testInfo.project.name}-${randomBytes(4).toString('hex')}@example.in`;
  const password = 'Payment@2026';
  await createVerifiedAccount(request, email, password);
  const login = await request.post(`${API}/customers/login`, {
    data: { login_method: 'email', username: email, password },
  });
  expect(login.status()).toBe(200);
  const { token, customer } = (await login.json()) as { token: string; customer: Record<string, unknown> };
  const address = await request.post(`${API}/customers/address`, {
    headers: { authorization: `Bearer ${token}` },
    data: SHOPPER_ADDRESS,
  });
  expect(address.status()).toBe(200);
  const addressId = ((await address.json()) as { address: { id: number } }).address.id;
  // The demo's own products (lowest ids), the best-stocked first: other specs add products with
  // a handful of units (the back office's CSV import), and many shoppers here buy the same one.
  const products = await request.get(`${API}/products`, {
    params: { 'per-page': '100', page: '1', sort: 'id' },
  });
  const items = ((await products.json()) as { items: NewShopper['product'][] }).items;
  // At least the demo's minimum order (₹199), so one unit can be ordered on its own.
  const product = items
    .filter((p) => p.available_stock > 5 && p.selling_price >= 200)
    .sort((a, b) => b.available_stock - a.available_stock)[0];
  if (!product) throw new Error('no product in stock');
  return { email, token, customer: { ...customer, address_id: addressId }, addressId, product };
}

/** newShopper plus an order placed through the checkout API — what /shipping hands to /payment. */
export async function shopperWithOrder(
  request: APIRequestContext,
  testInfo: TestInfo,
  label: string,
): Promise<PayingShopper> {
  const shopper = await newShopper(request, testInfo, label);
  return { ...shopper, order: await placeOrder(request, shopper) };
}

/** One unit of the shopper's product ordered through the checkout API, to their address. */
export async function placeOrder(request: APIRequestContext, shopper: NewShopper, customerRemarks = '') {
  const checkout = await request.post(`${API}/orders/checkout`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {
      items: [{ item_id: shopper.product.id, quantity: 1 }],
      customer_remarks: customerRemarks,
      coupon_code: '',
      customer: { address_id: shopper.addressId },
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  return ((await checkout.json()) as CheckoutResult).order;
}

/** Edits the shopper's address (the rest as newShopper saved it); orders placed after use it. */
export async function changeAddress(
  request: APIRequestContext,
  shopper: NewShopper,
  changes: Partial<typeof SHOPPER_ADDRESS>,
) {
  const saved = await request.put(`${API}/customers/address/${shopper.addressId}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { ...SHOPPER_ADDRESS, ...changes },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Logs the browser in with the contract's storage keys and fills the cart with the shopper's product. */
export async function logInBrowser(page: Page, shopper: NewShopper) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ keys, token, customer, product, addressId }) => {
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.userData, JSON.stringify(customer));
      localStorage.setItem(keys.selectedAddressId, JSON.stringify(addressId));
      localStorage.setItem(keys.cartData, JSON.stringify([{ ...product, qty: 1 }]));
    },
    {
      keys: storageKeys,
      token: shopper.token,
      customer: shopper.customer,
      product: shopper.product,
      addressId: shopper.addressId,
    },
  );
}

/** Logs in, stores the checkout order as /shipping does, then opens /payment. */
export async function openPaymentPage(page: Page, shopper: PayingShopper) {
  await logInBrowser(page, shopper);
  await page.evaluate(
    (order) => sessionStorage.setItem('kesar_checkout_order', JSON.stringify({ order })),
    shopper.order,
  );
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Choose a payment option' })).toBeVisible();
}

/** After payment: the success notice, /orders, the cart cleared, and the order's real state from the API. */
export async function expectOrderPlaced(
  page: Page,
  request: APIRequestContext,
  shopper: NewShopper,
  order: { id: number; order_id: string },
  expected: { status: string; payment_status: string; payment_gateway: string },
) {
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), storageKeys.cartData)).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('kesar_checkout_order'))).toBeNull();
  const res = await request.get(`${API}/orders/${order.id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(await res.json()).toMatchObject(expected);
  // Order History shows the order with its real statuses.
  const card = page.getByRole('article', { name: `Order ${order.order_id}` });
  await expect(card).toContainText(expected.payment_status);
}

/** On /payment: chooses Razorpay and answers its checkout dialog with `button` (Approve or Decline). */
export async function answerRazorpay(page: Page, button: 'Approve' | 'Decline') {
  await page.getByRole('radio', { name: 'Razorpay' }).check();
  await page.getByRole('button', { name: 'Make Payment using Razorpay' }).click();
  await page
    .getByRole('dialog', { name: /Razorpay/ })
    .getByRole('button', { name: button })
    .click();
}
