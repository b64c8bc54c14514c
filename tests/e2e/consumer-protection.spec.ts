import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { SellerInformation } from '@shop/contract/grievances';
import { isGstRate } from '@shop/contract/gst';
import { gstOf, orderGstSplit, taxInside } from '@shop/contract/gst-split';
import { formatInr, formatPaise, rupeesToPaise } from '@shop/contract/money';
import type { PriceCartResult } from '@shop/contract/orders';
import { logInBrowser, openPaymentPage, shopperWithOrder } from './payment-helpers.ts';
import { gotoHydrated, isMobile } from './storefront-helpers.ts';
import { waitForMail } from './support/mailbox.ts';

/**
 * What an Indian online shop must show (Consumer Protection (E-Commerce) Rules 2020): the
 * seller's details, the policies before payment with the total broken down, and a grievance
 * form that gives a ticket number and shows its status.
 */

const API = '/backend/api/web';

const POLICIES = [
  ['Return Policy', '/page/return-policy'],
  ['Refund Policy', '/page/refund-policy'],
  ['Cancellation Policy', '/page/cancellation-policy'],
  ['Shipping Policy', '/page/shipping-policy'],
  ['Warranty Policy', '/page/warranty-policy'],
] as const;

async function sellerInformation(page: Page): Promise<SellerInformation> {
  const res = await page.request.get(`${API}/seller_information`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SellerInformation;
}

async function expectPolicyLinks(page: Page) {
  const links = page.getByTestId('policy-links');
  await expect(links).toBeVisible();
  for (const [name, href] of POLICIES) {
    await expect(links.getByRole('link', { name })).toHaveAttribute('href', href);
  }
}

test('the seller information page shows every field, and the footer links it and shows the FSSAI licence', async ({
  page,
}) => {
  const seller = await sellerInformation(page);
  await gotoHydrated(page, '/');
  const footer = page.locator('footer');
  await expect(footer.getByTestId('footer-fssai')).toHaveText(
    `FSSAI Lic. No. ${seller.fssai_licence_number}`,
  );
  await footer.getByRole('link', { name: 'Seller Information' }).click();
  await expect(page).toHaveURL(/\/seller-information$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Seller Information' })).toBeVisible();

  // Server-rendered: the fields are in the HTML the server sends.
  const answer = await page.request.get('/seller-information');
  const html = await answer.text();
  expect(html).toContain(seller.gstin);
  // A kept page, as the content pages are: a CDN may serve it (settings changes drop it).
  expect(answer.headers()['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
  expect(answer.headers().etag).toMatch(/^W\/"/);
  expect(html).toContain('<title>Seller Information | Kesar Foods &amp; Locks</title>');

  const fields: Array<[string, string]> = [
    ['seller-legal-name', seller.legal_name],
    ['seller-address', seller.address],
    ['seller-state', seller.state],
    ['seller-gstin', seller.gstin],
    ['seller-fssai', seller.fssai_licence_number],
    ['grievance-officer-name', seller.grievance_officer.name],
    ['grievance-officer-designation', seller.grievance_officer.designation],
    ['grievance-officer-email', seller.grievance_officer.email],
    ['grievance-officer-phone', seller.grievance_officer.phone],
    ['customer-care-email', seller.customer_care.email],
    ['customer-care-phone', seller.customer_care.phone],
  ];
  for (const [testId, value] of fields) {
    expect(value, testId).not.toBe('');
    await expect(page.getByTestId(testId)).toHaveText(value);
  }
  // Head office and branches (the e-commerce rules ask for both): every branch, one per line.
  expect(seller.branch_addresses.length).toBeGreaterThan(0);
  for (const branch of seller.branch_addresses)
    await expect(page.getByTestId('seller-branches').getByText(branch, { exact: true })).toBeVisible();
  await expect(page.getByTestId('grievance-officer-email').getByRole('link')).toHaveAttribute(
    'href',
    `mailto:${seller.grievance_officer.email}`,
  );
  await expectPolicyLinks(page);
  // The pincode directory's licence (Government Open Data License – India) asks for the provider,
  // the source, the licence and the dataset's address.
  await expect(page.getByTestId('pincode-data-credit').getByRole('link')).toHaveAttribute(
    'href',
    'https://data.gov.in/resource/all-india-pincode-directory-till-last-month',
  );
  await expect(page.getByTestId('pincode-data-credit')).toHaveText(
    'PIN code data: Department of Posts, Government of India, via data.gov.in (Government Open Data License – India)',
  );
  await page.getByRole('link', { name: 'File a Grievance' }).click();
  await expect(page).toHaveURL(/\/grievance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grievance Redressal' })).toBeVisible();
});

test('the policies are linked on the cart and the payment page, and the cart and payment page break the total down, GST included, and name each payment provider with its contact', async ({
  page,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'policies');
  const { order } = shopper;
  const priced = await request.post(`${API}/orders/price_cart`, {
    data: { items: [{ item_id: shopper.product.id, quantity: 1 }] },
  });
  const rate = ((await priced.json()) as PriceCartResult).items[0]?.gst_rate;
  if (!isGstRate(rate)) throw new Error(`no GST rate for product ${shopper.product.id}`);
  await logInBrowser(page, shopper);
  await gotoHydrated(page, '/cart');
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeVisible();
  // Prices include GST: the cart says how much of its total is tax, before the place of supply
  // splits it. Its total is the goods' (shipping is 'calculated at next step', product rules §2);
  // the chosen address's delivery charge shows beneath it and is added at the shipping step.
  const cartGst = orderGstSplit({
    supply: 'intra-state',
    lines: [{ grossPaise: rupeesToPaise(shopper.product.selling_price), ratePercent: rate }],
    discountPaise: 0,
    deliveryPaise: 0,
  });
  await expect(page.getByTestId('summary-total')).toHaveText(formatInr(order.subtotal));
  await expect(page.getByTestId('cart-delivery-estimate')).toContainText(
    order.shipping === 0 ? 'Free' : formatInr(order.shipping),
  );
  await expect(page.getByTestId('summary-gst')).toHaveText(formatPaise(gstOf(cartGst.totals)));
  await expect(page.getByText('Includes GST', { exact: true })).toBeVisible();
  await expect(page.getByTestId('summary-gst-split')).toHaveCount(0);
  await expectPolicyLinks(page);
  await page.getByTestId('policy-links').getByRole('link', { name: 'Cancellation Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cancellation Policy' })).toBeVisible();
  await expect(page.getByTestId('page-content')).toContainText('until we start packing it');
  await expect(page.getByTestId('page-content')).toContainText('refunded automatically');

  await openPaymentPage(page, shopper);
  await expectPolicyLinks(page);
  await expect(page.getByTestId('summary-subtotal')).toHaveText(formatInr(order.subtotal));
  await expect(page.getByTestId('summary-discount')).toHaveText(formatInr(order.discount));
  await expect(
    page.getByText(order.shipping === 0 ? 'Free' : formatInr(order.shipping), { exact: true }),
  ).toBeVisible();
  // Cash on delivery is preselected: the Chennai zone's fee is a row of the breakdown and in the total.
  await expect(page.getByTestId('summary-cod-fee')).toHaveText(formatInr(40));
  await expect(page.getByTestId('payment-total')).toHaveText(formatInr(order.total_amount + 40));
  // The GST inside that total, split by the order's place of supply: Chennai is outside the
  // shop's Rajasthan, so IGST — the order's stored tax plus the fee's, at the goods' rate.
  expect(order.gst).toMatchObject({ place_of_supply: '33', inter_state: true, cgst: 0, sgst: 0 });
  const igstPaise = rupeesToPaise(order.gst?.igst ?? 0) + taxInside(4_000, rate, 'inter-state').igstPaise;
  await expect(page.getByTestId('summary-gst')).toHaveText(formatPaise(igstPaise));
  await expect(page.getByTestId('summary-gst-split')).toHaveText(
    `IGST ${formatPaise(igstPaise)} · Place of supply: Tamil Nadu`,
  );
  await expect(page.getByTestId('price-inclusions')).toHaveText(
    'All prices include GST. There are no handling or payment fees; cash on delivery adds ₹40.00.',
  );
  // The policies come before the pay button, and on a phone the total does too.
  const payHeading = page.getByRole('heading', { name: 'Choose a payment option' });
  const payTop = (await payHeading.boundingBox())?.y ?? 0;
  expect((await page.getByTestId('policy-links').boundingBox())?.y ?? Infinity).toBeLessThan(payTop);
  if (isMobile(testInfo)) {
    expect((await page.getByTestId('payment-total').boundingBox())?.y ?? Infinity).toBeLessThan(payTop);
  }
  // Who handles an online payment, and where to reach them, before purchase (E-Commerce Rules
  // r.7(1)): under each online option, and in the Terms.
  const razorpayProvider = page.locator('#razorpay-provider');
  await expect(razorpayProvider).toContainText('Payment handled by Razorpay Software Pvt. Ltd.');
  await expect(razorpayProvider.getByRole('link', { name: 'help and contact' })).toHaveAttribute(
    'href',
    'https://razorpay.com/support/',
  );
  // The options are one named group; an option's name is the gateway's, not its logo's too.
  const options = page.getByRole('radiogroup', { name: 'Payment options' });
  await expect(options.getByRole('radio', { name: 'Razorpay', exact: true })).toBeVisible();
  await expect(options.getByRole('radio', { name: 'Cash on Delivery', exact: true })).toBeVisible();
  // A link in running text is underlined, not told apart by its colour alone (WCAG 1.4.1).
  await expect(razorpayProvider.getByRole('link')).toHaveCSS('text-decoration-line', 'underline');
  await expect(page.getByRole('radio', { name: 'Razorpay' })).toHaveAccessibleDescription(
    /Payment handled by Razorpay Software Pvt\. Ltd\./,
  );
  // Choosing to pay online takes the fee, and its tax, off again.
  await page.getByRole('radio', { name: 'Razorpay' }).check();
  await expect(page.getByTestId('payment-total')).toHaveText(formatInr(order.total_amount));
  await expect(page.getByTestId('summary-gst')).toHaveText(formatInr(order.gst?.igst ?? 0));

  // Order details show the split stored with the order.
  await gotoHydrated(page, `/orders/${order.id}`);
  await expect(page.getByTestId('summary-gst-split')).toHaveText(
    `IGST ${formatInr(order.gst?.igst ?? 0)} · Place of supply: Tamil Nadu`,
  );
  await gotoHydrated(page, '/page/terms');
  for (const provider of [
    'Razorpay Software Pvt. Ltd.',
    'Paytm Payments Services Ltd.',
    'PayPal Payments Pvt. Ltd.',
  ])
    await expect(page.getByTestId('page-content')).toContainText(provider);
});

test('a guest files a grievance, sees the ticket number, is mailed at once and looks up its status', async ({
  page,
}, testInfo) => {
  const email = `grievance-${testInfo.project.name}-${Date.now()}@example.in`;
  await gotoHydrated(page, '/grievance');
  const form = page.getByRole('form', { name: 'Grievance form' });
  await form.getByLabel('Name').fill('Sunita Rathore');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+91 94141 23456');
  await form.getByLabel('Order number (if any)').fill('KFL-2026-000017');
  await form.getByLabel('What is it about?').selectOption({ label: 'Delivery' });
  await form
    .getByLabel('Your grievance')
    .fill('My parcel of namkeen was marked delivered but it never reached my house in Udaipur.');

  // Without the captcha nothing is sent.
  await form.getByRole('button', { name: 'Submit Grievance' }).click();
  await expect(
    page.locator('.mantine-Notification-root', { hasText: 'Please verify captch!' }),
  ).toBeVisible();

  await form.getByTestId('captcha').getByRole('checkbox').click();
  await expect(form.getByTestId('captcha').getByText('Verified')).toBeVisible({ timeout: 30_000 });
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/grievances') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Submit Grievance' }).click();
  expect((await answer).status()).toBe(200);

  const ticket = page.getByTestId('grievance-ticket');
  await expect(ticket).toHaveText(/^GRV-\d{4}-\d{6}$/);
  const ticketNumber = (await ticket.textContent()) ?? '';
  await expect(page.getByTestId('grievance-filed')).toContainText(`acknowledgement to ${email}`);
  await expect(form.getByLabel('Name')).toHaveValue('');

  const mail = await waitForMail(email, new RegExp(`We have received your grievance ${ticketNumber}`));
  expect(mail.text).toContain(`Your ticket number is ${ticketNumber}`);
  expect(mail.text).toContain('My parcel of namkeen was marked delivered');

  // The status look-up is filled in with the new ticket and e-mail.
  const lookup = page.getByRole('form', { name: 'Grievance status' });
  await expect(lookup.getByLabel('Ticket number')).toHaveValue(ticketNumber);
  await expect(lookup.getByLabel('Email')).toHaveValue(email);
  await lookup.getByRole('button', { name: 'Check Status' }).click();
  const status = page.getByTestId('grievance-status');
  await expect(status.getByTestId('grievance-status-label')).toHaveText('Open');
  await expect(status).toContainText(ticketNumber);
  await expect(status).toContainText('Delivery');
  await expect(status).toContainText('KFL-2026-000017');

  // The mail's link opens the look-up with the ticket; another e-mail address finds nothing.
  const link = /https?:\/\/\S+\/grievance\?ticket=\S+/.exec(mail.text)?.[0] ?? '';
  expect(link).toContain(`/grievance?ticket=${ticketNumber}`);
  await gotoHydrated(page, new URL(link).pathname + new URL(link).search);
  await expect(lookup.getByLabel('Ticket number')).toHaveValue(ticketNumber);
  await lookup.getByLabel('Email').fill('someone.else@example.in');
  await lookup.getByRole('button', { name: 'Check Status' }).click();
  await expect(
    page.getByText('No grievance was found for this ticket number and e-mail address.'),
  ).toBeVisible();
  await expect(page.getByTestId('grievance-status')).toHaveCount(0);
  await lookup.getByLabel('Email').fill(email.toUpperCase());
  await lookup.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByTestId('grievance-status-label')).toHaveText('Open');
});

for (const path of ['/seller-information', '/grievance', '/page/return-policy']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking).toEqual([]);
  });
}
