import { z } from 'zod';
import { devanagariToLatin } from '../devanagari-latin.ts';
import { HSN_FORMAT } from '../gst.ts';
import { formatPaise } from '../money.ts';
import { databaseId, MAX_DATABASE_ID } from '../validation.ts';
import { foodTypes, makerRoles, netQuantityUnits } from '../package-declarations.ts';

/**
 * Back-office shapes of the catalogue: the category tree, products with every field the
 * storefront shows, bulk actions and stock. Money is integer paise here (the back office edits
 * exact amounts; the storefront API speaks rupees).
 */

/** Lower-case words joined by hyphens, as in /category/5/1/sweets-and-mithai. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 120;
export const MAX_NAME_LENGTH = 200;
/** ₹1,00,00,000: far above anything the shop sells, far below int4. */
export const MAX_PRICE_PAISE = 1_000_000_000;
/** The most units of a product the back office keeps in stock (opening, counted or added). */
export const MAX_STOCK = 1_000_000;
/** A product's weight in grams (a tonne: no parcel of the shop weighs more). */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export const MAX_RELATED_PRODUCTS = 12;
/** Low-stock threshold when neither the product nor the setting low_stock_threshold says. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/**
 * The product form's warning about the HSN code, or null: a product without one can be saved (the
 * shop may not have classified it yet) but its tax invoice lines print "—", which an invoice
 * should not. A code in the wrong form is a refusal instead (catalogueAdminMessages.hsn).
 */
export function hsnWarning(code: string | null | undefined): string | null {
  return (code ?? '').trim() === '' ? catalogueAdminMessages.hsnMissing : null;
}

export const catalogueAdminMessages = {
  slug: 'Use lower-case letters, digits and hyphens (for example "kaju-katli").',
  slugTaken: 'Another product already uses this address.',
  categorySlugTaken: 'Another category already uses this address.',
  categoryNameTaken: 'Another category in the same place already has this name.',
  categoryNotFound: 'Category not found.',
  productNotFound: 'Product not found.',
  /** A field an edit does not take (a misspelling, or stock, which changes through adjustments). */
  productUnknownField:
    'A product edit has no such field. Stock changes through a stock adjustment (Adjust stock).',
  categoryUnknownField: 'A category edit takes name, url_slug and is_active only.',
  cycle: 'A category cannot be moved into itself or one of its sub-categories.',
  rootFixed: 'The top category "All Products" cannot be moved or hidden.',
  siblingsChanged: 'The categories have changed meanwhile. Please reload and try again.',
  mrpBelowPrice: 'The MRP cannot be lower than the selling price.',
  price: 'Enter a price above ₹0.',
  relatedSelf: 'A product cannot be related to itself.',
  relatedUnknown: 'One of the related products does not exist.',
  hsn: 'An HSN code has 4, 6 or 8 digits.',
  hsnMissing: 'No HSN code yet: tax invoices print "—" for this product. Add its 4-, 6- or 8-digit code.',
  gstRate: `GST rate must be one of ${GST_RATES.join(', ')} %.`,
  stockBelowZero: 'Stock cannot go below zero.',
  stockZeroChange: 'Enter a change other than zero.',
  stockAboveMax: (before: number) =>
    `The stock can be at most ${MAX_STOCK.toLocaleString('en-IN')} units: with ${before.toLocaleString('en-IN')} in stock, add at most ${Math.max(0, MAX_STOCK - before).toLocaleString('en-IN')}.`,
  stockInBelowZero: 'Received and returned units add to the stock: enter a number above 0.',
  stockOutAboveZero: 'Damaged or expired units leave the stock: enter a number below 0, e.g. -2.',
  stockCountIsCorrection: 'A counted stock is a stock count correction: choose that reason.',
  emptySelection: 'Select at least one product.',
} as const;

const slugField = z.string().trim().max(MAX_SLUG_LENGTH).regex(SLUG_PATTERN, catalogueAdminMessages.slug);
const nameField = z.string().trim().min(1, 'Please enter a name.').max(MAX_NAME_LENGTH);
const id = databaseId();

/** A category as the back office sees it (hidden ones too). */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  /** 0 only for the top category "All Products" (id 1). */
  parent_id: z.number().int(),
  name: z.string(),
  url_slug: z.string(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  image: z.string().nullable(),
  /** Products directly in this category (hidden ones too). */
  products_count: z.number().int(),
  /** Earlier slugs; their addresses answer 301 to the current one. */
  old_slugs: z.array(z.string()),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const categoryCreateSchema = z.object({
  name: nameField,
  /** Made from the name when left out. */
  url_slug: slugField.optional(),
  /** Defaults to the top category (id 1). */
  parent_id: id.optional(),
  is_active: z.boolean().default(true),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/**
 * Edits are strict: a field the edit does not take is refused by name, instead of a 200 with
 * nothing changed that reads as if it had been saved.
 */
export const categoryUpdateSchema = z.strictObject(
  {
    name: nameField.optional(),
    url_slug: slugField.optional(),
    is_active: z.boolean().optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? catalogueAdminMessages.categoryUnknownField : undefined,
  },
);
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** Moves a category under a new parent, at `position` among its new siblings (end when left out). */
export const categoryMoveSchema = z.object({
  parent_id: id,
  position: z.number().int().min(0).max(MAX_DATABASE_ID).optional(),
});
export type CategoryMove = z.infer<typeof categoryMoveSchema>;

/** The new order of all children of one parent (every child, each once). */
export const categoryReorderSchema = z.object({
  parent_id: z.number().int().min(0).max(MAX_DATABASE_ID),
  ids: z.array(id).min(1).max(1000),
});
export type CategoryReorder = z.infer<typeof categoryReorderSchema>;

export const stockStates = ['in_stock', 'low', 'out'] as const;
export type StockState = (typeof stockStates)[number];

/** A product in the back-office list. */
export const adminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  main_image: z.string().nullable(),
  selling_price_paise: z.number().int(),
  mrp_paise: z.number().int().nullable(),
  available_stock: z.number().int(),
  /** The threshold that applies (the product's own or the shop's default). */
  low_stock_threshold: z.number().int(),
  stock_state: z.enum(stockStates),
  is_active: z.boolean(),
  featured: z.boolean(),
  updated_at: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

/** One product with everything the edit form shows. */
export const adminProductSchema = adminProductRowSchema.extend({
  description: z.string(),
  product_labels: z.array(z.string()),
  item_weight: z.number().int(),
  hsn_code: z.string().nullable(),
  gst_rate: z.number().int(),
  display_order: z.number().int(),
  /** The product's own threshold; null: the shop's default applies. */
  own_low_stock_threshold: z.number().int().nullable(),
  // Package declarations the product page shows (see package-declarations.ts).
  maker_role: z.enum(makerRoles),
  maker_name: z.string().nullable(),
  maker_address: z.string().nullable(),
  country_of_origin: z.string(),
  generic_name: z.string().nullable(),
  /** In the base unit `net_quantity_unit`; null when the label gives none. */
  net_quantity: z.number().int().nullable(),
  net_quantity_unit: z.enum(netQuantityUnits),
  best_before: z.string().nullable(),
  dimensions: z.string().nullable(),
  /** Null: the shop's consumer-care contact (settings) applies. */
  consumer_care: z.string().nullable(),
  food_type: z.enum(foodTypes),
  related: z.array(z.object({ id: z.number().int(), name: z.string() })),
  attachments: z.array(z.object({ id: z.number().int(), file_name: z.string(), kind: z.string() })),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const pricePaise = z
  .number()
  .int('Prices are whole paise.')
  .min(1, catalogueAdminMessages.price)
  // Told in rupees, as the form's price fields are typed (the limit is ₹1,00,00,000).
  .max(MAX_PRICE_PAISE, `A price can be at most ${formatPaise(MAX_PRICE_PAISE)}.`);

/** A declaration's text as typed: trimmed; empty means "not on the label" (null). */
const declarationText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((t) => (t ? t : null));

/**
 * The package declarations the back office writes, with the values the database allows
 * (products_maker_role_check, products_net_quantity_unit_check, products_net_quantity_check,
 * products_food_type_check).
 */
export const declarationFields = {
  maker_role: z.enum(makerRoles),
  maker_name: declarationText(200),
  maker_address: declarationText(500),
  country_of_origin: z.string().trim().min(1, 'Please enter the country of origin.').max(100),
  generic_name: declarationText(200),
  net_quantity: z
    .number()
    .int('Enter the net quantity as a whole number of the unit.')
    .min(1, 'The net quantity must be more than 0.')
    .max(100_000_000)
    .nullable(),
  net_quantity_unit: z.enum(netQuantityUnits),
  best_before: declarationText(200),
  dimensions: declarationText(200),
  consumer_care: declarationText(500),
  food_type: z.enum(foodTypes),
};

/** Fields of a product the back office writes; stock is changed only through adjustments. */
const productFields = {
  name: nameField,
  /** Made from the name when left out on create. */
  url_slug: slugField.optional(),
  /** HTML; sanitised on the server before it is stored. */
  description: z.string().max(100_000),
  category_id: id,
  selling_price_paise: pricePaise,
  mrp_paise: pricePaise.nullable(),
  item_weight: z.number().int().min(0).max(MAX_WEIGHT_GRAMS),
  /** Labels other than "Featured" (that one follows `featured`). */
  product_labels: z.array(z.string().trim().min(1).max(40)).max(20),
  featured: z.boolean(),
  is_active: z.boolean(),
  display_order: z.number().int().min(0).max(1_000_000),
  /** Null until classified: saving is allowed (the form warns, see hsnWarning); invoices print "—". */
  hsn_code: z.string().trim().regex(HSN_FORMAT, catalogueAdminMessages.hsn).nullable(),
  gst_rate: z
    .number()
    .int()
    .refine((r) => (GST_RATES as readonly number[]).includes(r), catalogueAdminMessages.gstRate),
  /** Null: the shop's default threshold applies. */
  low_stock_threshold: z.number().int().min(0).max(1_000_000).nullable(),
  related_ids: z.array(id).max(MAX_RELATED_PRODUCTS),
  ...declarationFields,
};

/** A new product: what is left out takes the default; its opening stock is recorded as such. */
export const productCreateSchema = z.object({
  ...productFields,
  description: productFields.description.default(''),
  mrp_paise: productFields.mrp_paise.default(null),
  item_weight: productFields.item_weight.default(0),
  product_labels: productFields.product_labels.default([]),
  featured: productFields.featured.default(false),
  is_active: productFields.is_active.default(true),
  display_order: productFields.display_order.default(0),
  hsn_code: productFields.hsn_code.default(null),
  gst_rate: productFields.gst_rate.default(18),
  low_stock_threshold: productFields.low_stock_threshold.default(null),
  related_ids: productFields.related_ids.default([]),
  // Declarations left out take the database's defaults (a product made in India, not food).
  maker_role: productFields.maker_role.default('manufacturer'),
  maker_name: productFields.maker_name.default(null),
  maker_address: productFields.maker_address.default(null),
  country_of_origin: productFields.country_of_origin.default('India'),
  generic_name: productFields.generic_name.default(null),
  net_quantity: productFields.net_quantity.default(null),
  net_quantity_unit: productFields.net_quantity_unit.default('g'),
  best_before: productFields.best_before.default(null),
  dimensions: productFields.dimensions.default(null),
  consumer_care: productFields.consumer_care.default(null),
  food_type: productFields.food_type.default('not_food'),
  initial_stock: z.number().int().min(0).max(MAX_STOCK).default(0),
});
export type ProductCreate = z.infer<typeof productCreateSchema>;
/** An edit: only the fields sent change (no defaults, so a missing field is never reset). */
export const productUpdateSchema = z
  .strictObject(productFields, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? catalogueAdminMessages.productUnknownField : undefined,
  })
  .partial();
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productListSorts = [
  'id',
  '-id',
  'name',
  '-name',
  'selling_price',
  '-selling_price',
  'available_stock',
  '-available_stock',
  'updated_at',
  '-updated_at',
] as const;
export type ProductListSort = (typeof productListSorts)[number];

/** Filters of the product list; also the target of a bulk action "on everything that matches". */
export const productFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  category_id: id.optional(),
  /** With sub-categories. */
  include_subcategories: z.boolean().optional(),
  visibility: z.enum(['visible', 'hidden']).optional(),
  featured: z.boolean().optional(),
  /** A stock state, or `reorder`: low or out (the low-stock list). */
  stock: z.enum([...stockStates, 'reorder']).optional(),
});
export type ProductFilter = z.infer<typeof productFilterSchema>;

export const productListResponseSchema = z.object({
  items: z.array(adminProductRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/**
 * How a price change by percent is rounded: to whole rupees (the default: shelf prices such as
 * ₹105, not ₹104.96) or to the paisa. Halves round up; a price never falls below ₹1 (rupees) or
 * 1 paisa, and never rises above the product's MRP (selling above MRP is not allowed in India).
 */
export const priceRoundings = ['rupee', 'paise'] as const;
export type PriceRounding = (typeof priceRoundings)[number];

export const bulkActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hide') }),
  z.object({ action: z.literal('show') }),
  z.object({ action: z.literal('feature') }),
  z.object({ action: z.literal('unfeature') }),
  z.object({
    action: z.literal('price'),
    /** −90 … +500 %, up to two decimals. */
    percent: z
      .number()
      .min(-90)
      .max(500)
      .refine((p) => p !== 0, 'Enter a change other than 0 %.')
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, 'Use at most two decimals.'),
    rounding: z.enum(priceRoundings).default('rupee'),
  }),
  z.object({ action: z.literal('move'), category_id: id }),
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

/** A bulk action on chosen products (`ids`) or on every product the filter matches. */
export const bulkRequestSchema = z.object({
  target: z.union([
    z.object({ ids: z.array(id).min(1, catalogueAdminMessages.emptySelection).max(10_000) }),
    z.object({ filter: productFilterSchema }),
  ]),
  change: bulkActionSchema,
});
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

export const bulkResultSchema = z.object({
  /** Products the action changed. */
  changed: z.number().int(),
  /** Products it matched. */
  matched: z.number().int(),
  /** Price changes held at the product's MRP. */
  capped_at_mrp: z.number().int(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Why stock changed. The first four are chosen in the back office; orders write the others. */
export const stockAdjustReasons = ['received', 'damaged', 'returned', 'correction'] as const;
export const stockReasons = [...stockAdjustReasons, 'initial', 'imported', 'sale', 'released'] as const;
export type StockReason = (typeof stockReasons)[number];
export const stockReasonLabels: Record<StockReason, string> = {
  received: 'Received',
  damaged: 'Damaged or expired',
  returned: 'Returned by customer',
  correction: 'Stock count correction',
  initial: 'Opening stock',
  imported: 'Set by an import',
  sale: 'Sold (order)',
  released: 'Back from an order (cancelled or unpaid)',
};

/**
 * A stock adjustment: `change` adds or removes units, or `set_to` states the counted stock.
 * Exactly one of the two, and the reason must fit the direction, so the history reads true:
 * received and returned units come in (+), damaged or expired units go out (−), a correction may
 * go either way and is the only reason for a counted stock.
 */
export const stockAdjustSchema = z
  .object({
    reason: z.enum(stockAdjustReasons),
    change: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).optional(),
    set_to: z.number().int().min(0).max(MAX_STOCK).optional(),
    note: z.string().trim().max(500).default(''),
  })
  .refine((a) => (a.change === undefined) !== (a.set_to === undefined), {
    message: 'Give either a change or the counted stock.',
    path: ['change'],
  })
  .refine((a) => a.set_to === undefined || a.reason === 'correction', {
    message: catalogueAdminMessages.stockCountIsCorrection,
    path: ['reason'],
  })
  .refine(
    (a) => !(a.change !== undefined && a.change < 0 && (a.reason === 'received' || a.reason === 'returned')),
    {
      message: catalogueAdminMessages.stockInBelowZero,
      path: ['change'],
    },
  )
  .refine((a) => !(a.change !== undefined && a.change > 0 && a.reason === 'damaged'), {
    message: catalogueAdminMessages.stockOutAboveZero,
    path: ['change'],
  });
export type StockAdjust = z.infer<typeof stockAdjustSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  change: z.number().int(),
  stock_after: z.number().int(),
  reason: z.enum(stockReasons),
  note: z.string(),
  staff_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockHistorySchema = z.object({
  product_id: z.number().int(),
  available_stock: z.number().int(),
  items: z.array(stockMovementSchema),
  total: z.number().int(),
});
export type StockHistory = z.infer<typeof stockHistorySchema>;

/**
 * Makes a slug from a name: "Kaju Katli (500 g)" → "kaju-katli-500-g". A name written only in
 * Devanagari is spelt in Latin letters first ("काजू कतली" → "kaju-katali"), so that it gets an
 * address that says what it is rather than "item"; a name with Latin letters keeps its slug from
 * them alone ("Kaju Katli काजू कतली" → "kaju-katli").
 */
export function slugify(name: string): string {
  const slug = (/[a-z]/i.test(name) ? name : devanagariToLatin(name))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'item';
}
