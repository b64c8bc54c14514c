import { join } from 'node:path';
import { formatPaise } from '@shop/contract/money';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { type FontWeight, fontFiles, fontRuns } from '../invoices/pdf-writing.service.ts';
import type { CatalogueForPdf, CatalogueProduct } from './catalogue-pdf-rows.ts';

/**
 * The catalogue PDF the storefront's footer links to (files/catalogue.pdf), drawn from the live
 * catalogue: every visible category in the storefront's order with its visible products — a
 * picture, the name, net weight, the price in ₹ with Indian digit grouping (the contract's money
 * formatter) and the MRP when higher. Set in Noto Sans (embedded, it has ₹ and Devanagari), the
 * font of the tax invoices.
 */

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 40;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN - 16;
const MAROON = '#7a2e0e';
const GREY = '#555555';
const RULE = '#dddddd';
const PICTURE = 54;
const ROW = PICTURE + 10;
/** Pictures are drawn from 2× copies: sharp enough on paper, small in the file. */
const PICTURE_PIXELS = PICTURE * 2;

/** Text in as many fonts as its scripts need; returns the height it took. */
function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: {
    width?: number;
    size?: number;
    weight?: FontWeight;
    color?: string;
    align?: 'left' | 'right';
  } = {},
): number {
  const runs = fontRuns(text, options.weight ?? 400);
  const first = runs[0];
  if (!first) return 0;
  doc.fillColor(options.color ?? '#111111').fontSize(options.size ?? 10);
  const common = { ...(options.width !== undefined ? { width: options.width } : {}), lineGap: 1 };
  if (options.align === 'right' && options.width !== undefined) {
    // pdfkit aligns each run of a continued text on its own: place the runs of one line by hand.
    const widths = runs.map((run) => doc.font(run.font).widthOfString(run.text));
    let at = x + options.width - widths.reduce((a, w) => a + w, 0);
    runs.forEach((run, i) => {
      doc.font(run.font).text(run.text, at, y, { lineBreak: false });
      at += widths[i] ?? 0;
    });
    return doc.currentLineHeight();
  }
  doc.font(first.font);
  const height = doc.heightOfString(text, common);
  doc.text(first.text, x, y, { ...common, continued: runs.length > 1 });
  runs.slice(1).forEach((run, i) => {
    doc.font(run.font).text(run.text, { ...common, continued: i < runs.length - 2 });
  });
  return height;
}

/** Net weight as a shop writes it: 500 g, 1.5 kg. */
export function weightText(grams: number): string {
  if (grams <= 0) return '';
  return grams >= 1000 ? `${Number((grams / 1000).toFixed(2))} kg` : `${grams} g`;
}

async function picture(mediaDir: string, product: CatalogueProduct): Promise<Buffer | null> {
  if (!product.mainImage) return null;
  try {
    return await sharp(join(mediaDir, 'products', String(product.id), product.mainImage), {
      limitInputPixels: 50_000_000,
    })
      .rotate()
      .resize(PICTURE_PIXELS, PICTURE_PIXELS, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer();
  } catch {
    return null; // a missing or unreadable picture leaves its square empty
  }
}

/** Draws the catalogue PDF; returns its bytes and the number of products in it. */
export async function drawCataloguePdf(
  catalogue: CatalogueForPdf,
  { mediaDir, now = new Date() }: { mediaDir: string; now?: Date },
) {
  const { categories: order, products: rows, seller } = catalogue;
  const byCategory = new Map<number, CatalogueProduct[]>();
  for (const p of rows) {
    const list = byCategory.get(p.categoryId);
    if (list) list.push(p);
    else byCategory.set(p.categoryId, [p]);
  }

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: false,
    info: { Title: 'Product Catalogue', Author: seller.legalName ?? '' },
  });
  for (const { name, font } of fontFiles()) doc.registerFont(name, font as never);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const dated = now.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
  let y = MARGIN;
  y += write(doc, seller.legalName ?? 'Product Catalogue', MARGIN, y, {
    size: 18,
    weight: 700,
    color: MAROON,
  });
  y += write(doc, `Product Catalogue · prices as on ${dated}, including GST`, MARGIN, y + 2, {
    size: 10,
    color: GREY,
  });
  if (seller.contact) y += write(doc, seller.contact, MARGIN, y + 2, { size: 10, color: GREY });
  y += 12;

  const newPage = () => {
    doc.addPage();
    y = MARGIN;
  };
  let count = 0;
  for (const category of order) {
    const items = byCategory.get(category.id) ?? [];
    if (items.length === 0) continue;
    if (y + 24 + ROW > BOTTOM) newPage();
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE_WIDTH - MARGIN, y)
      .strokeColor(MAROON)
      .lineWidth(1)
      .stroke();
    y += 6;
    y += write(doc, category.path, MARGIN, y, { size: 13, weight: 700, color: MAROON }) + 6;
    const pictures = await Promise.all(items.map((p) => picture(mediaDir, p)));
    items.forEach((product, i) => {
      if (y + ROW > BOTTOM) newPage();
      const image = pictures[i];
      if (image) doc.image(image, MARGIN, y, { width: PICTURE, height: PICTURE });
      else doc.rect(MARGIN, y, PICTURE, PICTURE).strokeColor(RULE).lineWidth(0.5).stroke();
      const textX = MARGIN + PICTURE + 12;
      const priceWidth = 130;
      const nameWidth = CONTENT_WIDTH - PICTURE - 12 - priceWidth - 8;
      write(doc, product.name, textX, y + 6, { size: 11, weight: 700, width: nameWidth });
      const weight = weightText(product.itemWeight);
      if (weight) write(doc, weight, textX, y + 24, { size: 9, color: GREY, width: nameWidth });
      const priceX = PAGE_WIDTH - MARGIN - priceWidth;
      write(doc, formatPaise(product.sellingPricePaise), priceX, y + 6, {
        size: 12,
        weight: 700,
        width: priceWidth,
        align: 'right',
      });
      if (product.mrpPaise !== null && product.mrpPaise > product.sellingPricePaise)
        write(doc, `MRP ${formatPaise(product.mrpPaise)}`, priceX, y + 24, {
          size: 9,
          color: GREY,
          width: priceWidth,
          align: 'right',
        });
      y += ROW;
      doc
        .moveTo(textX, y - 5)
        .lineTo(PAGE_WIDTH - MARGIN, y - 5)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      count += 1;
    });
    y += 8;
  }
  if (count === 0)
    write(doc, 'The catalogue is being updated. Please visit the shop for the latest products.', MARGIN, y);
  doc.end();
  return { pdf: await finished, products: count };
}
