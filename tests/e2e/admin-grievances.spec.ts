import { expect, test } from '@playwright/test';
import { signInToBackOffice } from './admin-helpers.ts';
import { gotoHydrated } from './storefront-helpers.ts';
import { waitForMail } from './support/mailbox.ts';

test('the owner reads a grievance typed without spaces in its row (the table keeps its columns in view), resolves it and the customer is mailed', async ({
  page,
  browser,
}, testInfo) => {
  const email = `grievance-long-${testInfo.project.name}-${Date.now()}@example.in`;
  const unbroken = 'PleaseCallMeBackAboutTheBulkOrderOfKajuKatliForMyDaughtersWeddingInUdaipur'.repeat(2);
  await gotoHydrated(page, '/grievance');
  const form = page.getByRole('form', { name: 'Grievance form' });
  await form.getByLabel('Name').fill('Sunita Rathore');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+91 94141 23456');
  await form.getByLabel('What is it about?').selectOption({ label: 'Something else' });
  await form.getByLabel('Your grievance').fill(unbroken);
  await form.getByTestId('captcha').getByRole('checkbox').click();
  await expect(form.getByTestId('captcha').getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await form.getByRole('button', { name: 'Submit Grievance' }).click();
  const ticket = (await page.getByTestId('grievance-ticket').textContent()) ?? '';
  expect(ticket).toMatch(/^GRV-\d{4}-\d{6}$/);

  const context = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: process.env.E2E_BASE_URL,
  });
  const owner = await context.newPage();
  await signInToBackOffice(owner, 'owner', '/admin/grievances');
  await owner.getByLabel('Ticket number or e-mail').fill(ticket);
  const row = owner.getByRole('row').filter({ hasText: ticket });
  await row.getByText(ticket).click();
  const description = owner.getByText(unbroken);
  await expect(description).toBeVisible();
  // The description wraps in its row: on a wide screen the table keeps every column in view
  // without scrolling sideways (on a phone its columns scroll in their frame by design).
  if (testInfo.project.name === 'desktop') {
    const sideways = await description.evaluate((el) => {
      const frame = el.closest('.mantine-ScrollArea-viewport') as HTMLElement;
      return frame.scrollWidth - frame.clientWidth;
    });
    expect(sideways).toBeLessThanOrEqual(0);
    await expect(owner.getByRole('columnheader', { name: 'Status' })).toBeInViewport();
  }

  await owner.getByLabel('What was done').fill('We called back and booked the order for the wedding.');
  await owner.getByRole('button', { name: 'Resolve' }).click();
  await expect(owner.getByText('Resolved; the customer has been mailed.')).toBeVisible();
  await waitForMail(email, new RegExp(ticket));
});
