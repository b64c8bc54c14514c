import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Order } from '@shop/contract/orders';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { logInBrowser, shopperWithOrder } from './payment-helpers.ts';
import { gotoHydrated } from './storefront-helpers.ts';

const API = '/backend/api/web';

test('a confirmed order offers its GST tax invoice on the order details, downloaded as a PDF', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'invoice');
  const auth = { authorization: `Bearer ${shopper.token}` };
  await logInBrowser(page, shopper);

  // Not confirmed yet: no invoice to offer.
  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await expect(page.getByRole('heading', { name: `Order ${shopper.order.order_id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toHaveCount(0);

  // Cash on delivery confirms the order, which issues the invoice.
  const created = await request.post(`${API}/orders/payment`, {
    headers: auth,
    data: { id: shopper.order.id, payment_gateway: 'cod', payment_gateway_environment: 'sandbox' },
  });
  expect(created.status()).toBe(200);
  const verified = await request.post(`${API}/orders/verify_payment`, {
    headers: auth,
    data: { order_id: shopper.order.id, payload: {} },
  });
  expect(verified.status()).toBe(200);
  const details = (await (
    await request.get(`${API}/orders/${shopper.order.id}`, { headers: auth })
  ).json()) as Order;
  const number = details.invoice?.invoice.number ?? '';
  expect(number).toMatch(/^INV\/\d{4}\/\d{6}$/);

  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await expect(page.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await page.screenshot({
    path: `.tmp/screens-payments/invoice-${testInfo.project.name}.png`,
    fullPage: true,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfText(pdf)).join(' ');
  // Delivered to Chennai from a shop registered in Rajasthan: inter-state, IGST.
  for (const field of [
    'TAX INVOICE',
    `Invoice no. ${number}`,
    `Order no. ${shopper.order.order_id}`,
    'Meera Iyer',
    'Chennai - 600020',
    'Place of supply Tamil Nadu (33), inter-state',
    'IGST',
    shopper.product.name,
  ])
    expect(text, field).toContain(field);
});
