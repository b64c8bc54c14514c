import {
  imageMessages as m,
  MAX_IMAGES_PER_PRODUCT,
  type ProductImage,
  type ProductImageUpload,
} from '@shop/contract/admin/product-images';
import { productImageUrl } from '@shop/contract/media';
import type { Db, DbOrTx } from '@shop/db/client';
import { productAttachments, products } from '@shop/db/schema/index';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { checkImage, storedName, storeRecordedOriginal } from '../media/image-uploads.service.ts';
import { queueVariants } from '../media/media-variants.service.ts';
import { lockProductRow } from './product-admin.repository.ts';

/**
 * A product's images (contract: admin/product-images.ts). The first is the product's main image
 * (`products.main_image`, what lists, cart and search show); the others are its image attachments
 * in display order. Originals are stored under DATA_DIR/media/products/{id}/ with a fresh name
 * (never the uploaded one, so a new upload is never served from a cache), and a background job
 * makes the resized copies (media/media-variants.service.ts).
 *
 * Removing an image takes it off the product but keeps the file: past orders show the picture the
 * customer bought.
 */

/** An audit entry writer (the audit module's recordAudit), called inside the change's transaction. */
export type AuditWriter = (
  tx: DbOrTx,
  entry: { action: string; entity: string; entityId: number; before?: unknown; after?: unknown },
) => Promise<void>;

interface StoredImage {
  fileName: string;
  altText: string;
}

async function productRow(db: DbOrTx, productId: number) {
  const [product] = await db
    .select({ id: products.id, mainImage: products.mainImage, mainImageAlt: products.mainImageAlt })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw AppError.notFound(m.noProduct);
  return product;
}

async function storedImages(db: DbOrTx, productId: number): Promise<StoredImage[]> {
  const product = await productRow(db, productId);
  const extras = await db
    .select({ fileName: productAttachments.fileName, altText: productAttachments.altText })
    .from(productAttachments)
    .where(and(eq(productAttachments.productId, productId), eq(productAttachments.kind, 'image')))
    .orderBy(asc(productAttachments.displayOrder), asc(productAttachments.id));
  return [
    ...(product.mainImage ? [{ fileName: product.mainImage, altText: product.mainImageAlt }] : []),
    ...extras,
  ];
}

function toImages(productId: number, images: StoredImage[]): ProductImage[] {
  return images.map((image, i) => ({
    file_name: image.fileName,
    alt_text: image.altText,
    main: i === 0,
    url: productImageUrl(productId, image.fileName),
    thumbnail_url: productImageUrl(productId, image.fileName, '300x300'),
  }));
}

export async function listProductImages(db: Db, productId: number): Promise<ProductImage[]> {
  return toImages(productId, await storedImages(db, productId));
}

/** Writes a product's images in this order: the first becomes the main image. */
async function saveImages(tx: DbOrTx, productId: number, images: StoredImage[]) {
  const [main, ...extras] = images;
  await tx
    .update(products)
    .set({ mainImage: main?.fileName ?? null, mainImageAlt: main?.altText ?? '', updatedAt: new Date() })
    .where(eq(products.id, productId));
  await tx
    .delete(productAttachments)
    .where(and(eq(productAttachments.productId, productId), eq(productAttachments.kind, 'image')));
  if (extras.length)
    await tx.insert(productAttachments).values(
      extras.map((image, i) => ({
        productId,
        fileName: image.fileName,
        altText: image.altText,
        kind: 'image',
        displayOrder: i + 1,
      })),
    );
}

export interface ImageContext {
  db: Db;
  mediaDir: string;
  audit?: AuditWriter;
}

/** Adds an image to a product (main image if it has none); its copies are queued for the job. */
export async function uploadProductImage(
  ctx: ImageContext,
  productId: number,
  upload: ProductImageUpload,
): Promise<ProductImage[]> {
  const data = Buffer.from(upload.data_base64, 'base64');
  const before = await storedImages(ctx.db, productId);
  if (before.length >= MAX_IMAGES_PER_PRODUCT) throw new AppError('conflict', m.tooMany);
  const { extension, width, height } = await checkImage(data);
  const fileName = storedName(upload.file_name, extension);
  const folder = ['products', String(productId)];
  const images = await storeRecordedOriginal(ctx.mediaDir, folder, fileName, data, () =>
    ctx.db.transaction(async (tx) => {
      // Uploads to one product queue on its row, and the limit is checked again in the queue: six
      // sent at once to a product with 11 images each counted 11 above, and all six were saved.
      await lockProductRow(tx, productId);
      const current = await storedImages(tx, productId);
      if (current.length >= MAX_IMAGES_PER_PRODUCT) throw new AppError('conflict', m.tooMany);
      const next = [...current, { fileName, altText: (upload.alt_text ?? '').trim() }];
      await saveImages(tx, productId, next);
      await queueVariants(tx, folder, fileName);
      await ctx.audit?.(tx, {
        action: 'product.image.upload',
        entity: 'product',
        entityId: productId,
        after: { file_name: fileName, bytes: data.length, width, height },
      });
      return next;
    }),
  );
  return toImages(productId, images);
}

/** Puts a product's images in a new order (every image once); the first becomes the main image. */
export async function reorderProductImages(
  ctx: ImageContext,
  productId: number,
  fileNames: string[],
): Promise<ProductImage[]> {
  return ctx.db.transaction(async (tx) => {
    const current = await storedImages(tx, productId);
    const byName = new Map(current.map((image) => [image.fileName, image]));
    const next = fileNames.map((name) => byName.get(name));
    if (
      next.length !== current.length ||
      new Set(fileNames).size !== fileNames.length ||
      next.includes(undefined)
    )
      throw AppError.invalid('file_names', m.orderMismatch);
    const ordered = next as StoredImage[];
    await saveImages(tx, productId, ordered);
    await ctx.audit?.(tx, {
      action: 'product.image.reorder',
      entity: 'product',
      entityId: productId,
      before: current.map((i) => i.fileName),
      after: fileNames,
    });
    return toImages(productId, ordered);
  });
}

async function changeImage(
  ctx: ImageContext,
  productId: number,
  fileName: string,
  change: (images: StoredImage[], index: number) => StoredImage[],
  action: string,
): Promise<ProductImage[]> {
  return ctx.db.transaction(async (tx) => {
    const current = await storedImages(tx, productId);
    const index = current.findIndex((image) => image.fileName === fileName);
    if (index < 0) throw AppError.notFound(m.unknownImage);
    const next = change(current, index);
    await saveImages(tx, productId, next);
    await ctx.audit?.(tx, {
      action,
      entity: 'product',
      entityId: productId,
      before: current[index],
      after: next.find((i) => i.fileName === fileName) ?? null,
    });
    return toImages(productId, next);
  });
}

export function setProductImageAlt(ctx: ImageContext, productId: number, fileName: string, altText: string) {
  return changeImage(
    ctx,
    productId,
    fileName,
    (images, index) =>
      images.map((image, i) => (i === index ? { ...image, altText: altText.trim() } : image)),
    'product.image.alt_text',
  );
}

/** Takes an image off the product (the next one becomes main); the file stays for past orders. */
export function removeProductImage(ctx: ImageContext, productId: number, fileName: string) {
  return changeImage(
    ctx,
    productId,
    fileName,
    (images, index) => images.filter((_, i) => i !== index),
    'product.image.delete',
  );
}

/** Queued copies not yet made (for tests and the health of the job). */
export async function pendingVariantJobs(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from media_variant_jobs`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0]?.n ?? 0;
}
