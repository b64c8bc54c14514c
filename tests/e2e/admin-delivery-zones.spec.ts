import { expect, test } from '@playwright/test';
import type { DeliveryQuote } from '@shop/contract/delivery';
import { backOfficeNav, openBackOfficeNav, signInToBackOffice } from './admin-helpers.ts';

const shots = '.tmp/screens-delivery-zones';

test('the owner adds a delivery zone in the back office, the delivery quote follows at once, and deletes it', async ({
  page,
  request,
}, testInfo) => {
  // One Rajasthan pincode per viewport, no other spec uses them: the state zone serves them (₹40, 3 days).
  const pincode = testInfo.project.name === 'mobile' ? '342001' : '313001';
  const quote = async () =>
    (await (await request.get(`/backend/api/web/delivery/${pincode}`)).json()) as DeliveryQuote;
  expect(await quote()).toMatchObject({ charge: 40, eta_days: 3 });

  await signInToBackOffice(page, 'owner', '/admin');
  await openBackOfficeNav(page);
  await backOfficeNav(page).getByRole('link', { name: 'Delivery zones' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery zones' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Jaipur city (own riders)' })).toContainText('302');
  await page.screenshot({ path: `${shots}/list-${testInfo.project.name}.png`, fullPage: true });

  await page.getByRole('button', { name: 'New zone' }).click();
  const drawer = page.getByRole('dialog', { name: 'New delivery zone' });
  await drawer.getByLabel('Name').fill(`Express ${pincode}`);
  await drawer.getByLabel('Pincodes').fill('31300');
  await drawer.getByLabel('Pincodes').press('Enter');
  await drawer.getByLabel('Delivery charge (₹)').fill('75');
  await drawer.getByLabel('Delivery in (days)').fill('2');
  await drawer.getByRole('button', { name: 'Save' }).click();
  // A five-digit pincode is refused under its field.
  await expect(drawer.getByText('"31300" is not a pincode: use 6 digits, the first not 0.')).toBeVisible();
  await page.screenshot({ path: `${shots}/drawer-${testInfo.project.name}.png`, fullPage: true });
  await drawer.getByLabel('Pincodes').press('Backspace');
  await drawer.getByLabel('Pincodes').fill(pincode);
  await drawer.getByLabel('Pincodes').press('Enter');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Express ${pincode}` });
  await expect(row).toContainText('₹75.00 · 2 days');
  expect(await quote()).toMatchObject({ serviceable: true, charge: 75, eta_days: 2 });

  await row.click();
  const edit = page.getByRole('dialog', { name: `Edit Express ${pincode}` });
  await edit.getByRole('button', { name: 'Delete zone' }).click();
  await page
    .getByRole('dialog', { name: 'Delete zone' })
    .getByRole('button', { name: 'Delete zone' })
    .click();
  await expect(row).toHaveCount(0);
  expect(await quote()).toMatchObject({ charge: 40, eta_days: 3 });

  // Deleting the catch-all zone would stop delivery to every pincode no other zone lists: the
  // question says so (and Cancel keeps it).
  await page.getByRole('row').filter({ hasText: 'Rest of India' }).click();
  await page
    .getByRole('dialog', { name: 'Edit Rest of India' })
    .getByRole('button', { name: 'Delete zone' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Delete zone' });
  await expect(ask).toContainText(
    'Delete Rest of India? Pincodes that no other zone lists will no longer be delivered to.',
  );
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Edit Rest of India' })).toBeVisible();
});
