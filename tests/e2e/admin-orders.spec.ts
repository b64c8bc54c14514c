import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { formatInr } from '@shop/contract/money';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { signInToBackOffice, type StaffRole } from './admin-helpers.ts';
import { waitForMail } from './support/mailbox.ts';
import {
  answerRazorpay,
  changeAddress,
  logInBrowser,
  type NewShopper,
  newShopper,
  openPaymentPage,
  placeOrder,
  shopperWithOrder,
} from './payment-helpers.ts';
import { gotoHydrated } from './storefront-helpers.ts';

const API = '/backend/api/web';
const shots = '.tmp/screens-orders';

/** A cash-on-delivery order of the shopper, placed and confirmed through the storefront API. */
async function codOrder(request: APIRequestContext, shopper: NewShopper) {
  const auth = { authorization: `Bearer ${shopper.token}` };
  const order = await placeOrder(request, shopper);
  const payment = await request.post(`${API}/orders/payment`, {
    headers: auth,
    data: { id: order.id, payment_gateway: 'cod', payment_gateway_environment: 'sandbox' },
  });
  expect(payment.status()).toBe(200);
  const verified = await request.post(`${API}/orders/verify_payment`, {
    headers: auth,
    data: { order_id: order.id, payload: {} },
  });
  expect(verified.status()).toBe(200);
  return order;
}

/** The customer cancels their order from the storefront API, as its Cancel order button does. */
async function cancelAsCustomer(request: APIRequestContext, shopper: NewShopper, orderId: number) {
  const cancelled = await request.post(`${API}/orders/${orderId}/cancel`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: {},
  });
  expect(cancelled.status()).toBe(200);
}

/** A back-office page of its own (its own cookies), signed in as `role`, same viewport as the test's. */
async function backOffice(browser: Browser, page: Page, role: StaffRole, path: string) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: process.env.E2E_BASE_URL,
  });
  const staff = await context.newPage();
  await signInToBackOffice(staff, role, path);
  return staff;
}

test('staff pack and ship a cash-on-delivery order; the customer sees the carrier and the mails arrive', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'ship');
  const order = await codOrder(request, shopper);

  const staff = await backOffice(browser, page, 'staff', '/admin/orders');
  await expect(staff.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await staff.getByLabel('Order number, e-mail or mobile').fill(order.order_id);
  const row = staff.getByRole('row').filter({ hasText: order.order_id });
  // The search reaches the URL and narrows the list to the one order (plus the header row).
  await expect(staff).toHaveURL(new RegExp(`q=${order.order_id}`));
  await expect(staff.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Confirmed');
  await staff.screenshot({ path: `${shots}/list-${testInfo.project.name}.png`, fullPage: true });
  await row.getByRole('checkbox').check();
  await staff.getByRole('button', { name: 'Mark packed' }).click();
  await expect(staff.getByText('1 order marked packed.')).toBeVisible();
  await expect(row).toContainText('Packed');
  // Packing it again is refused, and the notice names the order and the reason.
  await row.getByRole('checkbox').check();
  await staff.getByRole('button', { name: 'Mark packed' }).click();
  await expect(staff.getByText(`${order.order_id}: This order is already packed.`)).toBeVisible();

  await row.getByRole('link', { name: order.order_id }).click();
  await expect(staff.getByRole('heading', { name: `Order ${order.order_id}` })).toBeVisible();
  // The staff role may not cancel or refund: only what it may do is offered.
  await expect(staff.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Ship', exact: true }).click();
  const dialog = staff.getByRole('dialog', { name: `Ship order ${order.order_id}` });
  await dialog.getByRole('combobox', { name: 'Carrier' }).click();
  await staff.getByRole('option', { name: 'Delhivery' }).click();
  const tracking = `DL${randomBytes(4).toString('hex').toUpperCase()}`;
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill(tracking);
  await dialog.getByRole('button', { name: 'Ship order' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(`Delhivery, tracking number ${tracking}`)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Ship', exact: true })).toHaveCount(0);
  await staff.screenshot({ path: `${shots}/details-${testInfo.project.name}.png`, fullPage: true });

  await logInBrowser(page, shopper);
  await gotoHydrated(page, `/orders/${order.id}`);
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Delhivery').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute(
    'href',
    new RegExp(tracking),
  );

  await waitForMail(shopper.email, new RegExp(`Order ${order.order_id} placed successfully`));
  const shipped = await waitForMail(shopper.email, new RegExp(`Order ${order.order_id} is on its way`));
  expect(shipped.text).toContain(tracking);
  expect(shipped.text).toContain('Delhivery');

  // The carrier hands the parcel over: staff mark it delivered and the customer is told.
  await staff.getByRole('button', { name: 'Mark delivered' }).click();
  await staff
    .getByRole('dialog', { name: 'Mark delivered' })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(staff.getByText(`Order ${order.order_id}: delivered.`)).toBeVisible();
  const delivered = await waitForMail(shopper.email, new RegExp(`Order ${order.order_id} delivered`));
  expect(delivered.text).toContain('has been delivered');

  // The parcel comes back: a manager (the staff role may not) records the return, and the screen
  // says what was done.
  await expect(staff.getByRole('button', { name: 'Record return' })).toHaveCount(0);
  const manager = await backOffice(browser, page, 'manager', `/admin/orders/${order.id}`);
  await manager.getByRole('button', { name: 'Record return' }).click();
  const returned = manager.getByRole('dialog', { name: 'Record return' });
  await expect(returned.getByRole('checkbox', { name: 'Put the items back in stock' })).toBeChecked();
  await returned.getByRole('button', { name: 'Record return' }).click();
  await expect(
    manager.getByText(`Order ${order.order_id}: return recorded, items back in stock.`),
  ).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Record return' })).toHaveCount(0);
});

test('an action the order no longer allows (the customer cancelled meanwhile) is refused and the page shows the order as it is now', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'stale');
  const order = await codOrder(request, shopper);
  const manager = await backOffice(browser, page, 'manager', `/admin/orders/${order.id}`);
  await expect(manager.getByRole('button', { name: 'Mark packed' })).toBeVisible();
  await cancelAsCustomer(request, shopper, order.id);

  await manager.getByRole('button', { name: 'Mark packed' }).click();
  await manager
    .getByRole('dialog', { name: 'Mark packed' })
    .getByRole('button', { name: 'Mark packed' })
    .click();
  await expect(manager.getByText('This order is cancelled: it cannot be packed.')).toBeVisible();
  // Loaded again: the dialog and the actions of the old state are gone.
  await expect(manager.getByRole('dialog', { name: 'Mark packed' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Mark packed' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Ship' })).toHaveCount(0);
  // Cancelled before any money came: not "Pending", which reads as money still due.
  await expect(manager.getByText(/^Placed .* · Not charged · /)).toBeVisible();
  // The cash payment that was never collected says the same in the Payments card.
  await expect(manager.getByText(/^Cash on delivery · Not charged · ₹/)).toBeVisible();
});

test('a manager confirms an unpaid online order (money taken offline); the customer sees it confirmed', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // The shopper chose Razorpay at checkout but paid by bank transfer: the order waits, unpaid.
  const shopper = await shopperWithOrder(request, testInfo, 'confirm');
  const payment = await request.post(`${API}/orders/payment`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { id: shopper.order.id, payment_gateway: 'razorpay', payment_gateway_environment: 'sandbox' },
  });
  expect(payment.status()).toBe(200);

  const manager = await backOffice(browser, page, 'manager', `/admin/orders/${shopper.order.id}`);
  await expect(manager.getByRole('heading', { name: `Order ${shopper.order.order_id}` })).toBeVisible();
  await manager.getByRole('button', { name: 'Confirm', exact: true }).click();
  // Confirming records the money as received: the dialog says so and asks for the payment's
  // reference, which the server requires.
  const total = formatInr(shopper.order.total_amount);
  const dialog = manager.getByRole('dialog', { name: 'Confirm as paid' });
  await expect(dialog).toContainText(`Confirming records ${total} as received by bank transfer or UPI`);
  await dialog.getByRole('button', { name: 'Confirm as paid' }).click();
  await expect(
    dialog.getByText(
      'Please enter the reference of the payment the shop received (UTR, UPI or cheque number).',
    ),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: /Payment reference/ }).fill('UTR-884210');
  await dialog.getByRole('button', { name: 'Confirm as paid' }).click();
  await expect(
    manager.getByText(`Order ${shopper.order.order_id}: confirmed, ${total} recorded as paid.`),
  ).toBeVisible();
  // The reference stays with the payment, for the bank statement.
  await expect(manager.getByText(`Paid offline · Paid · ${total} · UTR-884210 ·`)).toBeVisible();
  // Confirmed once: the action is no longer offered, packing is.
  await expect(manager.getByRole('button', { name: 'Confirm', exact: true })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: 'Mark packed' })).toBeVisible();

  // No gateway holds that money: it goes back by hand, and the refund asks for the transfer's
  // reference before it records anything.
  await manager.getByRole('button', { name: 'Refund' }).click();
  const refund = manager.getByRole('dialog', { name: `Refund order ${shopper.order.order_id}` });
  await refund.getByRole('textbox', { name: 'Amount (₹)' }).fill('10');
  await refund.getByRole('textbox', { name: /Reason/ }).fill('Paid twice by transfer');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(
    refund.getByText('An offline payment is refunded by hand: please enter the reference of the transfer.'),
  ).toBeVisible();
  await refund.getByRole('textbox', { name: /Reference/ }).fill('NEFT-UTR-0042');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();
  await expect(manager.getByText(/Refund ₹10\.00 · Processed · Paid twice by transfer/)).toBeVisible();

  await logInBrowser(page, shopper);
  await gotoHydrated(page, `/orders/${shopper.order.id}`);
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await waitForMail(shopper.email, new RegExp(`Order ${shopper.order.order_id} placed successfully`));
});

test('a manager refunds part of a prepaid order and the refund shows', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await shopperWithOrder(request, testInfo, 'refund');
  await openPaymentPage(page, shopper);
  await answerRazorpay(page, 'Approve');
  await expect(page.getByText('Order placed successfully')).toBeVisible();

  const manager = await backOffice(browser, page, 'manager', `/admin/orders/${shopper.order.id}`);
  await expect(manager.getByRole('heading', { name: `Order ${shopper.order.order_id}` })).toBeVisible();
  await manager.getByRole('button', { name: 'Refund' }).click();
  const dialog = manager.getByRole('dialog', { name: `Refund order ${shopper.order.order_id}` });
  await expect(dialog).toContainText('At most ₹');
  await dialog.getByRole('textbox', { name: 'Amount (₹)' }).fill('10');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('One packet arrived torn');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    manager.getByText(/Refund ₹10\.00 · (Pending|Processed) · One packet arrived torn/),
  ).toBeVisible();
  await manager.screenshot({ path: `${shots}/refund-${testInfo.project.name}.png`, fullPage: true });

  const api = await request.get(`${API}/orders/${shopper.order.id}`, {
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  const customerView = (await api.json()) as { refunds: Array<{ amount: number }> };
  expect(customerView.refunds.map((r) => r.amount)).toEqual([10]);
});

test('bulk ship from a carrier file: the dry run names the bad line, the fixed file ships both orders', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'bulk');
  const first = await codOrder(request, shopper);
  const second = await codOrder(request, shopper);

  const staff = await backOffice(browser, page, 'staff', '/admin/orders');
  await staff.getByLabel('Order number, e-mail or mobile').fill(shopper.email);
  for (const order of [first, second]) {
    const row = staff.getByRole('row').filter({ hasText: order.order_id });
    await row.getByRole('checkbox').check();
  }
  await staff.getByRole('button', { name: 'Mark packed' }).click();
  await expect(staff.getByText('2 orders marked packed.')).toBeVisible();

  const file = (lines: string[]) => ({
    name: 'carrier.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['order number,carrier,tracking number', ...lines].join('\n')),
  });
  await staff.getByRole('button', { name: 'Ship from carrier file' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Ship from carrier file' });
  // An empty file: the server's field error shows at the file field, not nowhere.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
  await expect(dialog.getByText('Please choose the carrier file.')).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles(file([`${first.order_id},DTDC,D1234567`, `${second.order_id},DTDC,x!`]));
  const problems = dialog.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row').filter({ hasText: 'tracking number' })).toContainText('3');
  await expect(problems).toContainText('4 to 40 letters, digits or dashes.');
  await expect(dialog.getByRole('button', { name: /Ship 2 orders/ })).toBeDisabled();
  await staff.screenshot({ path: `${shots}/bulk-ship-${testInfo.project.name}.png`, fullPage: true });

  await dialog
    .locator('input[type=file]')
    .setInputFiles(file([`${first.order_id},DTDC,D1234567`, `${second.order_id},DTDC,D7654321`]));
  await expect(dialog.getByText('All 2 lines are ready to ship.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ship 2 orders' }).click();
  await expect(staff.getByText('2 orders shipped.')).toBeVisible();
  for (const order of [first, second])
    await expect(staff.getByRole('row').filter({ hasText: order.order_id })).toContainText('Shipped');
});

test('a saved view brings its filters back; the packing slips of ticked orders open as a PDF', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'views');
  const order = await codOrder(request, shopper);
  const staff = await backOffice(browser, page, 'staff', '/admin/orders?method=cod');
  await staff.getByLabel('Order number, e-mail or mobile').fill(shopper.email);
  const row = staff.getByRole('row').filter({ hasText: order.order_id });
  await expect(staff).toHaveURL(/q=pay-views/);
  await expect(staff.getByRole('row')).toHaveCount(2);

  staff.once('dialog', (prompt) => prompt.accept('My COD orders'));
  await staff.getByRole('button', { name: 'Saved views' }).click();
  await staff.getByRole('menuitem', { name: 'Save current view…' }).click();
  await expect(staff.getByText('View "My COD orders" saved.')).toBeVisible();
  await staff.goto('/admin/orders');
  await staff.getByRole('button', { name: 'Saved views' }).click();
  await staff.getByRole('menuitem', { name: 'My COD orders' }).click();
  await expect(staff).toHaveURL(/method=cod/);
  await expect(staff.getByLabel('Order number, e-mail or mobile')).toHaveValue(shopper.email);
  await expect(row).toHaveCount(1);

  await row.getByRole('checkbox').check();
  const slip = staff.context().waitForEvent('response', (r) => r.url().includes('/orders/packing-slips.pdf'));
  await staff.getByRole('button', { name: 'Packing slips' }).click();
  const pdf = await slip;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.url()).toContain(`ids=${order.id}`);
});

test('the owner adds a carrier and switches it off: the ship dialog offers it, then no longer', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'carrier');
  const order = await codOrder(request, shopper);
  const name = `Shadowfax ${randomBytes(3).toString('hex')}`;

  const owner = await backOffice(browser, page, 'owner', '/admin/carriers');
  await expect(owner.getByRole('heading', { name: 'Carriers' })).toBeVisible();
  await owner.getByRole('button', { name: 'New carrier' }).click();
  const drawer = owner.getByRole('dialog', { name: 'New carrier' });
  await drawer.getByRole('textbox', { name: 'Name' }).fill(name);
  await drawer.getByRole('textbox', { name: 'Tracking page' }).fill('http://tracker.shadowfax.in/{tracking}');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('must be an https:// address containing {tracking}')).toBeVisible();
  await drawer
    .getByRole('textbox', { name: 'Tracking page' })
    .fill('https://tracker.shadowfax.in/#/track/{tracking}');
  await expect(
    drawer.getByRole('link', { name: 'https://tracker.shadowfax.in/#/track/AB12345678' }),
  ).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  await expect(owner.getByRole('row').filter({ hasText: name })).toContainText(
    'https://tracker.shadowfax.in',
  );
  await owner.screenshot({ path: `${shots}/carriers-${testInfo.project.name}.png`, fullPage: true });

  const shipOptions = async () => {
    await owner.goto(`/admin/orders/${order.id}`);
    await owner.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = owner.getByRole('dialog', { name: `Ship order ${order.order_id}` });
    await dialog.getByRole('combobox', { name: 'Carrier' }).click();
    await expect(owner.getByRole('option', { name: 'Delhivery' })).toBeVisible();
    return owner.getByRole('option', { name });
  };
  await expect(await shipOptions()).toBeVisible();

  await owner.goto('/admin/carriers');
  // Mantine draws the switch's track over its (transparent) input: the track is what a person clicks.
  await owner.getByRole('row').filter({ hasText: name }).locator('label').click();
  await expect(owner.getByText(`${name} is switched off.`)).toBeVisible();
  await expect(owner.getByRole('switch', { name: `${name} offered when shipping` })).not.toBeChecked();
  await expect(await shipOptions()).toHaveCount(0);
});

test('staff download the tax invoice and, after a cancellation, the credit note from the order page', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'staffinv');
  const order = await codOrder(request, shopper);
  const manager = await backOffice(browser, page, 'manager', `/admin/orders/${order.id}`);
  await expect(manager.getByRole('heading', { name: `Order ${order.order_id}` })).toBeVisible();
  const tax = manager.getByRole('heading', { name: 'Tax invoice' }).locator('..');
  const number = (await tax.getByRole('link').first().textContent()) ?? '';
  expect(number).toMatch(/^INV\/\d{4}\/\d{6}$/);

  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('link', { name: 'Download invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfText(pdf)).join(' ');
  expect(text).toContain(`Invoice no. ${number}`);
  expect(text).toContain(`Order no. ${order.order_id}`);

  await manager.getByRole('button', { name: 'Cancel order' }).click();
  // The dialog's two choices cannot be mistaken for each other: keep, or cancel.
  await expect(manager.getByRole('dialog').getByRole('button', { name: 'Keep order' })).toBeVisible();
  // The cancellation's own answer is awaited and checked, so that a refusal (its notice closes
  // after 4 s) or a click that never reached the button says so instead of a missing link.
  const [cancelled] = await Promise.all([
    manager.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith(`/orders/${order.id}/actions`),
    ),
    manager.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click(),
  ]);
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const noteLink = manager.getByRole('link', { name: /^Download credit note CRN\// });
  await expect(noteLink).toBeVisible();
  await manager.screenshot({ path: `${shots}/tax-documents-${testInfo.project.name}.png`, fullPage: true });
  const [noteDownload] = await Promise.all([manager.waitForEvent('download'), noteLink.click()]);
  const noteText = (await pdfText(readFileSync(await noteDownload.path()))).join(' ');
  expect(noteText).toContain(number);
});

test("a customer's page links each order to its details and names its status as the order list does", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const shopper = await newShopper(request, testInfo, 'custpage');
  const cancelled = await codOrder(request, shopper);
  await cancelAsCustomer(request, shopper, cancelled.id);
  // A name typed without a space, longer than a phone is wide.
  const longName = 'Venkataraghavanrajagopalachari'.repeat(2);
  await changeAddress(request, shopper, { contact_person: longName });
  const order = await codOrder(request, shopper);
  const manager = await backOffice(browser, page, 'manager', '/admin/customers');
  await manager.getByLabel('Search').fill(shopper.email);
  await manager.getByRole('link', { name: shopper.email }).click();
  const row = manager.getByRole('row').filter({ hasText: order.order_id });
  await expect(row).toContainText('Confirmed');
  await expect(row).not.toContainText('confirmed ·');
  // The payment in its own column; an order cancelled before any money came is "Not charged".
  await expect(manager.getByRole('columnheader', { name: 'Payment' })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('Pending');
  const cancelledRow = manager.getByRole('row').filter({ hasText: cancelled.order_id });
  await expect(cancelledRow).toContainText('Cancelled');
  await expect(cancelledRow.getByRole('cell').nth(3)).toHaveText('Not charged');
  await row.getByRole('link', { name: order.order_id }).click();
  await expect(manager).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  await expect(manager.getByRole('heading', { name: new RegExp(order.order_id) })).toBeVisible();
  // The long name wraps inside the delivery address card instead of running out of it.
  await expect(manager.getByText(longName)).toBeVisible();
  const card = manager.locator('.mantine-Card-root').filter({ hasText: 'Delivery address' });
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test('the back office screens a manager works in pass the WCAG 2 A and AA checks (contrast, names)', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000); // seven screens, each loaded and analysed by axe (2–8 s on a busy host)
  const shopper = await newShopper(request, testInfo, 'axe');
  const order = await codOrder(request, shopper);
  // A second order, cancelled: the list shows two statuses' badges.
  await cancelAsCustomer(request, shopper, (await codOrder(request, shopper)).id);
  const manager = await backOffice(browser, page, 'manager', '/admin');
  const customers = await manager.request.get('/backend/api/admin/customers', {
    params: { q: shopper.email },
  });
  const customerId = ((await customers.json()) as { items: Array<{ id: number }> }).items[0]?.id;
  const screens: Array<[string, string | RegExp]> = [
    ['/admin/orders', 'Orders'],
    [`/admin/orders?q=${encodeURIComponent(shopper.email)}`, 'Orders'],
    [`/admin/orders/${order.id}`, new RegExp(order.order_id)],
    ['/admin/customers', 'Customers'],
    [`/admin/customers/${customerId}`, shopper.email],
    ['/admin/catalogue/products', 'Products'],
    ['/admin/catalogue/products/1', /.+/],
  ];
  for (const [path, heading] of screens) {
    await manager.goto(path);
    await expect(manager.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(manager.getByText(/Loading/)).toHaveCount(0);
    const results = await new AxeBuilder({ page: manager }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const found = results.violations.map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
    expect(found).toEqual([]);
  }
});
