import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn, uniqueEmail } from './account-helpers.ts';
import { holdHydration } from './storefront-helpers.ts';

test('text typed and a button clicked before hydration are kept and acted on once the page is live', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'early');
  await createVerifiedAccount(request, email, 'EarlyBird#1');
  const hydration = await holdHydration(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await logIn(page, email, 'EarlyBird#1');
  // Nothing happened yet: no native GET submission (the password never reaches the URL).
  expect(page.url()).not.toContain('EarlyBird');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');

  hydration.release();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(page.url()).not.toContain('EarlyBird');
});

test('forgot password typed before hydration still sends the code', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'early-reset');
  await createVerifiedAccount(request, email, 'EarlyBird#1');
  const hydration = await holdHydration(page);

  await page.goto('/forgot-password', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  hydration.release();

  await expect(page.getByText('OTP sent to your given email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);
});
