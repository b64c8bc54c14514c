import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  banners,
  blockExternalRequests,
  featuredProducts,
  gotoHydrated,
  isMobile,
  shopTexts,
} from './storefront-helpers.ts';

test.beforeEach(async ({ page }) => blockExternalRequests(page));

test('home sections come in the product order', async ({ page }) => {
  await gotoHydrated(page, '/');
  const sections = [
    page.getByTestId('banner-carousel'),
    page.getByTestId('video-block'),
    page.getByRole('heading', { name: 'Featured Products', level: 2 }),
    page.getByRole('heading', { name: 'What People are Saying', level: 2 }),
    page.getByRole('heading', { name: 'More to discover', level: 2 }),
    page.getByRole('heading', { name: 'Follow Us On', level: 2 }),
    page.getByRole('heading', { name: 'Subscribe Newsletter', level: 2 }),
  ];
  const tops: number[] = [];
  for (const section of sections) {
    const box = await section.boundingBox();
    if (!box) throw new Error(`section not rendered: ${section}`);
    tops.push(box.y);
  }
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
});

test('banner carousel: each slide links to its banner url; first image eager, others lazy', async ({
  page,
  request,
}) => {
  const home = (await banners(request)).filter((b) => b.category === 'Homepage Banners');
  expect(home.length).toBeGreaterThan(1);
  await gotoHydrated(page, '/');
  const carousel = page.getByTestId('banner-carousel');
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(home.length);
  for (const [i, banner] of home.entries()) {
    const link = slides.nth(i).locator('a');
    await expect(link).toHaveAttribute('href', banner.url ?? '');
    await expect(link.locator('img')).toHaveAttribute('loading', i === 0 ? 'eager' : 'lazy');
  }
  await expect(slides.first().locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expect(carousel.getByRole('tab', { name: 'Show banner 2' })).toBeVisible();
});

test('§9 banner carousel: autoplay every 3500 ms, steadily, looping back to the first banner', async ({
  page,
  request,
}) => {
  const count = (await banners(request)).filter((b) => b.category === 'Homepage Banners').length;
  expect(count).toBeGreaterThan(1);
  const start = new Date('2026-01-01T10:00:00Z');
  await page.clock.install({ time: start });
  await gotoHydrated(page, '/');
  const carousel = page.getByTestId('banner-carousel');
  const viewport = carousel.locator('[aria-roledescription="slide"]').first().locator('..');
  /** The banner in view, read from the scroll position (smooth scrolling runs in real time). */
  const shown = () => viewport.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
  await page.clock.pauseAt(new Date(start.getTime() + 10 * 60_000));
  // Hovering pauses the autoplay and leaving starts it again: the timer starts now, at a known time.
  await carousel.hover();
  await page.mouse.move(0, 0);
  const settled = () =>
    viewport.evaluate((el) => {
      const offset = el.scrollLeft % el.clientWidth;
      return offset < 2 || el.clientWidth - offset < 2;
    });
  await expect.poll(settled).toBe(true);
  let expected = await shown();
  for (let tick = 0; tick < count + 1; tick++) {
    await page.clock.runFor(3499);
    expect(await shown()).toBe(expected);
    await page.clock.runFor(1);
    expected = (expected + 1) % count;
    await expect.poll(shown).toBe(expected);
  }
  // WCAG 2.2.2: while the keyboard focus is in the carousel the slides stay put, so a focused
  // banner link is not carried off screen; focus leaving starts the autoplay again.
  await viewport.focus();
  await expect.poll(settled).toBe(true);
  const focusedAt = await shown();
  await page.clock.runFor(3 * 3500);
  expect(await shown()).toBe(focusedAt);
  await page.getByTestId('site-header').getByRole('link').first().focus();
  await page.clock.runFor(3500);
  await expect.poll(shown).toBe((focusedAt + 1) % count);
});

test('§2 on a phone the banner controls take taps: the indicator row beside them does not cover them', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  const carousel = page.getByTestId('banner-carousel');
  const viewport = carousel.locator('[aria-roledescription="slide"]').first().locator('..');
  const count = await carousel.locator('[aria-roledescription="slide"]').count();
  const shown = () => viewport.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
  await carousel.hover();
  // A real click at the control's place (trial clicks fail when something else lies on top).
  await carousel.getByRole('button', { name: 'Previous banner' }).click({ timeout: 5_000 });
  await expect.poll(shown).toBe(count - 1);
  await carousel.getByRole('button', { name: 'Next banner' }).click({ timeout: 5_000 });
  await expect.poll(shown).toBe(0);
});

test('WCAG 2.2.2: with reduced motion asked for, the banners do not turn by themselves; the controls still work', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
  await gotoHydrated(page, '/');
  const carousel = page.getByTestId('banner-carousel');
  const viewport = carousel.locator('[aria-roledescription="slide"]').first().locator('..');
  const shown = () => viewport.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));
  await page.clock.runFor(4 * 3500);
  expect(await shown()).toBe(0);
  await carousel.getByRole('button', { name: 'Next banner' }).click();
  await expect.poll(shown).toBe(1);
});

test('video block: a poster loads the YouTube player only when clicked; at most 2 + 2 banners', async ({
  page,
  request,
}) => {
  const texts = await shopTexts(request);
  const id = /v=([\w-]+)/.exec(texts.home_youtube_video_url ?? '')?.[1];
  expect(id).toBeTruthy();
  await gotoHydrated(page, '/');
  const block = page.getByTestId('video-block');
  await expect(block.locator('iframe')).toHaveCount(0);
  // The poster comes from our own media: nothing is fetched from YouTube before the click.
  const play = block.getByRole('button', { name: 'Play video' });
  await expect(play.locator('img[src^="/backend/data/assets/"]')).toHaveCount(1);
  await expect(block.locator('img[src*="ytimg.com"]')).toHaveCount(0);
  // Bandwidth order on a phone: the poster (the largest first-screen image there) before the
  // banners under it, which still load at once; the bottom banners wait until scrolled near.
  await expect(play.locator('img')).toHaveAttribute('fetchpriority', 'high');
  const rightBanners = await block.locator('a img:not([loading="lazy"])').all();
  expect(rightBanners.length).toBeGreaterThan(0);
  for (const img of rightBanners) await expect(img).toHaveAttribute('fetchpriority', 'low');
  // Pressed from the keyboard: the player takes the focus from the button it replaces.
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(block.locator('iframe')).toHaveAttribute(
    'src',
    new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${id}`),
  );
  await expect(block.locator('iframe')).toBeFocused();
  expect(await block.locator('a img').count()).toBeLessThanOrEqual(4);
});

test('Featured Products: every featured product, 4 per row on large screens (2 on phones)', async ({
  page,
  request,
}, testInfo) => {
  const featured = await featuredProducts(request);
  expect(featured.length).toBeGreaterThan(4);
  await gotoHydrated(page, '/');
  const section = page.getByTestId('featured-products');
  const tiles = section.getByTestId('product-tile');
  await expect(tiles).toHaveCount(featured.length);
  for (const p of featured)
    await expect(section.getByRole('heading', { name: p.name, exact: true })).toBeVisible();
  const tops = await tiles.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  const perRow = tops.filter((t) => t === tops[0]).length;
  expect(perRow).toBe(isMobile(testInfo) ? 2 : 4);
});

test('testimonials carousel: five stars and the 300x300 photo on each testimonial', async ({
  page,
  request,
}) => {
  const response = await request.get('/backend/api/web/clienttestimonials', {
    params: { order: 'display_order' },
  });
  const items = ((await response.json()) as { items: { name: string; image: string | null }[] }).items;
  await gotoHydrated(page, '/');
  const section = page.getByTestId('testimonials');
  await expect(section.getByTestId('testimonial')).toHaveCount(items.length);
  const withPhoto = items.find((t) => t.image);
  expect(withPhoto).toBeDefined();
  await expect(section.getByRole('img', { name: withPhoto?.name, exact: true }).first()).toHaveAttribute(
    'src',
    `/backend/data/clienttestimonials/300x300/${withPhoto?.image}`,
  );
  await expect(section.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(items.length);
  await expect(
    section.getByRole('img', { name: 'Rated 5 out of 5' }).first().locator('svg path'),
  ).toHaveCount(5);
});

test('§2 Home and §9 breakpoint: testimonials one per view up to 768 px, two above it', async ({ page }) => {
  const perView = async (width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, '/');
    const section = page.getByTestId('testimonials');
    await section.scrollIntoViewIfNeeded();
    const [first, second] = await section.getByTestId('testimonial').all();
    const a = await first?.boundingBox();
    const b = await second?.boundingBox();
    if (!a || !b) throw new Error('fewer than two testimonials');
    // Side by side: the second starts where the row of the first is, within the view.
    return Math.abs(a.y - b.y) < 2 && b.x + b.width <= width ? 2 : 1;
  };
  expect(await perView(768)).toBe(1);
  expect(await perView(800)).toBe(2);
});

test('§2 Home: the testimonial carousel controls never cover a testimonial', async ({ page }) => {
  await gotoHydrated(page, '/');
  const section = page.getByTestId('testimonials');
  await section.scrollIntoViewIfNeeded();
  const controls = [
    section.getByRole('button', { name: 'Previous testimonial' }),
    section.getByRole('button', { name: 'Next testimonial' }),
  ];
  const cards = await section.getByTestId('testimonial').all();
  for (const control of controls) {
    await expect(control).toBeVisible();
    const c = await control.boundingBox();
    if (!c) throw new Error('control without a box');
    for (const card of cards) {
      const t = await card.boundingBox();
      if (!t) continue;
      const overlaps =
        c.x < t.x + t.width && t.x < c.x + c.width && c.y < t.y + t.height && t.y < c.y + c.height;
      expect(overlaps, 'a carousel control lies over a testimonial').toBe(false);
    }
  }
  // They still work: Next moves the row on.
  const viewport = section.locator('[tabindex="0"]').first();
  const before = await viewport.evaluate((el) => el.scrollLeft);
  await controls[1]?.click();
  await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
});

test('More to discover: five feature boxes and Read More to /page/about-us', async ({ page }) => {
  await gotoHydrated(page, '/');
  const section = page.getByTestId('more-to-discover');
  for (const title of [
    'Transportation',
    'Bulk Production',
    'Prototype Making',
    'Products Design',
    'High Quality',
  ]) {
    await expect(section.getByText(title, { exact: true })).toBeVisible();
  }
  await expect(section.getByTestId('feature-box')).toHaveCount(5);
  await expect(section.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', '/page/about-us');
});

test('Follow Us On shows only the social links that are set', async ({ page, request }) => {
  const texts = await shopTexts(request);
  await gotoHydrated(page, '/');
  const section = page.getByTestId('follow-subscribe');
  const networks = {
    Facebook: 'facebook',
    Instagram: 'instagram',
    Twitter: 'twitter',
    YouTube: 'youtube',
  } as const;
  for (const [label, key] of Object.entries(networks)) {
    const url = texts[`social_links_${key}`];
    const link = section.getByRole('link', { name: label, exact: true });
    if (url) await expect(link).toHaveAttribute('href', url);
    else await expect(link).toHaveCount(0);
  }
});

test('newsletter: an empty e-mail shows the message and sends nothing', async ({ page }) => {
  await gotoHydrated(page, '/');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/newsletters')) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Please enter a valid email address' });
  await expect(notice).toBeVisible();
  // A red notification (product rules §8).
  await expect(notice).toHaveAttribute('style', /--notification-color: var\(--mantine-color-red-/);
  expect(posts).toEqual([]);
});

test('newsletter: subscribing shows the server message as a green notice', async ({ page }, testInfo) => {
  await gotoHydrated(page, '/');
  const email = `news-${testInfo.project.name}-${randomBytes(4).toString('hex')}@example.in`;
  await page.getByRole('textbox', { name: 'E-mail address for the newsletter' }).fill(email);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/backend/api/web/newsletters') && r.request().method() === 'POST',
    ),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ email });
  const { message } = (await response.json()) as { message: string };
  const notice = page.getByRole('alert').filter({ hasText: message });
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('style', /--notification-color: var\(--mantine-color-green-/);
  await expect(page.getByRole('textbox', { name: 'E-mail address for the newsletter' })).toHaveValue('');
});
