import { expect, type Page, test } from '@playwright/test';
import { gotoHydrated } from './storefront-helpers.ts';
import { waitForMail } from './support/mailbox.ts';

const API = '/backend/api/web';

async function settings(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get(`${API}/settings?per-page=200`);
  const { items } = (await res.json()) as { items: { key: string; value: string }[] };
  return Object.fromEntries(items.map((s) => [s.key, s.value]));
}

async function fillValidForm(page: Page, name: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('asha.verma@example.com');
  await page.getByLabel('Phone').fill('+91 91234 56789');
  await page.getByLabel('Message').fill('Do you deliver 20 kg of kaju katli to Pune for a wedding?');
}

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

test.describe('Contact Us /contact-us', () => {
  test('shows the company e-mail, phone, address and only the social links that are set', async ({
    page,
  }) => {
    const shop = await settings(page);
    expect((await page.goto('/contact-us'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const email = shop.company_email_address ?? '';
    await expect(page.getByTestId('contact-email')).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.getByTestId('contact-email')).toHaveText(email);
    const phone = shop.company_contact_number ?? '';
    await expect(page.getByTestId('contact-phone')).toHaveText(phone);
    await expect(page.getByTestId('contact-phone')).toHaveAttribute(
      'href',
      `tel:${phone.replace(/[^\d+]/g, '')}`,
    );
    // The seeded address is HTML ("Kesar Foods &amp; Locks<br />…"), rendered, not shown as markup.
    const address = page.getByTestId('contact-address');
    await expect(address).toContainText('Kesar Foods & Locks');
    await expect(address).not.toContainText('&amp;');
    await expect(address).not.toContainText('<br');
    const social = page.getByTestId('contact-social');
    for (const network of ['youtube', 'facebook', 'instagram', 'twitter']) {
      const url = shop[`social_links_${network}`] ?? '';
      const link = social.locator(`a[data-network="${network}"]`);
      if (url) await expect(link).toHaveAttribute('href', url);
      else await expect(link).toHaveCount(0);
    }
  });

  test('validates each field when it loses focus', async ({ page }) => {
    // A blur before hydration validates nothing (the form's handlers are not attached yet).
    await gotoHydrated(page, '/contact-us');
    const name = page.getByLabel('Name');
    await name.focus();
    await name.blur();
    await expect(page.getByText('This is a required field.')).toHaveCount(1);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('This must be a valid email address.')).toBeVisible();
    await page.getByLabel('Phone').focus();
    await page.getByLabel('Phone').blur();
    await page.getByLabel('Message').focus();
    await page.getByLabel('Message').blur();
    await expect(page.getByText('This is a required field.')).toHaveCount(3);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('Asha');
    await name.blur();
    await expect(page.getByText('This is a required field.')).toHaveCount(2);
  });

  test('submitting without solving the captcha says so and sends nothing', async ({ page }) => {
    await page.goto('/contact-us');
    let posted = false;
    page.on('request', (r) => {
      if (r.url().includes('/contact_queries')) posted = true;
    });
    await fillValidForm(page, 'Unsolved Captcha');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'Please verify captch!')).toBeVisible();
    expect(posted).toBe(false);
  });

  test("a captcha challenge that cannot load alerts 'failed to load captcha'", async ({ page }) => {
    await page.route(`**${API}/captcha/challenge*`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/contact-us');
    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      await dialog.accept();
    });
    await page.getByTestId('captcha').getByText("I'm not a robot").click();
    await expect.poll(() => alerts).toEqual(['alert: failed to load captcha']);
  });

  test('a solved captcha sends the message: green notice, empty form, mail to the shop', async ({
    page,
  }, testInfo) => {
    const shop = await settings(page);
    const name = `Asha Verma ${testInfo.project.name} ${Date.now()}`;
    await page.goto('/contact-us');
    await fillValidForm(page, name);
    // A click on the middle of the box itself (where ALTCHA draws its tick) starts the check.
    await page.getByTestId('captcha').getByRole('checkbox').click();
    // The widget solves the proof of work in the browser.
    await expect(page.getByTestId('captcha').getByText('Verified')).toBeVisible({ timeout: 30_000 });
    const answer = page.waitForResponse((r) => r.url().includes('/contact_queries'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await answer).ok()).toBe(true);
    await expect(notice(page, 'Your message has been sent successfully.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page.getByLabel('Phone')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    const mail = await waitForMail(shop.company_email_address ?? '', new RegExp(`New enquiry from ${name}`));
    expect(mail.text).toContain('Do you deliver 20 kg of kaju katli to Pune');
  });
});
