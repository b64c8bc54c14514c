import { z } from 'zod';

/**
 * Catalogue shapes of the REST API (product rules §3, §7): categories and products, field names in
 * snake_case as the storefront reads them. Money is rupees (JSON numbers, ≤ 2 decimals).
 */

/** The category the storefront hides everywhere (product rules §2: "category id 1 is excluded"). */
export const ROOT_CATEGORY_ID = 1;

export const categorySchema = z.object({
  id: z.number().int(),
  /** Compared as integer by the UI; 0 for top level. */
  parent_id: z.number().int(),
  name: z.string(),
  url: z.string().nullable(),
  url_slug: z.string(),
  display_order: z.number().int(),
  /** Number of direct, active sub-categories. */
  total_sub_categories: z.number().int(),
  /** File name under /backend/data/categories/, if any. */
  image: z.string().nullable(),
  /** Only with `expand=products_count`: active products in this category and its descendants. */
  products_count: z.number().int().optional(),
});
export type Category = z.infer<typeof categorySchema>;

/** `expand` names GET categories understands. */
export const categoryExpands = ['products_count'] as const;
export const categorySortFields = ['display_order', 'id', 'name', 'parent_id'] as const;

export const productAttachmentSchema = z.object({
  id: z.number().int(),
  /** File name under /backend/data/products/{productId}/ */
  file_name: z.string(),
  /** 'image' or 'document'. */
  kind: z.string(),
});
export type ProductAttachment = z.infer<typeof productAttachmentSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_slug: z.string(),
  description: z.string(),
  /** File name under /backend/data/products/{id}/ (see contract/media.ts productImageUrl). */
  main_image: z.string().nullable(),
  attachments: z.array(productAttachmentSchema),
  /** Labels such as 'Featured'. */
  product_labels: z.array(z.string()),
  /** Net weight in grams. */
  item_weight: z.number().int(),
  /** Rupees. */
  selling_price: z.number(),
  /** Maximum retail price in rupees, when known. */
  mrp: z.number().nullable(),
  available_stock: z.number().int(),
  category_id: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const productSortFields = ['display_order', 'id', 'name', 'selling_price', 'available_stock'] as const;

/** The label that marks featured products (product rules §3). */
export const FEATURED_LABEL = 'Featured';
/** Longest search keyword the API looks at; longer input is cut, not rejected. */
export const MAX_KEYWORD_LENGTH = 100;
