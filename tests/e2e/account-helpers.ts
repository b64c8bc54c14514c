import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { mailCount, otpOf, waitForMail } from './support/mailbox.ts';

export const VERIFY_SUBJECT = /verification code/;
export const RESET_SUBJECT = /password reset code/;

/** A fresh address per test and project (both projects run against the same shop). */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${randomBytes(4).toString('hex')}@example.in`;
}

/** On phones the account entry sits in the menu drawer. */
export async function openAccountArea(page: Page) {
  const burger = page.getByRole('button', { name: 'Open menu' });
  // The drawer may already be open (logging out on '/' does not navigate away).
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true')
    await burger.click();
}

export async function expectLoggedInAs(page: Page, email: string) {
  await openAccountArea(page);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
}

export async function logOutViaMenu(page: Page, email: string) {
  await openAccountArea(page);
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // On phones the logout's navigation closes the drawer, which may still read as open when the
  // drawer is checked, and then close: open it again until the Login link shows.
  await expect(async () => {
    await openAccountArea(page);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** A verified account made through the API, the way a customer would (code read from the mail). */
export async function createVerifiedAccount(request: APIRequestContext, email: string, password: string) {
  const before = mailCount();
  const signup = await request.post('/backend/api/web/customers', {
    data: { email, password, confirm_password: password },
  });
  expect(signup.status()).toBe(200);
  const code = otpOf(await waitForMail(email, VERIFY_SUBJECT, before));
  const verify = await request.post('/backend/api/web/customers/verify_email_otp', {
    data: { email, email_verification_otp: code },
  });
  expect(verify.status()).toBe(200);
}

/** Fills the login form and submits it. */
export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
