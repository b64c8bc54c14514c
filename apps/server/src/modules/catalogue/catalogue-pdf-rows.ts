import type { Db } from '@shop/db/client';
import { categories, products } from '@shop/db/schema/index';
import { and, asc, eq, sql } from 'drizzle-orm';
import { settingValues } from '../settings/settings.service.ts';

/**
 * What the catalogue PDF shows, read from the database as plain data: the server reads it and
 * hands it to the process that draws (catalogue-pdf.process.ts), so the server never loads the
 * drawing code (pdfkit, fontkit: ~130 ms of every start).
 */

/** One product line of the catalogue PDF. */
export interface CatalogueProduct {
  id: number;
  name: string;
  itemWeight: number;
  sellingPricePaise: number;
  mrpPaise: number | null;
  mainImage: string | null;
  categoryId: number;
}

/** Visible categories in storefront order (depth first), each with its depth; the hidden root excluded. */
async function categoryOrder(db: Db) {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.displayOrder), asc(categories.id));
  const children = new Map<number, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const ordered: Array<{ id: number; name: string; depth: number; path: string }> = [];
  const visit = (parentId: number, depth: number, path: string, seen: Set<number>) => {
    for (const c of children.get(parentId) ?? []) {
      if (seen.has(c.id)) continue; // a cycle in hand-edited data
      seen.add(c.id);
      const hidden = c.id === 1; // the root the storefront never shows
      const name = hidden ? path : path ? `${path} › ${c.name}` : c.name;
      if (!hidden) ordered.push({ id: c.id, name: c.name, depth, path: name });
      visit(c.id, hidden ? depth : depth + 1, name, seen);
    }
  };
  visit(0, 0, '', new Set());
  return ordered;
}

/** What the catalogue PDF shows, read from the database: plain data, so another process can draw it. */
export interface CatalogueForPdf extends CatalogueFrame {
  products: CatalogueProduct[];
}

/** Everything in the catalogue PDF but its products: the categories and the seller. */
export interface CatalogueFrame {
  categories: Array<{ id: number; name: string; depth: number; path: string }>;
  seller: { legalName: string | null; contact: string };
}

/** Reads the visible categories in order and the seller's name and contact for the PDF. */
export async function readCatalogueFrame(db: Db): Promise<CatalogueFrame> {
  const [order, settings] = await Promise.all([
    categoryOrder(db),
    settingValues(db, ['seller_legal_name', 'company_contact_number', 'company_email_address']),
  ]);
  const contact = [settings.get('company_contact_number'), settings.get('company_email_address')]
    .filter(Boolean)
    .join(' · ');
  return { categories: order, seller: { legalName: settings.get('seller_legal_name') ?? null, contact } };
}

/** Products read at a time for the PDF. */
const PDF_BATCH = 5_000;

/**
 * The visible products in display order, a batch at a time (keyset on display order and id), so
 * that a catalogue of 100,000 products is never held whole by the server: read in one query and
 * handed over in one message, it took the server from ~240 to ~360 MiB at every redraw.
 */
export async function* catalogueProductBatches(db: Db, size = PDF_BATCH): AsyncGenerator<CatalogueProduct[]> {
  let after: { displayOrder: number; id: number } | null = null;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        itemWeight: products.itemWeight,
        sellingPricePaise: products.sellingPricePaise,
        mrpPaise: products.mrpPaise,
        mainImage: products.mainImage,
        categoryId: products.categoryId,
        displayOrder: products.displayOrder,
      })
      .from(products)
      .where(
        after
          ? and(
              eq(products.isActive, true),
              sql`(${products.displayOrder}, ${products.id}) > (${after.displayOrder}, ${after.id})`,
            )
          : eq(products.isActive, true),
      )
      .orderBy(asc(products.displayOrder), asc(products.id))
      .limit(size);
    const last = rows.at(-1);
    if (!last) return;
    after = { displayOrder: last.displayOrder, id: last.id };
    yield rows.map(({ displayOrder: _, ...product }) => product);
    if (rows.length < size) return;
  }
}

/** Reads the whole catalogue for the PDF at once (tests and tools; the job streams batches). */
export async function readCatalogueForPdf(db: Db): Promise<CatalogueForPdf> {
  const frame = await readCatalogueFrame(db);
  const all: CatalogueProduct[] = [];
  for await (const batch of catalogueProductBatches(db)) all.push(...batch);
  return { ...frame, products: all };
}
