import { expect, test } from '@playwright/test';
import { signInToBackOffice } from './admin-helpers.ts';

test('switching a coupon between percent and rupees keeps the number shown (15 % ↔ ₹15, not ₹0.15)', async ({
  page,
}) => {
  await signInToBackOffice(page, 'manager', '/admin/coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByLabel('Discount (%)').fill('15');
  await dialog.getByText('Rupees off').click();
  await expect(dialog.getByLabel('Discount (₹)')).toHaveValue('15');
  await dialog.getByText('Percent off').click();
  await expect(dialog.getByLabel('Discount (%)')).toHaveValue('15');
});

test('the dashboard’s Low stock card links to the low-stock screen', async ({ page }) => {
  await signInToBackOffice(page, 'manager', '/admin');
  const link = page.getByRole('main').getByRole('link', { name: 'Low stock', exact: true });
  await link.click();
  await expect(page).toHaveURL(/\/admin\/stock\/low$/);
});

test('status badges in the back office’s tables are shown whole, phones included (the table scrolls instead)', async ({
  page,
}) => {
  await signInToBackOffice(page, 'manager', '/admin/coupons');
  const badges = page.getByRole('table').locator('.mantine-Badge-label');
  await expect(badges.first()).toBeVisible();
  const cut = await badges.evaluateAll((labels) =>
    labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
  );
  expect(cut).toEqual([]);
});
