import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { MAX_IMAGES_PER_PRODUCT, imageMessages as m } from '@shop/contract/admin/product-images';
import { productAttachments, products } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkImage } from '../media/image-uploads.service.ts';
import { pictures, runVariantJobs } from '../media/media-variants.service.ts';
import {
  listProductImages,
  pendingVariantJobs,
  removeProductImage,
  reorderProductImages,
  setProductImageAlt,
  uploadProductImage,
} from './product-images.service.ts';

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [product] = await t.ctx.db
    .insert(products)
    .values({
      categoryId: 10,
      name: 'Image Test Mathri',
      urlSlug: 'image-test-mathri',
      sellingPricePaise: 9900,
    })
    .returning();
  if (!product) throw new Error('insert failed');
  productId = product.id;
});
afterAll(async () => {
  await t?.close();
});

const ctx = () => ({ db: t.ctx.db, mediaDir: t.ctx.config.mediaDir });

async function photo(format: 'jpeg' | 'png' | 'webp', width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    [format]()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose header claims 50,000 × 50,000
 * pixels (7.5 GB once decoded); its pixel data is the start of an all-zero image.
 */
function bombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(150_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('product images: limits', () => {
  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(5_000);
    const rss = process.memoryUsage().rss;
    await expect(checkImage(bomb)).rejects.toMatchObject({ status: 422, message: m.tooManyPixels });
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever its name', async () => {
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(checkImage(gif)).rejects.toMatchObject({ status: 422, message: m.notImage });
    await expect(checkImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      message: m.notImage,
    });
  });

  it('refuses a file over 10 MB, an image under 200 px a side, and a damaged one', async () => {
    await expect(checkImage(Buffer.alloc(10 * 1024 * 1024 + 1))).rejects.toMatchObject({
      status: 400,
      message: m.tooLarge,
    });
    await expect(checkImage(await photo('png', 150, 400))).rejects.toMatchObject({ message: m.tooSmall });
    const jpeg = await photo('jpeg', 800, 800);
    await expect(checkImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toMatchObject({
      message: m.damaged,
    });
  });

  it('refuses a file as unreadable when the picture process dies over it, with a 422, not a 500', async () => {
    const died = vi
      .spyOn(pictures, 'inspect')
      .mockRejectedValueOnce(new Error('the picture process ended (SIGSEGV)'));
    try {
      await expect(checkImage(await photo('png'))).rejects.toMatchObject({ status: 422, message: m.damaged });
    } finally {
      died.mockRestore();
    }
  });

  it('accepts JPEG, PNG and WebP', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const)
      await expect(checkImage(await photo(format))).resolves.toMatchObject({ width: 640, height: 480 });
  });
});

describe('product images: upload, variants, reorder, alt text, delete', () => {
  it('the first upload becomes the main image; the job makes its copies off the request path', async () => {
    const images = await uploadProductImage(ctx(), productId, {
      file_name: 'My Mathri Photo.JPG',
      data_base64: (await photo('jpeg')).toString('base64'),
      alt_text: 'Mathri on a brass plate',
    });
    expect(images).toHaveLength(1);
    const [first] = images;
    expect(first).toMatchObject({ main: true, alt_text: 'Mathri on a brass plate' });
    expect(first?.file_name).toMatch(/^my-mathri-photo-[0-9a-f]{8}\.jpg$/);
    const [row] = await t.ctx.db.select().from(products).where(eq(products.id, productId));
    expect(row?.mainImage).toBe(first?.file_name);
    // Copies are queued, not made during the upload.
    const folder = join(t.ctx.config.mediaDir, 'products', String(productId));
    expect(existsSync(join(folder, '300x300', `${first?.file_name}.webp`))).toBe(false);
    expect(await pendingVariantJobs(t.ctx.db)).toBeGreaterThanOrEqual(1);
    while ((await runVariantJobs(t.ctx.db, t.ctx.config.mediaDir, t.ctx.log)) > 0);
    expect(await pendingVariantJobs(t.ctx.db)).toBe(0);
    for (const size of ['120x120', '300x300', 'w480', 'w800'])
      expect(existsSync(join(folder, size, `${first?.file_name}.webp`))).toBe(true);
    const square = await sharp(join(folder, '300x300', `${first?.file_name}.webp`)).metadata();
    expect([square.width, square.height, square.format]).toEqual([300, 300, 'webp']);
    // The storefront's media route serves the made copy.
    const served = await t.request({ method: 'GET', url: first?.thumbnail_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('more uploads are extra images; reorder makes another the main image; the storefront API follows', async () => {
    await uploadProductImage(ctx(), productId, {
      file_name: 'second.png',
      data_base64: (await photo('png')).toString('base64'),
    });
    const three = await uploadProductImage(ctx(), productId, {
      file_name: 'third.webp',
      data_base64: (await photo('webp')).toString('base64'),
    });
    expect(three.map((i) => i.main)).toEqual([true, false, false]);
    const names = three.map((i) => i.file_name);
    const reordered = await reorderProductImages(ctx(), productId, [
      names[2],
      names[0],
      names[1],
    ] as string[]);
    expect(reordered.map((i) => i.file_name)).toEqual([names[2], names[0], names[1]]);
    expect(reordered[1]?.alt_text).toBe('Mathri on a brass plate');
    await t.ctx.changes.flush();
    const response = await t.request({ method: 'GET', url: `/backend/api/web/products/${productId}` });
    const product = response.json<{
      main_image: string;
      attachments: Array<{ file_name: string; alt_text: string }>;
    }>();
    expect(product.main_image).toBe(names[2]);
    expect(product.attachments.map((a) => a.file_name)).toEqual([names[0], names[1]]);
    // The storefront API carries the alt text the back office stored with each image.
    expect(product.attachments[0]?.alt_text).toBe('Mathri on a brass plate');
    await expect(reorderProductImages(ctx(), productId, [names[0]] as string[])).rejects.toMatchObject({
      status: 422,
      message: m.orderMismatch,
    });
  });

  it(`uploads sent at once never take a product past ${MAX_IMAGES_PER_PRODUCT} images`, async () => {
    const [other] = await t.ctx.db
      .insert(products)
      .values({
        categoryId: 10,
        name: 'Image Race Mathri',
        urlSlug: 'image-race-mathri',
        sellingPricePaise: 9900,
      })
      .returning();
    if (!other) throw new Error('insert failed');
    const data_base64 = (await photo('jpeg')).toString('base64');
    // The media folder outlives the test database: a product of an earlier run may have had this id.
    const folder = join(t.ctx.config.mediaDir, 'products', String(other.id));
    const originals = async () =>
      existsSync(folder)
        ? (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
        : [];
    const earlier = new Set(await originals());
    const upload = () => uploadProductImage(ctx(), other.id, { file_name: 'race.jpg', data_base64 });
    for (let i = 0; i < MAX_IMAGES_PER_PRODUCT - 2; i++) await upload();
    const results = await Promise.allSettled(Array.from({ length: 6 }, upload));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: m.tooMany });
    const kept = await listProductImages(t.ctx.db, other.id);
    expect(kept).toHaveLength(MAX_IMAGES_PER_PRODUCT);
    // A refused upload takes its original off the disk again: the test wrote the 12 files it links.
    const written = (await originals()).filter((name) => !earlier.has(name));
    expect(written.sort()).toEqual(kept.map((i) => i.file_name).sort());
  });

  it('sets alt text, and delete takes the image off the product (the next becomes main)', async () => {
    const [main, second] = await listProductImages(t.ctx.db, productId);
    const withAlt = await setProductImageAlt(ctx(), productId, second?.file_name ?? '', '  Close-up  ');
    expect(withAlt[1]?.alt_text).toBe('Close-up');
    const after = await removeProductImage(ctx(), productId, main?.file_name ?? '');
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ file_name: second?.file_name, main: true, alt_text: 'Close-up' });
    // Called as a service, not through its route: wait for the change feed as the route does.
    await t.ctx.changes.flush();
    // The storefront's product page and tiles describe the main image with it.
    const page = await t.request({ method: 'GET', url: `/backend/api/web/products/${productId}` });
    expect(page.json<{ main_image_alt: string }>().main_image_alt).toBe('Close-up');
    const extras = await t.ctx.db
      .select()
      .from(productAttachments)
      .where(eq(productAttachments.productId, productId));
    expect(extras).toHaveLength(1);
    await expect(removeProductImage(ctx(), productId, 'nope.jpg')).rejects.toMatchObject({
      status: 404,
      message: m.unknownImage,
    });
  });
});
