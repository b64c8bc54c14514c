import { z } from 'zod';

/**
 * A product's images in the back office (permission 'catalogue'). The first image is the product's
 * main image (lists, cart, search); the others are its extra images on the product page. Uploads
 * are JSON with the file in base64, like every other request of the API; the server reads the
 * format and size from the file itself, never from its name.
 */

/** Largest image file accepted (a phone photo is 3–6 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Most pixels an uploaded image may have (e.g. 8000 × 5000); more is refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Longest side an uploaded image may have. */
export const MAX_IMAGE_SIDE = 12_000;
/** Smallest side: the storefront shows products in 300 × 300 squares. */
export const MIN_IMAGE_SIDE = 200;
/** Most images one product may have. */
export const MAX_IMAGES_PER_PRODUCT = 12;
export const MAX_ALT_TEXT = 250;

export const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const productImageSchema = z.object({
  /** File name under /backend/data/products/{productId}/ */
  file_name: z.string(),
  alt_text: z.string(),
  /** The main image (the first one). */
  main: z.boolean(),
  /** The original, and a 300 × 300 square for lists. */
  url: z.string(),
  thumbnail_url: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const productImagesSchema = z.object({ items: z.array(productImageSchema) });
export type ProductImages = z.infer<typeof productImagesSchema>;

export const productImageUploadSchema = z.object({
  /** The file's name on the computer it came from (kept, cleaned, in the stored name). */
  file_name: z.string().min(1).max(200),
  /** The file, base64 encoded. */
  data_base64: z
    .string()
    .min(1)
    .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 16, {
      message: 'The image is larger than 10 MB.',
    }),
  alt_text: z.string().max(MAX_ALT_TEXT).optional(),
});
export type ProductImageUpload = z.infer<typeof productImageUploadSchema>;

/** The new order: every image's file name once, main image first. */
export const productImageOrderSchema = z.object({ file_names: z.array(z.string().max(200)).min(1).max(50) });

export const productImageAltSchema = z.object({ alt_text: z.string().max(MAX_ALT_TEXT) });

export const imageMessages = {
  tooLarge: 'The image is larger than 10 MB.',
  notImage: 'The file is not a JPEG, PNG or WebP image.',
  damaged: 'The image could not be read; it may be damaged.',
  tooManyPixels: `The image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${MAX_IMAGE_SIDE.toLocaleString('en-IN')} pixels a side).`,
  tooSmall: `The image is too small: at least ${MIN_IMAGE_SIDE} × ${MIN_IMAGE_SIDE} pixels.`,
  tooMany: `A product has at most ${MAX_IMAGES_PER_PRODUCT} images.`,
  unknownImage: 'This product has no image with that name.',
  orderMismatch: 'The new order must list every image of the product once.',
  noProduct: 'No product has this number.',
} as const;
