import { expect, type Page, test } from '@playwright/test';
import {
  backOfficeNav,
  demoAccount,
  openBackOfficeNav,
  signInToBackOffice,
  totpCode,
} from './admin-helpers.ts';

/** The page fits the window: nothing sticks out sideways (a phone would scroll the whole page). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the back office is its own page: noindex, no-store, a policy without inline scripts', async ({
  request,
}) => {
  const res = await request.get('/admin/staff');
  expect(res.status()).toBe(200);
  expect(res.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.headers()['cache-control']).toBe('no-store');
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  const html = await res.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const script = html.match(/\/admin\/assets\/index-[\w-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get('/admin/assets/index-missing.js')).status()).toBe(404);
  // It names the shop's icon, which is served (browsers otherwise ask for a missing /favicon.ico).
  const icon = html.match(/<link rel="icon" href="([^"]+)"/)?.[1];
  expect(icon).toBe('/favicon.svg');
  const iconFile = await request.get(icon ?? '');
  expect(iconFile.status()).toBe(200);
  expect(iconFile.headers()['content-type']).toContain('image/svg+xml');
});

test('the owner signs in with the authenticator code, sees every screen, adds an owner who must set up two-factor', async ({
  page,
}, testInfo) => {
  // Signed out, a back-office address leads to sign-in and back to it afterwards.
  await signInToBackOffice(page, 'owner', '/admin/sessions');
  await expect(page).toHaveURL(/\/admin\/sessions$/);
  await expect(page.getByRole('heading', { name: 'Staff sessions' })).toBeVisible();
  await expect(page.getByText('This browser')).toBeVisible();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Namaste, Demo Owner' })).toBeVisible();
  await openBackOfficeNav(page);
  const nav = backOfficeNav(page);
  for (const label of ['Home', 'Staff', 'Sessions', 'Audit log'])
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`admin-home-${testInfo.project.name}.png`),
    fullPage: true,
  });

  await nav.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await expect(page.getByText(demoAccount('manager').email)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`admin-staff-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // A new account with a generated password, shown once; then a change of role.
  const email = `packer-${testInfo.project.name}-${Date.now()}@kesarfoods.in`;
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add staff member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Name').fill('Ravi Packer');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  const generated = page.getByTestId('generated-password');
  await expect(generated).toHaveText(/\S{8,}/);
  const password = (await generated.textContent()) ?? '';
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit staff member' });
  await edit.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: /^Owner/ }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(row).toContainText('Owner');

  // One's own account offers neither another role nor disabling it (the server refuses both).
  const own = page.getByRole('row').filter({ hasText: demoAccount('owner').email });
  await own.getByRole('button', { name: 'Edit' }).click();
  await expect(edit.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(edit.getByText('You cannot change your own role or disable your own account.')).toBeVisible();
  await expect(edit.getByRole('switch', { name: /^Disabled/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  // The new owner must set up two-factor authentication before anything else.
  const other = await page.context().browser()?.newContext({ baseURL: testInfo.project.use.baseURL });
  if (!other) throw new Error('no browser');
  const newOwner = await other.newPage();
  await newOwner.goto('/admin');
  await newOwner.getByLabel('E-mail').fill(email);
  await newOwner.getByRole('textbox', { name: 'Password' }).fill(password);
  await newOwner.getByRole('button', { name: 'Continue' }).click();
  await expect(newOwner.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(newOwner.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(newOwner.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  expect((await newOwner.request.get('/backend/api/admin/staff')).status()).toBe(403);
  const secret = (await newOwner.getByTestId('totp-secret').textContent()) ?? '';
  await newOwner.getByLabel('I have saved my recovery codes').check();
  await newOwner.getByLabel('Code from the app').fill(totpCode(secret));
  await newOwner.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(newOwner.getByRole('heading', { name: 'Namaste, Ravi Packer' })).toBeVisible();
  expect((await newOwner.request.get('/backend/api/admin/staff')).status()).toBe(200);
  await other.close();

  // The audit log holds the owner's own sign-in.
  await page.goto('/admin/audit?action=session.sign_in');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('cell', { name: demoAccount('owner').email }).first()).toBeVisible();
  // A row's before and after open from the keyboard too, not only with a click on the row.
  const changes = page.getByRole('button', { name: /before and after: session\.sign_in$/ }).first();
  await changes.focus();
  await page.keyboard.press('Enter');
  await expect(changes).toHaveAttribute('aria-expanded', 'true');
  await expect(changes).toHaveAccessibleName('Hide before and after: session.sign_in');
  await expect(page.getByText('Before', { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(changes).toHaveAttribute('aria-expanded', 'false');
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`admin-audit-${testInfo.project.name}.png`),
    fullPage: true,
  });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

  // The long Settings page keeps its one Save button in view while it scrolls.
  await page.goto('/admin/settings');
  const save = page.getByRole('button', { name: /^(Saved|Save \d+ changes?)$/ });
  await expect(save).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(save).toBeInViewport();

  // Sign out: the session ends on the server too.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  expect((await page.request.get('/backend/api/admin/session')).status()).toBe(401);
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fstaff$/);
});

test('a staff member sees only their screens; staff, audit, settings and gateways stay closed', async ({
  page,
}, testInfo) => {
  await signInToBackOffice(page, 'staff');
  // Who is signed in: in the header on a desktop, at the top of the menu on a phone.
  await openBackOfficeNav(page);
  await expect(page.getByText('Demo Staff', { exact: true }).filter({ visible: true })).toHaveCount(1);
  const nav = backOfficeNav(page);
  await expect(nav.getByRole('link', { name: 'Sessions', exact: true })).toBeVisible();
  for (const hidden of ['Staff', 'Audit log', 'Settings', 'Payment gateways'])
    await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`admin-staff-role-${testInfo.project.name}.png`) });

  for (const path of ['/admin/staff', '/admin/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'You do not have permission to do this.' })).toBeVisible();
  }
  // Whether or not a settings or gateways screen is installed, a staff member cannot open it.
  for (const path of ['/admin/settings', '/admin/gateways']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { name: /You do not have permission to do this\.|Page not found/ }),
    ).toBeVisible();
  }
  // The server refuses the same, whatever the page shows.
  expect((await page.request.get('/backend/api/admin/staff')).status()).toBe(403);
  expect((await page.request.get('/backend/api/admin/audit')).status()).toBe(403);

  // Staff adjust stock of any product, not only those running low: the stock screen lists all.
  await page.goto('/admin/stock/low');
  await expect(page.getByRole('heading', { name: 'Low stock', exact: true })).toBeVisible();
  await page.getByText('All products', { exact: true }).click();
  await page.getByLabel('Search name or id').fill('Kaju Katli');
  await expect(page.getByRole('button', { name: 'Adjust stock of Kaju Katli', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
});

test('a wrong password is refused without saying whether the account exists', async ({ page }) => {
  await page.goto('/admin/sign-in');
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  for (const email of [demoAccount('manager').email, 'nobody-here@kesarfoods.in']) {
    await page.getByLabel('E-mail').fill(email);
    const answer = page.waitForResponse((r) => r.url().endsWith('/backend/api/admin/session'));
    await page.getByRole('button', { name: 'Continue' }).click();
    expect((await answer).status()).toBe(422);
    await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  }
});

test('a required field the browser scrolls to stops below the header, not behind it', async ({ page }) => {
  await signInToBackOffice(page, 'manager', '/admin/catalogue/products/1');
  const price = page.getByRole('textbox', { name: 'Selling price' });
  await expect(price).toHaveValue(/₹/); // the product is loaded (it would fill the field again)
  await price.fill('');
  await expect(price).toHaveValue('');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(price).toBeFocused();
  const header = await page.getByRole('banner').boundingBox();
  const field = await price.boundingBox();
  expect(field?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 56));
});

test("a rich-text field's editable area is a text box named by its label", async ({ page }) => {
  await signInToBackOffice(page, 'manager', '/admin/catalogue/products/1');
  const description = page.getByRole('textbox', { name: 'Description', exact: true });
  await expect(description).toHaveAttribute('contenteditable', 'true');
  await description.click();
  await page.keyboard.type(' x');
  await expect(description).toContainText('x');
});

test('a price field takes no minus sign: -50 typed is ₹50, never a silent ₹0', async ({ page }) => {
  await signInToBackOffice(page, 'manager', '/admin/catalogue/products/1');
  const price = page.getByRole('textbox', { name: 'Selling price' });
  await expect(price).toHaveValue(/₹/);
  await price.fill('');
  await price.pressSequentially('-50');
  await expect(price).toHaveValue(/^₹50(\.00)?$/);
});
