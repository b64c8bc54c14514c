import { z } from 'zod';
import { foodTypes, makerRoles, netQuantityUnits } from './package-declarations.ts';

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
  /** What the image shows, for a visitor who cannot see it (set in the back office; may be empty). */
  alt_text: z.string(),
});
export type ProductAttachment = z.infer<typeof productAttachmentSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_slug: z.string(),
  description: z.string(),
  /** File name under /backend/data/products/{id}/ (see contract/media.ts productImageUrl). */
  main_image: z.string().nullable(),
  /** What the main image shows, set in the back office; empty: pages use the product name. */
  main_image_alt: z.string(),
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
  /** 'veg' or 'non_veg' for food (tiles and pages show FSSAI's mark), 'not_food' otherwise. */
  food_type: z.enum(foodTypes),
});
export type Product = z.infer<typeof productSchema>;

/**
 * The package declarations of a product page (see package-declarations.ts for what they are and
 * the helpers that format them).
 */
export const productDeclarationsSchema = z.object({
  maker_role: z.enum(makerRoles),
  maker_name: z.string().nullable(),
  maker_address: z.string().nullable(),
  country_of_origin: z.string(),
  generic_name: z.string().nullable(),
  /** In the base unit: grams, millilitres, centimetres or pieces. */
  net_quantity: z.object({ value: z.number().int().positive(), unit: z.enum(netQuantityUnits) }).nullable(),
  /** Computed from the selling price and the net quantity; null without a net quantity. */
  unit_sale_price: z
    .object({
      /** Rupees per `per`, to two decimals. */
      price: z.number(),
      /** 'kg', 'g', 'l', 'ml', 'm', 'cm' or 'unit'. */
      per: z.string(),
    })
    .nullable(),
  best_before: z.string().nullable(),
  dimensions: z.string().nullable(),
  /** The product's own consumer-care contact, else the shop's (name, address, phone, e-mail). */
  consumer_care: z.string(),
});
export type ProductDeclarations = z.infer<typeof productDeclarationsSchema>;

/** GET products/{id}: the product and the declarations its page must show. */
export const productDetailSchema = productSchema.extend({
  declarations: productDeclarationsSchema,
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export { productPath } from './product-path.ts';

export const productSortFields = ['display_order', 'id', 'name', 'selling_price', 'available_stock'] as const;

/** The label that marks featured products (product rules §3). */
export const FEATURED_LABEL = 'Featured';
export { MAX_KEYWORD_LENGTH } from './search-keyword.ts';
