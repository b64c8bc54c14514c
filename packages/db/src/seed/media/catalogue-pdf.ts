import { categorySeeds, leafCategories, ROOT_CATEGORY } from '../catalogue-data.ts';
import { demoProducts } from '../catalogue-seed.ts';
import { settingSeeds } from '../content-data.ts';
import { weightLabel } from './svg-kit.ts';

/**
 * The demo "Product Catalogue 2026" as a hand-written PDF 1.4: two A4 pages in the standard
 * Helvetica fonts (no embedding needed), with a correct cross-reference table so that every
 * viewer opens it without repairs. Text must stay within WinAnsi, hence "Rs." rather than ₹.
 */

interface Line {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  colour?: [number, number, number];
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MAROON: [number, number, number] = [0.478, 0.18, 0.055];
const SAFFRON: [number, number, number] = [0.89, 0.463, 0];

const pdfString = (text: string) =>
  `(${text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')})`;
const rupees = (value: number) =>
  `Rs. ${value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function contentStream(lines: readonly Line[], rules: readonly number[]): string {
  const ops: string[] = [];
  // Saffron band at the top of every page.
  ops.push(`${SAFFRON.join(' ')} rg 0 ${PAGE_HEIGHT - 18} ${PAGE_WIDTH} 18 re f`);
  for (const y of rules) ops.push(`0.85 0.85 0.85 RG 0.8 w 50 ${y} m ${PAGE_WIDTH - 50} ${y} l S`);
  for (const line of lines) {
    const [r, g, b] = line.colour ?? [0.13, 0.13, 0.13];
    ops.push(
      `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${r} ${g} ${b} rg 1 0 0 1 ${line.x} ${line.y} Tm ${pdfString(line.text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

function coverPage(): { lines: Line[]; rules: number[] } {
  const lines: Line[] = [
    { text: 'Kesar Foods & Locks', x: 50, y: 770, size: 28, bold: true, colour: MAROON },
    { text: 'Product Catalogue 2026', x: 50, y: 740, size: 16, colour: SAFFRON, bold: true },
    {
      text: 'Sweets, spices, pickles, dry fruits, namkeen and locks - delivered across India.',
      x: 50,
      y: 712,
      size: 11,
    },
    { text: 'Our categories', x: 50, y: 670, size: 16, bold: true, colour: MAROON },
  ];
  let y = 645;
  for (const top of categorySeeds.filter((c) => c.parentId === ROOT_CATEGORY.id)) {
    lines.push({ text: top.name, x: 50, y, size: 13, bold: true });
    y -= 18;
    for (const sub of categorySeeds.filter((c) => c.parentId === top.id)) {
      const count = demoProducts.filter((p) => p.seed.categoryId === sub.id).length;
      lines.push({ text: `-  ${sub.name}`, x: 70, y, size: 11 });
      lines.push({ text: `${count} products`, x: 300, y, size: 11, colour: [0.4, 0.4, 0.4] });
      y -= 16;
    }
    y -= 10;
  }
  lines.push(
    { text: 'Contact', x: 50, y: y - 10, size: 13, bold: true, colour: MAROON },
    { text: `Phone: ${settingSeeds.company_contact_number}`, x: 50, y: y - 30, size: 11 },
    { text: `E-mail: ${settingSeeds.company_email_address}`, x: 50, y: y - 46, size: 11 },
    { text: '42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003', x: 50, y: y - 62, size: 11 },
  );
  return { lines, rules: [700] };
}

function priceListPage(): { lines: Line[]; rules: number[] } {
  const lines: Line[] = [
    { text: 'Price list (selected products)', x: 50, y: 780, size: 18, bold: true, colour: MAROON },
    { text: 'Product', x: 50, y: 752, size: 10, bold: true },
    { text: 'Net weight', x: 330, y: 752, size: 10, bold: true },
    { text: 'Price', x: 440, y: 752, size: 10, bold: true },
  ];
  const rules = [746];
  let y = 728;
  for (const leaf of leafCategories) {
    lines.push({ text: leaf.name, x: 50, y, size: 11, bold: true, colour: SAFFRON });
    y -= 15;
    for (const product of demoProducts.filter((p) => p.seed.categoryId === leaf.id).slice(0, 2)) {
      lines.push(
        { text: product.seed.name, x: 60, y, size: 10 },
        { text: weightLabel(product.seed.weight), x: 330, y, size: 10 },
        { text: rupees(product.seed.price), x: 440, y, size: 10 },
      );
      y -= 14;
    }
    y -= 6;
  }
  lines.push({
    text: 'Prices include GST. Free delivery in Jaipur, delivery across India. Visit our website for the full range.',
    x: 50,
    y: 50,
    size: 9,
    colour: [0.4, 0.4, 0.4],
  });
  return { lines, rules };
}

/** Serialises objects with a byte-exact xref table. */
function assemble(objects: readonly string[]): Buffer {
  const header = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const chunks: Buffer[] = [Buffer.from(header, 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

export function cataloguePdf(): Buffer {
  const pages = [coverPage(), priceListPage()].map((p) => contentStream(p.lines, p.rules));
  // 1 catalog, 2 pages, 3-4 fonts, then (page, content) pairs, then info.
  const pageIds = pages.map((_, i) => 5 + i * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((stream, i) => {
    const contentId = 6 + i * 2;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
  });
  objects.push(
    "<< /Title (Kesar Foods & Locks - Product Catalogue 2026) /Producer (Kesar demo seed) /CreationDate (D:20260101000000+05'30') >>",
  );
  return assemble(objects);
}
