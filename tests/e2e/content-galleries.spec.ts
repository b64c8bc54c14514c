import { expect, type Page, test } from '@playwright/test';

const API = '/backend/api/web';

interface Photo {
  id: number;
  category: string;
  name: string;
  image: string;
}
interface Video {
  id: number;
  category: string;
  name: string;
  video_id: string;
}

async function photosOf(page: Page, category: string): Promise<Photo[]> {
  const res = await page.request.get(
    `${API}/imagegallery?ImagegallerySearch[category]=${encodeURIComponent(category)}&per-page=200&page=1`,
  );
  return ((await res.json()) as { items: Photo[] }).items;
}

async function firstCategory(page: Page, path: 'imagegallery' | 'videogallery'): Promise<string> {
  const res = await page.request.get(`${API}/${path}?per-page=200`);
  const { items } = (await res.json()) as { items: { category: string }[] };
  const category = items[0]?.category;
  if (!category) throw new Error(`the demo shop has no ${path} items`);
  return category;
}

test.beforeEach(async ({ page }) => {
  // No network beyond 127.0.0.1 in tests: YouTube thumbnails and players are answered here.
  await page.route('https://i.ytimg.com/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>YouTube player</title>' }),
  );
});

test.describe('photo gallery /gallery/{category}', () => {
  test('shows a grid of 300x300 thumbnails with names, appearing 100 ms apart', async ({ page }) => {
    const category = await firstCategory(page, 'imagegallery');
    const photos = await photosOf(page, category);
    expect((await page.goto(`/gallery/${category}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Photo Gallery' })).toBeVisible();
    // The browser's title names the category as the heading shows it: capitalised.
    const shown = category
      .replace(/-/g, ' ')
      .replace(/(^|\s)(\p{Ll})/gu, (_, s, l: string) => s + l.toUpperCase());
    await expect(page).toHaveTitle(new RegExp(`^${shown} Photo Gallery`));
    const grid = page.getByTestId('photo-grid');
    await expect(grid.getByRole('button')).toHaveCount(photos.length);
    const first = photos[0];
    if (!first) throw new Error('no photos');
    const image = grid.getByRole('img', { name: first.name });
    await expect(image).toHaveAttribute('src', `/backend/data/imagegallery/300x300/${first.image}`);
    await expect(image).toHaveAttribute('width', '300');
    await expect(grid.getByText(first.name, { exact: true })).toBeVisible();
    const delays = await grid
      .locator('li')
      .evaluateAll((items) => items.slice(0, 3).map((li) => getComputedStyle(li).animationDelay));
    expect(delays).toEqual(['0s', '0.1s', '0.2s']);
  });

  test('a click opens the lightbox with the caption, thumbnails and zoom', async ({ page }) => {
    const category = await firstCategory(page, 'imagegallery');
    const photos = await photosOf(page, category);
    const second = photos[1];
    if (!second) throw new Error('need two photos');
    await page.goto(`/gallery/${category}`);
    await page.getByTestId('photo-grid').getByRole('button', { name: second.name }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    await expect(viewer.locator('.yarl__slide_current .yarl__slide_title')).toHaveText(second.name);
    // Thumbnails strip (windowed by `preload: 2`), showing the 300x300 variants.
    await expect(viewer.locator('.yarl__thumbnails_thumbnail')).toHaveCount(Math.min(photos.length, 5));
    await expect(viewer.locator('.yarl__thumbnails_thumbnail img').first()).toHaveAttribute(
      'src',
      /\/backend\/data\/imagegallery\/300x300\//,
    );
    // §9 zoom multiplier 2: one press of Zoom in doubles the photo, even one shown near its own size.
    const photo = viewer.locator('.yarl__slide_current img');
    const widthOf = async () => (await photo.boundingBox())?.width ?? 0;
    const before = await widthOf();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => Math.round(((await widthOf()) / before) * 10) / 10).toBe(2);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
  });

  test('the lightbox code loads only when a photo is opened', async ({ page }) => {
    const category = await firstCategory(page, 'imagegallery');
    const lightboxRequests: string[] = [];
    page.on('request', (r) => {
      if (/photo-lightbox/.test(r.url())) lightboxRequests.push(r.url());
    });
    await page.goto(`/gallery/${category}`);
    await page.waitForLoadState('networkidle');
    expect(lightboxRequests).toEqual([]);
    await page.getByTestId('photo-grid').getByRole('button').first().click();
    await expect(page.getByRole('dialog', { name: 'Photo viewer' })).toBeVisible();
    expect(lightboxRequests.length).toBeGreaterThan(0);
  });

  test('an empty gallery shows the empty state', async ({ page }) => {
    expect((await page.goto('/gallery/no-such-gallery'))?.status()).toBe(200);
    await expect(page.getByTestId('gallery-empty')).toContainText('No photos in this gallery yet.');
    await expect(page.getByTestId('photo-grid')).toHaveCount(0);
    // Any address makes such a page: search engines are asked not to index it.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('/gallery/video without a category is a 404, not a photo gallery named "video"', async ({ page }) => {
    expect((await page.goto('/gallery/video'))?.status()).toBe(404);
    await expect(page.getByTestId('gallery-empty')).toHaveCount(0);
  });

  test('shows a loader while a client-side navigation loads the photos, then scrolls to top', async ({
    page,
  }) => {
    const res = await page.request.get(`${API}/imagegallery?per-page=200`);
    const categories = [...new Set(((await res.json()) as { items: Photo[] }).items.map((p) => p.category))];
    const [from, to] = categories;
    if (!from || !to) throw new Error('need two photo galleries');
    await page.goto(`/gallery/${from}`);
    // The router exists once React has hydrated (a busy machine is slower than this test).
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => window.scrollTo(0, 400));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/gallery/${to}.data*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate((path) => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } })
        .__reactRouterDataRouter;
      router.navigate(path);
    }, `/gallery/${to}`);
    await expect(page.getByRole('status').getByText('Loading photos…')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    release();
    const photos = await photosOf(page, to);
    await expect(page.getByTestId('photo-grid').getByRole('button')).toHaveCount(photos.length);
    await expect(page.getByRole('status').getByText('Loading photos…')).toHaveCount(0);
  });
});

test.describe('video gallery /gallery/video/{category}', () => {
  test('one click-to-load player per video, appearing 200 ms apart', async ({ page }) => {
    const category = await firstCategory(page, 'videogallery');
    const res = await page.request.get(`${API}/videogallery?VideogallerySearch[category]=${category}`);
    const videos = ((await res.json()) as { items: Video[] }).items;
    const first = videos[0];
    if (!first) throw new Error('no videos');
    expect((await page.goto(`/gallery/video/${category}`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Video Gallery' })).toBeVisible();
    const grid = page.getByTestId('video-grid');
    await expect(grid.getByRole('button', { name: /^Play video: / })).toHaveCount(videos.length);
    await expect(grid.getByRole('heading', { name: first.name })).toBeVisible();
    // Nothing from YouTube but thumbnails until a click.
    await expect(grid.locator('iframe')).toHaveCount(0);
    await expect(grid.locator('img').first()).toHaveAttribute(
      'src',
      `https://i.ytimg.com/vi/${first.video_id}/hqdefault.jpg`,
    );
    const delays = await grid
      .locator('li')
      .evaluateAll((items) => items.slice(0, 2).map((li) => getComputedStyle(li).animationDelay));
    expect(delays).toEqual(['0s', '0.2s']);
    // From the keyboard: the player takes the focus from the play button it replaces.
    await grid.getByRole('button', { name: `Play video: ${first.name}` }).focus();
    await page.keyboard.press('Enter');
    const player = grid.locator(`iframe[title="${first.name}"]`);
    await expect(player).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${first.video_id}?autoplay=1&rel=0`,
    );
    await expect(player).toBeFocused();
    await expect(grid.locator('iframe')).toHaveCount(1);
  });

  test('§2 Galleries / §8 no broken images: an unreachable thumbnail leaves the dark poster', async ({
    page,
  }) => {
    const category = await firstCategory(page, 'videogallery');
    // Offline: the thumbnails fail, often while the server-rendered page is still hydrating.
    await page.route('https://i.ytimg.com/**', (route) => route.abort());
    await page.goto(`/gallery/video/${category}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const grid = page.getByTestId('video-grid');
    await expect(grid.getByRole('button', { name: /^Play video: / }).first()).toBeVisible();
    await expect
      .poll(() =>
        grid.locator('img').evaluateAll((images) =>
          (images as HTMLImageElement[])
            .filter((img) => img.complete && img.naturalWidth === 0)
            .filter((img) => getComputedStyle(img).visibility !== 'hidden')
            .map((img) => img.src),
        ),
      )
      .toEqual([]);
    // The play button still shows on the poster.
    await expect(grid.getByRole('button', { name: /^Play video: / }).first()).toBeVisible();
  });

  test('an empty video gallery shows the empty state', async ({ page }) => {
    expect((await page.goto('/gallery/video/no-such-gallery'))?.status()).toBe(200);
    await expect(page.getByTestId('gallery-empty')).toContainText('No videos in this gallery yet.');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
