import { expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  expectLoggedInAs,
  logOutViaMenu,
  uniqueEmail,
  VERIFY_SUBJECT,
} from './account-helpers.ts';
import { mailCount, mailsTo, otpOf, waitForMail } from './support/mailbox.ts';
import { gotoHydrated } from './storefront-helpers.ts';

test('a visitor signs up, verifies the e-mail with the mailed code, sees the account menu and logs out', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'signup');
  const before = mailCount();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Signup' })).toBeVisible();
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('Saffron#2024');
  await page.getByLabel('Confirm Password').fill('Saffron#2024');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();

  await expect(page.getByText('OTP sent to your given email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText(/^You can resend the OTP in \d+ secs$/)).toBeVisible();
  // The one thing to type here has the focus.
  await expect(page.getByLabel('OTP')).toBeFocused();

  const code = otpOf(await waitForMail(email, VERIFY_SUBJECT, before));
  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'Verify Email' }).click();

  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedInAs(page, email);
  await page.keyboard.press('Escape');
  await logOutViaMenu(page, email);
});

test('the signup form shows the product validation messages under the fields', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page.getByText('This is a required field.')).toHaveCount(3);

  await page.getByLabel('Email').fill('not an email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page.getByText('This must be a valid email address.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await expect(page.getByText('Passwords must match.')).toBeVisible();
});

test('§2 sign-up opens /verify-email itself: the e-mail rides in the tab’s history, and a reload keeps it and the sign-up', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'reload');
  const before = mailCount();
  await gotoHydrated(page, '/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Saffron#2024');
  await page.getByLabel('Confirm Password').fill('Saffron#2024');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  // The reloaded screen still sends this sign-up's token: its code verifies the e-mail.
  const code = otpOf(await waitForMail(email, VERIFY_SUBJECT, before));
  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('ADR 0007: a shopper who goes back and signs up again within the minute types the one mailed code, and the second password is the one that works', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'again');
  const before = mailCount();
  const signUp = async (password: string) => {
    await gotoHydrated(page, '/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Signup', exact: true }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
  };
  await signUp('Typo#Pass1');
  const mail = await waitForMail(email, VERIFY_SUBJECT, before);
  await page.goBack();
  await signUp('Saffron#2024');
  // Inside the minute no second mail is sent: the first one's code is the one to type.
  await page.getByLabel('OTP').fill(otpOf(mail));
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Email verified successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const login = (password: string) =>
    page.request.post('/backend/api/web/customers/login', {
      data: { login_method: 'email', username: email, password },
    });
  expect((await login('Saffron#2024')).status()).toBe(200);
  expect((await login('Typo#Pass1')).status()).toBe(422);
  expect(mailsTo(email).filter((m) => VERIFY_SUBJECT.test(m.subject))).toHaveLength(1);
});

test('signing up with a registered e-mail looks like any sign-up; the owner is mailed how to log in (no account enumeration)', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'taken');
  await createVerifiedAccount(request, email, 'Saffron#2024');
  const before = mailCount();
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Other#Pass123');
  await page.getByLabel('Confirm Password').fill('Other#Pass123');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await expect(page.getByText('OTP sent to your given email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  const notice = await waitForMail(email, /already have a Kesar Foods & Locks account/, before);
  expect(notice.text).toContain('/forgot-password');
});

test('§9 the verify screen says "60 secs" (not a ticking count), then offers a working Resend OTP link', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  const email = uniqueEmail(testInfo, 'countdown');
  await gotoHydrated(page, `/verify-email?email=${encodeURIComponent(email)}`);
  await expect(page.getByText('You can resend the OTP in 60 secs', { exact: true })).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(page.getByText('You can resend the OTP in 60 secs', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);

  await page.clock.fastForward(31_000);
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByText('OTP sent to your given email address.')).toBeVisible();
  // The wait starts again.
  await expect(page.getByText('You can resend the OTP in 60 secs', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
});

test('a wrong code on the verify screen shows the server message', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'wrongcode');
  await page.goto(`/verify-email?email=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('This is a required field.')).toBeVisible();
  await page.getByLabel('OTP').fill('000000');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('The OTP is invalid or has expired.')).toBeVisible();
});
