import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  blockExternalRequests,
  categoryPath,
  categoryWithProducts,
  gotoHydrated,
} from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

test('home, a category page and /search have no serious or critical axe violations', async ({
  page,
  request,
}) => {
  // Three full axe scans: ~15 s on an idle 2-core machine, several times that on a busy one.
  test.setTimeout(180_000);
  const { category } = await categoryWithProducts(request);
  for (const path of ['/', categoryPath(category), '/search?q=masala']) {
    await gotoHydrated(page, path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
    expect(serious).toEqual([]);
  }
});
