import {
  type CatalogueCsvColumn,
  catalogueCsvColumns,
  catalogueCsvGuide,
  stockCsvColumns,
} from '@shop/contract/admin/catalogue-import';
import type { Db } from '@shop/db/client';
import { categories, products } from '@shop/db/schema/index';
import { asc, gt } from 'drizzle-orm';
import { CSV_BOM, csvRow } from '../../http/csv-file.ts';
import { type CsvProductValues, formatCell } from './catalogue-csv.ts';
import { declarationColumns } from './catalogue.repository.ts';

/**
 * CSV export of the catalogue and the import template (contract: admin/catalogue-import.ts).
 * The export writes the columns the import reads, so export → edit → import round-trips. Files
 * start with a UTF-8 byte-order mark, so that Excel shows ₹ and Hindi names correctly.
 */

export type CatalogueExportKind = 'products' | 'stock';

export function exportColumns(kind: CatalogueExportKind): readonly CatalogueCsvColumn[] {
  return kind === 'stock' ? stockCsvColumns : catalogueCsvColumns;
}

/** Category id → the text the import reads back: its slug, or its number when the slug is shared. */
async function categoryTexts(db: Db): Promise<(id: number) => string> {
  const rows = await db.select({ id: categories.id, slug: categories.urlSlug }).from(categories);
  const uses = new Map<string, number>();
  for (const r of rows) uses.set(r.slug, (uses.get(r.slug) ?? 0) + 1);
  const text = new Map(rows.map((r) => [r.id, uses.get(r.slug) === 1 && r.slug ? r.slug : String(r.id)]));
  return (id) => text.get(id) ?? String(id);
}

const exportFields = {
  id: products.id,
  name: products.name,
  urlSlug: products.urlSlug,
  categoryId: products.categoryId,
  description: products.description,
  sellingPricePaise: products.sellingPricePaise,
  mrpPaise: products.mrpPaise,
  availableStock: products.availableStock,
  itemWeight: products.itemWeight,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  productLabels: products.productLabels,
  isActive: products.isActive,
  displayOrder: products.displayOrder,
  ...declarationColumns,
  foodType: products.foodType,
};

/** Every product (hidden ones too), by id, as CSV text; read in pages so memory stays flat. */
export async function exportCatalogueCsv(db: Db, kind: CatalogueExportKind): Promise<string> {
  const columns = exportColumns(kind);
  const categoryText = await categoryTexts(db);
  const parts: string[] = [CSV_BOM, csvRow(columns)];
  for (let after = 0; ; ) {
    const page: Array<CsvProductValues & { id: number }> = await db
      .select(exportFields)
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(5_000);
    for (const product of page) parts.push(csvRow(columns.map((c) => formatCell(c, product, categoryText))));
    const last = page[page.length - 1];
    if (!last || page.length < 5_000) break;
    after = last.id;
  }
  return parts.join('');
}

/** The id cell of the template's example rows: a # note, so the import skips the row. */
export const TEMPLATE_EXAMPLE_ID = '# example (skipped): empty this cell to import the row';

/**
 * The template to fill in: the header, two example products and a short column guide, all as
 * rows whose first cell starts with # (the import skips such rows; a spreadsheet keeps them in
 * column A when it saves the file again). The examples are notes too: imported unedited, the
 * template would otherwise create two sample products in the live shop. Emptying an example's
 * id cell makes it a new product, as any row with an empty id is.
 */
export function templateCsv(): string {
  const examples: Array<Record<CatalogueCsvColumn, string>> = [
    {
      id: TEMPLATE_EXAMPLE_ID,
      name: 'Kaju Katli 500 g',
      url_slug: 'kaju-katli-500g',
      category: 'sweets',
      description: 'Cashew fudge made with pure ghee, in a gift box.',
      selling_price: '649.00',
      mrp: '699.00',
      stock: '40',
      weight_grams: '500',
      hsn_code: '1704',
      gst_rate: '5',
      labels: 'Featured|New',
      active: 'yes',
      display_order: '10',
      maker_role: 'manufacturer',
      maker_name: 'Kesar Foods Pvt. Ltd.',
      maker_address: '12 Market Road, Jaipur 302001, Rajasthan',
      country_of_origin: 'India',
      generic_name: 'Cashew nut barfi',
      net_quantity: '500',
      net_quantity_unit: 'g',
      best_before: 'Best before 30 days from packing',
      dimensions: '',
      consumer_care: '',
      food_type: 'veg',
    },
    {
      id: TEMPLATE_EXAMPLE_ID,
      name: 'Brass Padlock 7 Lever, 65 mm',
      url_slug: 'brass-padlock-7-lever-65mm',
      category: 'padlocks',
      description: 'Solid brass body, hardened steel shackle, three keys.',
      selling_price: '1249.00',
      mrp: '',
      stock: '12',
      weight_grams: '420',
      hsn_code: '8301',
      gst_rate: '18',
      labels: '',
      active: 'yes',
      display_order: '20',
      maker_role: 'importer',
      maker_name: 'Kesar Locks Trading Co.',
      maker_address: '4 Lock Market, Aligarh 202001, Uttar Pradesh',
      country_of_origin: 'China',
      generic_name: 'Padlock',
      net_quantity: '1',
      net_quantity_unit: 'unit',
      best_before: '',
      dimensions: '65 mm body width',
      consumer_care: '',
      food_type: 'not_food',
    },
  ];
  const guide = [
    '# Guide: one product per row. The import skips rows whose first cell starts with # (the examples above and these notes): delete them or leave them.',
    ...catalogueCsvColumns.map((c) => `# ${c}: ${catalogueCsvGuide[c]}`),
  ];
  return [
    CSV_BOM,
    csvRow(catalogueCsvColumns),
    ...examples.map((e) => csvRow(catalogueCsvColumns.map((c) => e[c]))),
    ...guide.map((g) => csvRow([g])),
  ].join('');
}
