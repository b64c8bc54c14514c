import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, paise, tsvector, updatedAt } from './columns.ts';
import { staffAccounts } from './staff.ts';

/** Category tree. Category 1 is the root that the storefront hides (product rules §2, §9). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    urlSlug: text('url_slug').notNull(),
    url: text('url'),
    image: text('image'),
    displayOrder: integer('display_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.displayOrder)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    urlSlug: text('url_slug').notNull(),
    description: text('description').notNull().default(''),
    /** File name of the main image under /backend/data/products/{id}/ */
    mainImage: text('main_image'),
    /** Text that describes the main image to a visitor who cannot see it (empty: the product name). */
    mainImageAlt: text('main_image_alt').notNull().default(''),
    /** Labels such as 'Featured', 'New', 'Bestseller'. */
    productLabels: text('product_labels').array().notNull().default(sql`'{}'::text[]`),
    /** Net weight in grams. */
    itemWeight: integer('item_weight').notNull().default(0),
    sellingPricePaise: paise('selling_price_paise').notNull(),
    mrpPaise: paise('mrp_paise'),
    availableStock: integer('available_stock').notNull().default(0),
    /** HSN code printed on tax invoices (4, 6 or 8 digits); null until the product is classified. */
    hsnCode: text('hsn_code'),
    /** GST rate in percent (0, 5, 12, 18 or 28); the selling price includes it. */
    gstRate: integer('gst_rate').notNull().default(18),
    // Package declarations an online shop must show on the product page (Legal Metrology,
    // Packaged Commodities Rules: everything on the label except the month of packing).
    /** Whose name and address the label carries: 'manufacturer', 'packer' or 'importer'. */
    makerRole: text('maker_role').notNull().default('manufacturer'),
    makerName: text('maker_name'),
    makerAddress: text('maker_address'),
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    /** Common or generic name of the commodity, e.g. 'Cashew nut barfi' for Kaju Katli. */
    genericName: text('generic_name'),
    /** Net quantity in the base unit below (grams, millilitres, centimetres or pieces). */
    netQuantity: integer('net_quantity'),
    /** 'g', 'ml', 'cm' or 'unit'; with net_quantity it gives the unit sale price. */
    netQuantityUnit: text('net_quantity_unit').notNull().default('g'),
    /** Food: best before / use by, as the label words it ('Best before 6 months from packing'). */
    bestBefore: text('best_before'),
    /** Where size matters (locks): dimensions as the label gives them. */
    dimensions: text('dimensions'),
    /** Consumer-care contact of this product when not the shop's own (settings give the default). */
    consumerCare: text('consumer_care'),
    /** 'veg', 'non_veg' (FSSAI's green and brown marks) or 'not_food'. */
    foodType: text('food_type').notNull().default('not_food'),
    /** Stock at or below this shows on the low-stock list; null: the shop's default (setting low_stock_threshold). */
    lowStockThreshold: integer('low_stock_threshold'),
    isActive: boolean('is_active').notNull().default(true),
    displayOrder: integer('display_order').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.description}, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId, t.displayOrder, t.id),
    // The back office lists every product (hidden ones too) newest first, by name, price or stock.
    index('products_name_idx').on(t.name, t.id),
    index('products_price_idx').on(t.sellingPricePaise, t.id),
    index('products_stock_idx').on(t.availableStock, t.id),
    // …and last changed first: without it, a page of that sort read and sorted all 100,000 rows.
    index('products_updated_idx').on(t.updatedAt, t.id),
    // The list's visibility and stock-state filters, counted from the index alone: `count(*)` of
    // ~90,000 matches read the whole table (83 ms at 100,000 products; 5–13 ms from the index).
    index('products_list_filter_idx').on(t.isActive, t.availableStock, t.lowStockThreshold),
    check('products_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    index('products_labels_idx').using('gin', t.productLabels),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    uniqueIndex('products_slug_idx').on(t.urlSlug),
    check('products_gst_rate_check', sql`${t.gstRate} IN (0, 5, 12, 18, 28)`),
    check('products_maker_role_check', sql`${t.makerRole} IN ('manufacturer', 'packer', 'importer')`),
    check('products_net_quantity_unit_check', sql`${t.netQuantityUnit} IN ('g', 'ml', 'cm', 'unit')`),
    check('products_net_quantity_check', sql`${t.netQuantity} > 0`),
    check('products_food_type_check', sql`${t.foodType} IN ('veg', 'non_veg', 'not_food')`),
    check('products_hsn_code_check', sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$'`),
  ],
);

/** Extra images and documents of a product (the product's `attachments`). */
export const productAttachments = pgTable(
  'product_attachments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    kind: text('kind').notNull().default('image'),
    /** Describes an image to a visitor who cannot see it (empty: the product name). */
    altText: text('alt_text').notNull().default(''),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('product_attachments_product_idx').on(t.productId)],
);

/**
 * Slugs a category had before (its addresses stay valid: the storefront answers 301 to the
 * current one). A slug appears once per category; taking it back makes it current again.
 */
export const categorySlugHistory = pgTable(
  'category_slug_history',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.slug] }),
    index('category_slug_history_slug_idx').on(t.slug),
  ],
);

/** Products shown as related to a product, in the shop owner's order. */
export const productRelations = pgTable(
  'product_relations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.relatedId] }),
    check('product_relations_not_self', sql`${t.productId} <> ${t.relatedId}`),
  ],
);

/**
 * Every change of a product's stock with its reason: back-office adjustments (received, damaged,
 * correction, returned) and what orders do (sale, released: a cancellation or an expired
 * reservation). `stock_after` is the stock the change left, so the history reads like a ledger.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** Who adjusted it in the back office; null for orders and the system. */
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id)],
);
