import { expect, type Page, test } from '@playwright/test';
import { backOfficeNav, openBackOfficeNav, signInToBackOffice } from './admin-helpers.ts';

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a staff member cannot open the payment gateways: no navigation entry, the 403 page, and the API refuses', async ({
  page,
}) => {
  await signInToBackOffice(page, 'staff');
  await openBackOfficeNav(page);
  const nav = backOfficeNav(page);
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Payment gateways' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);

  await page.goto('/admin/payment-gateways');
  await expect(page.getByText('You do not have permission to do this.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment gateways' })).toHaveCount(0);

  const api = await page.request.get('/backend/api/admin/payment-gateways');
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ status: 403, message: 'You do not have permission to do this.' });
});

test('the owner edits a page in the rich-text editor and sees it on the storefront; settings show where each shows, gateway keys only their last four characters', async ({
  page,
}, testInfo) => {
  const marker = `Fresh from Jaipur ${testInfo.project.name} ${Date.now()}`;
  await signInToBackOffice(page, 'owner', '/admin/pages');
  await expect(page.getByRole('heading', { name: 'Pages' })).toBeVisible();
  await page.getByRole('cell', { name: 'About Us', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit page' });
  await expect(dialog).toBeVisible();
  // A new paragraph after the page's last one.
  await dialog.locator('.ProseMirror > p').last().click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(marker);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath(`admin-page-editor-${testInfo.project.name}.png`) });
  const saved = page.waitForResponse(
    (r) => r.url().includes('/backend/api/admin/content/pages/') && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toHaveCount(0);

  await page.goto('/page/about-us');
  await expect(page.getByText(marker)).toBeVisible();

  // One owner sign-in per test run and project: each authenticator code is accepted once.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  await expect(page.getByLabel('Minimum order amount')).toHaveValue('₹199');
  await expect(page.getByText('The green WhatsApp button on every page', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`admin-settings-${testInfo.project.name}.png`),
    fullPage: true,
  });

  await page.goto('/admin/payment-gateways');
  const razorpay = page.getByRole('region', { name: 'Razorpay' });
  await expect(razorpay).toBeVisible();
  await expect(razorpay.getByLabel('Key secret')).toHaveAttribute('placeholder', /^••••\S{4} \(saved/);
  await razorpay.getByRole('button', { name: 'Test connection' }).click();
  await expect(razorpay.getByRole('status')).toContainText('Razorpay accepted the key id and secret.');
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`admin-gateways-${testInfo.project.name}.png`),
    fullPage: true,
  });
});

test('a manager uploads a new gallery photo from the form; the storefront gallery shows it', async ({
  page,
}, testInfo) => {
  const album = `zz-upload-${testInfo.project.name}-${Date.now()}`;
  const caption = `Factory floor ${testInfo.project.name}`;
  await signInToBackOffice(page, 'manager', '/admin/site-content');
  await page.getByRole('tab', { name: 'Photo gallery' }).click();
  await page.getByRole('button', { name: 'Add gallery photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'New gallery photo' });
  await dialog.getByLabel('Album').fill(album);
  await dialog.getByLabel('Caption').fill(caption);
  // Last in the list: the gallery specs show the first album of the demo shop, which this one must not become.
  await dialog.getByLabel('Position').fill('999999');

  const sharp = (await import('sharp')).default;
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#9a3412' } })
      .jpeg()
      .toBuffer();
  const fileInput = dialog.locator('input[type="file"]');
  // Too small for a gallery: the server's reason shows under the field, and nothing is picked.
  await fileInput.setInputFiles({ name: 'thumb.jpg', mimeType: 'image/jpeg', buffer: await picture(90, 60) });
  await expect(dialog.getByText('The image is too small: at least 200 × 200 pixels.')).toBeVisible();
  await fileInput.setInputFiles({
    name: 'Factory Floor.jpg',
    mimeType: 'image/jpeg',
    buffer: await picture(1200, 800),
  });
  const image = dialog.getByRole('combobox', { name: 'Image' });
  await expect(image).toHaveValue(/^factory-floor-[0-9a-f]{8}\.jpg$/);
  await expect(dialog.getByText('The image is too small', { exact: false })).toHaveCount(0);
  const file = await image.inputValue();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath(`admin-media-upload-${testInfo.project.name}.png`) });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const gallery = await page.request.get(
    `/backend/api/web/imagegallery?ImagegallerySearch[category]=${album}&per-page=200&page=1`,
  );
  const items = ((await gallery.json()) as { items: { name: string; image: string }[] }).items;
  expect(items).toEqual([expect.objectContaining({ name: caption, image: expect.stringContaining(file) })]);
  await page.goto(`/gallery/${album}`);
  await expect(page.getByText(caption)).toBeVisible();
});
