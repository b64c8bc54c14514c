import { z } from 'zod';

/**
 * CSV import and export of products and their stock (back office, permission 'catalogue').
 *
 * One file format both ways: what the export writes, the import reads, so a shop owner can export,
 * edit in a spreadsheet and import again. Rows are matched by the `id` column: a row with an id
 * updates that product, a row without one creates a product. The id is the one number that never
 * changes (a slug or name may be edited in the same file); a new product gets its id on import.
 *
 * Only the columns present in the header are written: a file of `id,name,stock` changes stock and
 * names and leaves prices alone (that is the stock export). Creating a product needs the required
 * columns; the others take their defaults.
 *
 * The whole file is checked before anything is written (the dry run), and the import writes all
 * rows or none.
 */

/** Largest CSV file accepted (about 40,000 products with short descriptions). */
export const MAX_CSV_BYTES = 8 * 1024 * 1024;
/** Most data rows in one file. */
export const MAX_CSV_ROWS = 20_000;

export const catalogueCsvColumns = [
  'id',
  'name',
  'url_slug',
  'category',
  'description',
  'selling_price',
  'mrp',
  'stock',
  'weight_grams',
  'hsn_code',
  'gst_rate',
  'labels',
  'active',
  'display_order',
  // Package declarations (optional columns; see package-declarations.ts).
  'maker_role',
  'maker_name',
  'maker_address',
  'country_of_origin',
  'generic_name',
  'net_quantity',
  'net_quantity_unit',
  'best_before',
  'dimensions',
  'consumer_care',
  'food_type',
] as const;
export type CatalogueCsvColumn = (typeof catalogueCsvColumns)[number];

/** Columns of the stock export: enough to recognise the product, and its stock. */
export const stockCsvColumns = [
  'id',
  'name',
  'url_slug',
  'stock',
] as const satisfies readonly CatalogueCsvColumn[];

/** Columns a new product (a row without id) must have. */
export const requiredForNewProduct = [
  'name',
  'url_slug',
  'category',
  'selling_price',
] as const satisfies readonly CatalogueCsvColumn[];

/** What each column holds: shown in the template's guide and on the import screen. */
export const catalogueCsvGuide: Record<CatalogueCsvColumn, string> = {
  id: 'Product number. Leave empty for a new product; keep it to update an existing one.',
  name: 'Product name as shown in the shop (required for a new product).',
  url_slug:
    'Web address part: lower-case letters, digits and hyphens, e.g. kaju-katli-500g (required for a new product; unique).',
  category: "Category's web address part (e.g. namkeen) or its number (required for a new product).",
  description: 'Description shown on the product page (plain text).',
  selling_price: 'Price in rupees including GST, e.g. 249 or 249.50 (required for a new product).',
  mrp: 'Maximum retail price in rupees; empty if none; not below the selling price.',
  stock: 'Units in stock, a whole number (0 or more).',
  weight_grams: 'Net weight in grams, a whole number.',
  hsn_code: 'HSN code for tax invoices: 4, 6 or 8 digits; empty if not yet classified.',
  gst_rate: 'GST rate in percent: 0, 5, 12, 18 or 28.',
  labels: 'Labels separated by | e.g. Featured|New.',
  active: 'yes to show the product in the shop, no to hide it.',
  display_order: 'Position in lists (smaller first), a whole number.',
  maker_role: 'Whom the label names: manufacturer, packer or importer (empty: manufacturer).',
  maker_name: "The maker's (packer's, importer's) name as on the label; empty if none.",
  maker_address: "The maker's address as on the label; empty if none.",
  country_of_origin: 'Country where the product was made (empty: India).',
  generic_name: 'Common or generic name, e.g. Cashew nut barfi; empty if none.',
  net_quantity: 'Net quantity as a whole number of the unit below; empty if not stated.',
  net_quantity_unit: 'Unit of the net quantity: g, ml, cm or unit (empty: g).',
  best_before: 'Food: best before / use by as the label words it; empty if none.',
  dimensions: 'Where size matters (locks): dimensions as the label gives them; empty if none.',
  consumer_care: "Consumer-care contact of this product; empty: the shop's own.",
  food_type: 'veg, non_veg or not_food (empty: not_food).',
};

/** One problem with the file: its line (1 = the header), the column, and what to do. */
export const importProblemSchema = z.object({
  /** Line of the file as a spreadsheet numbers it (the header is line 1). */
  line: z.number().int(),
  /** The column's name, or null for a problem with the whole row or file. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const catalogueImportRequestSchema = z.object({
  /** The file's text (UTF-8; a byte-order mark is allowed). */
  content: z
    .string()
    .max(MAX_CSV_BYTES, { message: 'The file is larger than 8 MB. Split it into smaller files.' }),
  /** The file's name, for the audit log. */
  file_name: z.string().max(200).optional(),
});
export type CatalogueImportRequest = z.infer<typeof catalogueImportRequestSchema>;

export const catalogueImportReportSchema = z.object({
  /** Data rows in the file. */
  rows: z.number().int(),
  /** Rows that create a product. */
  creates: z.number().int(),
  /** Rows that update a product. */
  updates: z.number().int(),
  /** Columns the file has (only these are written). */
  columns: z.array(z.string()),
  /** Every problem found (at most MAX_REPORTED_PROBLEMS); empty means the file can be imported. */
  problems: z.array(importProblemSchema),
  /** More problems than listed. */
  more_problems: z.number().int(),
  /** True when the rows were written (an import without problems). */
  applied: z.boolean(),
  /**
   * Existing products whose stock the file sets to another figure than they have now: the first
   * few, and how many in all. An earlier export imported again would undo every sale and delivery
   * since, so the dry run says so before anything is written.
   */
  stock_changes: z.array(
    z.object({ id: z.number().int(), name: z.string(), from: z.number().int(), to: z.number().int() }),
  ),
  stock_change_count: z.number().int(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;

/** Stock changes named in one report (the count says how many there are). */
export const MAX_REPORTED_STOCK_CHANGES = 5;

/** Problems listed in one report; a file with thousands of bad rows usually has one mistake. */
export const MAX_REPORTED_PROBLEMS = 500;

/** Messages of the import; each names the value's column in the report. */
export const importMessages = {
  empty: 'The file is empty. Download the template to see the columns.',
  notCsv: 'The file could not be read as CSV',
  noId: 'The header must have an id column (leave it empty in rows for new products).',
  unknownColumn: (name: string) =>
    `Unknown column "${name}". Columns are: ${catalogueCsvColumns.join(', ')}.`,
  duplicateColumn: (name: string) => `The column "${name}" appears twice.`,
  tooManyRows: `The file has more than ${MAX_CSV_ROWS.toLocaleString('en-IN')} products. Split it into smaller files.`,
  noRows: 'The file has no product rows.',
  columnCount: (got: number, want: number) => `This row has ${got} values; the header has ${want}.`,
  required: 'Required for a new product.',
  /** A required column left empty on a row that updates a product. */
  notEmpty: 'Cannot be empty: leave the column out of the file to keep the current value.',
  missingColumn: (name: string) => `A new product needs a value here, but the file has no ${name} column.`,
  badId: 'Must be a product number (digits only), or empty for a new product.',
  unknownId: 'No product has this number. Leave id empty to create a new product.',
  duplicateId: (line: number) => `The same product is also on line ${line}.`,
  badSlug:
    'Use lower-case letters, digits and single hyphens (e.g. kaju-katli-500g), at most 120 characters.',
  duplicateSlugInFile: (line: number) => `The same url_slug is also on line ${line}.`,
  slugTaken: (id: number) => `Product ${id} already has this url_slug.`,
  unknownCategory: 'No category has this web address part or number.',
  ambiguousCategory: (ids: number[]) =>
    `Several categories have this web address part; use the number instead (${ids.join(' or ')}).`,
  badPrice: 'Must be an amount in rupees greater than 0, with at most two decimals, e.g. 249 or 249.50.',
  priceTooHigh: (max: string) => `A price can be at most ${max}.`,
  badMrp: 'Must be an amount in rupees, e.g. 299 or 299.50, or empty.',
  mrpBelowPrice: 'The MRP cannot be lower than the selling price.',
  badWholeNumber: 'Must be a whole number, 0 or more.',
  badDisplayOrder: 'Must be a whole number.',
  tooLarge: (max: number) => `Must be at most ${max.toLocaleString('en-IN')}.`,
  badHsn: 'Must be 4, 6 or 8 digits, or empty.',
  badGst: 'Must be 0, 5, 12, 18 or 28.',
  badActive: 'Must be yes or no.',
  badChoice: (choices: readonly string[]) => `Must be one of ${choices.join(', ')}, or empty.`,
  badNetQuantity: 'Must be a whole number greater than 0, or empty.',
  tooLong: (max: number) => `At most ${max.toLocaleString('en-IN')} characters.`,
  badLabel: 'Labels are separated by | and each is at most 40 characters.',
  changedMeanwhile:
    'The catalogue changed while importing; nothing was imported. Please run the dry run again.',
} as const;
