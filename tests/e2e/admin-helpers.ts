import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF } from '@shop/db/seed/demo-staff';
import { Secret, TOTP } from 'otpauth';

export type StaffRole = (typeof DEMO_STAFF)[number]['role'];

export function demoAccount(role: StaffRole) {
  const account = DEMO_STAFF.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

function totpOf(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
}

/** The code an authenticator app holding `secret` shows now. */
export function totpCode(secret: string): string {
  return totpOf(secret).generate();
}

/**
 * Gives the owner's second factor as an authenticator app would. The server takes each 30-second
 * step's code once, and accepts the next step's code too (clock drift). Both test projects and
 * several specs sign the demo owner in, so at most about one sign-in a step goes through: a
 * refused code is followed by the next step's code, and if that was taken as well the test waits
 * for the clock to reach a fresh step and tries again — up to three times, its own time limit
 * growing by each wait (with five specs signing the owner in on two workers, one wait was not
 * always enough).
 */
async function enterOwnerCode(page: Page, secret: string) {
  const totp = totpOf(secret);
  for (let attempt = 0; attempt < 8; attempt++) {
    const offset = attempt % 2 === 0 ? 0 : 30_000;
    if (attempt > 0 && offset === 0) {
      const wait = 30_000 - (Date.now() % 30_000) + 200;
      test.setTimeout(test.info().timeout + wait);
      await page.waitForTimeout(wait);
    }
    await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + offset }));
    const answer = page.waitForResponse((r) => r.url().endsWith('/backend/api/admin/session/totp'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const response = await answer;
    if (response.ok()) return;
    expect(response.status()).toBe(422);
    await expect(page.getByText('The code is invalid or has already been used.')).toBeVisible();
  }
  throw new Error('the owner code was refused in four time steps running');
}

/** Signs a demo staff member in through the sign-in page (the owner with the TOTP step). */
export async function signInToBackOffice(page: Page, role: StaffRole, path = '/admin') {
  const account = demoAccount(role);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Back office sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  if (account.totpSecret) {
    await expect(page.getByLabel('Code')).toBeVisible();
    await enterOwnerCode(page, account.totpSecret);
  }
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** On a phone the navigation sits behind the burger button. */
export async function openBackOfficeNav(page: Page) {
  const burger = page.getByRole('button', { name: 'Open navigation' });
  if (await burger.isVisible()) await burger.click();
}

export function backOfficeNav(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}
