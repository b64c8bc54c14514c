import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, paise, tsvector, updatedAt } from './columns.ts';

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
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('product_attachments_product_idx').on(t.productId)],
);
