import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const screens = [
  { name: 'content page', path: '/page/about-us' },
  { name: 'missing content page', path: '/page/no-such-page' },
  { name: 'photo gallery', path: '/gallery/events' },
  { name: 'video gallery', path: '/gallery/video/products' },
  { name: 'contact us', path: '/contact-us' },
  { name: 'page not found (404)', path: '/no-such-page/at-all' },
];

test.beforeEach(async ({ page }) => {
  // No network beyond 127.0.0.1 in tests.
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
});

for (const screen of screens) {
  test(`${screen.name} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(screen.path);
    await page.waitForLoadState('networkidle');
    // Let the gallery items finish their entrance animation (axe reads the final colours).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(blocking).toEqual([]);
  });
}
