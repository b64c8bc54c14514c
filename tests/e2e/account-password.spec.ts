import { expect, test } from '@playwright/test';
import {
  createVerifiedAccount,
  expectLoggedInAs,
  logIn,
  logOutViaMenu,
  RESET_SUBJECT,
  uniqueEmail,
} from './account-helpers.ts';
import { mailCount, otpOf, waitForMail } from './support/mailbox.ts';
import { gotoHydrated } from './storefront-helpers.ts';

test('forgot password: code by mail → verify OTP → log in with the code → change password → log in with it', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset');
  await createVerifiedAccount(request, email, 'OldSaffron#1');

  // From a live page: the link then navigates in the browser, as it does for a shopper once the
  // page has loaded. Typing and clicking before hydration has its own tests (early-input.spec.ts);
  // a click on this link while /login was still hydrating once left the next page's e-mail empty.
  await gotoHydrated(page, '/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before React shows the new page (its render is a transition): until the
  // page's own heading shows, "Email" is still the login form's field.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  const before = mailCount();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('OTP sent to your given email address.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await expect(page.getByText(/^You can resend the OTP in \d+ secs$/)).toBeVisible();

  const code = otpOf(await waitForMail(email, RESET_SUBJECT, before));
  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText(/^OTP verified\./)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The e-mail is filled in; the verified code works once as the password.
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/change-password$/);

  // Wandering off to another account page keeps the reset session: it asks for the new password
  // first, and its button leads back (the page's check once ended the session for good).
  await gotoHydrated(page, '/orders');
  await expect(page.getByRole('heading', { name: 'Set a new password first' })).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByLabel('New Password').fill('NewSaffron#2');
  await page.getByLabel('Retype Password').fill('NewSaffron#2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Still logged in after the change; then log out and back in with the new password.
  await expectLoggedInAs(page, email);
  await page.keyboard.press('Escape');
  await logOutViaMenu(page, email);

  await page.goto('/login');
  await logIn(page, email, 'OldSaffron#1');
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
  await logIn(page, email, 'NewSaffron#2');
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectLoggedInAs(page, email);
});

test('change password while logged out shows the protected prompt; its Login button comes back after login', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'protected');
  await createVerifiedAccount(request, email, 'Saffron#2024');

  await page.goto('/change-password');
  await expect(page.getByText('You are not logged in, pls login to access this page.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'Saffron#2024');
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByLabel('New Password')).toBeVisible();

  await page.getByLabel('New Password').fill('Another#2024');
  await page.getByLabel('Retype Password').fill('Mismatch#2024');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Passwords must match.')).toBeVisible();
});

test('the login form validates and shows server errors as red notices', async ({ page }, testInfo) => {
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Signup here' })).toHaveAttribute('href', '/signup');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('This is a required field.')).toHaveCount(2);
  await page.getByLabel('Email').fill('bad@');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('This must be a valid email address.')).toBeVisible();

  await logIn(page, uniqueEmail(testInfo, 'nobody'), 'Whatever#123');
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();
});

test('§9 login toasts stay 5000 ms: an error notice shows for about 5 s, not the default 4 s', async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, '/login');
  // Timed in the page: from the notice's arrival to its removal (a slow machine can only lengthen it).
  const shownFor = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let shownAt = 0;
        const notice = () =>
          [...document.querySelectorAll('[role="alert"]')].find((n) =>
            n.textContent?.includes('Incorrect email or password.'),
          );
        new MutationObserver(() => {
          if (!shownAt && notice()) shownAt = performance.now();
          else if (shownAt && !notice()) resolve(performance.now() - shownAt);
        }).observe(document.body, { childList: true, subtree: true });
      }),
  );
  await logIn(page, uniqueEmail(testInfo, 'toast'), 'Whatever#123');
  expect(await shownFor).toBeGreaterThanOrEqual(4_800);
});

test('logging in to an unverified account leads to the verify screen', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'unverified');
  const signup = await request.post('/backend/api/web/customers', {
    data: { email, password: 'Saffron#2024', confirm_password: 'Saffron#2024' },
  });
  expect(signup.status()).toBe(200);
  await page.goto('/login');
  await logIn(page, email, 'Saffron#2024');
  await expect(
    page.getByText('Your email address is not verified. Please verify it with the OTP sent to your email.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
});
