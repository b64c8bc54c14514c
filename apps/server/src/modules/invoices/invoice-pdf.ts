import { formatPaise } from '@shop/contract/money';
import { amountInWords } from './amount-in-words.ts';
import type { TaxDocument, TaxDocumentLine } from './invoice-document.ts';
import { documentDate } from './invoice-numbering.ts';
import { newPdfDocument, type PdfDoc, write } from './pdf-writing.service.ts';

/**
 * Draws a tax invoice or credit note (A4) with every particular a tax invoice must carry:
 * supplier's name, address and GSTIN; a serial number and date; the recipient's name, delivery
 * address and state with its code; per line the description, HSN code, quantity and unit,
 * value, discount, taxable value, GST rate and the CGST + SGST or IGST amount; totals; the amount
 * in words; the place of supply with its state; whether tax is paid on reverse charge; the
 * signature line. Food shops add their FSSAI licence number. A credit note also names the
 * invoice it reduces and why.
 */

type Doc = PdfDoc;

const MARGIN = 36;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN - 20;
const MAROON = '#7a2e0e';
const GREY = '#555555';
const RULE = '#bbbbbb';

/** Paise in a table cell: Indian grouping; the table says the amounts are in ₹. */
const cell = (paise: number) => formatPaise(paise).replace('₹', '');

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value: (line: TaxDocumentLine, index: number) => string;
}

function columnsOf(document: TaxDocument): Column[] {
  const tax: Column[] = document.interState
    ? [{ title: 'IGST', width: 52, align: 'right', value: (l) => cell(l.igstPaise) }]
    : [
        { title: 'CGST', width: 45, align: 'right', value: (l) => cell(l.cgstPaise) },
        { title: 'SGST/UTGST', width: 45, align: 'right', value: (l) => cell(l.sgstPaise) },
      ];
  const description =
    CONTENT_WIDTH - (16 + 38 + 30 + 50 + 44 + 56 + 30 + 50) - tax.reduce((a, c) => a + c.width, 0);
  return [
    { title: '#', width: 16, align: 'left', value: (_l, i) => String(i + 1) },
    { title: 'Description of goods', width: description, align: 'left', value: (l) => l.description },
    { title: 'HSN/SAC', width: 38, align: 'left', value: (l) => l.hsn || '—' },
    {
      title: 'Qty',
      width: 30,
      align: 'right',
      value: (l) => (l.quantity === null ? '—' : `${l.quantity} ${l.unit}`),
    },
    {
      title: 'Rate incl. GST',
      width: 50,
      align: 'right',
      value: (l) => (l.unitPricePaise === null ? '—' : cell(l.unitPricePaise)),
    },
    { title: 'Discount', width: 44, align: 'right', value: (l) => cell(l.discountPaise) },
    { title: 'Taxable value', width: 56, align: 'right', value: (l) => cell(l.taxablePaise) },
    {
      title: 'GST rate',
      width: 30,
      align: 'right',
      value: (l) =>
        document.interState ? `${l.ratePercent}%` : `${l.ratePercent / 2}% + ${l.ratePercent / 2}%`,
    },
    ...tax,
    { title: 'Total', width: 50, align: 'right', value: (l) => cell(l.amountPaise) },
  ];
}

function tableRow(doc: Doc, columns: Column[], texts: string[], y: number, header: boolean): number {
  const size = 7;
  let height = 0;
  doc.fontSize(size);
  columns.forEach((c, i) => {
    doc.font(header ? 'noto-latin-700' : 'noto-latin-400');
    height = Math.max(height, doc.heightOfString(texts[i] ?? '', { width: c.width - 4, lineGap: 1 }));
  });
  height += 6;
  if (header) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill('#f6efe6');
  let x = MARGIN;
  columns.forEach((c, i) => {
    write(doc, texts[i] ?? '', x + 2, y + 3, {
      width: c.width - 4,
      align: c.align,
      size,
      weight: header ? 700 : 400,
    });
    x += c.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + CONTENT_WIDTH, y + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return height;
}

/** Label and value pairs in a block; returns the block's height. */
function pairs(doc: Doc, items: Array<[string, string]>, x: number, y: number, width: number): number {
  let at = y;
  for (const [label, value] of items) {
    write(doc, label, x, at, { width: width * 0.45, size: 8, color: GREY });
    at += Math.max(
      11,
      write(doc, value, x + width * 0.45, at, { width: width * 0.55, size: 8, weight: 700 }),
    );
  }
  return at - y;
}

/** The PDF of a tax invoice or credit note. */
export function renderTaxDocumentPdf(document: TaxDocument): Promise<Buffer> {
  const credit = document.kind === 'credit_note';
  const { doc, done } = newPdfDocument({
    Title: `${credit ? 'Credit note' : 'Tax invoice'} ${document.number}`,
    Author: document.supplier.legalName,
    Subject: `Order ${document.order.number}`,
  });

  const s = document.supplier;
  // Title.
  doc.rect(0, 0, PAGE_WIDTH, 14).fill('#e37600');
  write(doc, credit ? 'CREDIT NOTE' : 'TAX INVOICE', MARGIN, 28, {
    width: CONTENT_WIDTH,
    align: 'center',
    size: 16,
    weight: 700,
    color: MAROON,
  });
  write(doc, credit ? 'Issued under section 34 of the CGST Act' : 'Original for recipient', MARGIN, 50, {
    width: CONTENT_WIDTH,
    align: 'center',
    size: 7.5,
    color: GREY,
  });

  // Supplier (left) and document particulars (right).
  const top = 72;
  let left = top;
  left += write(doc, s.legalName, MARGIN, left, { width: 280, size: 11, weight: 700 }) + 2;
  left += write(doc, s.address, MARGIN, left, { width: 280 }) + 2;
  left += write(doc, `GSTIN: ${s.gstin}`, MARGIN, left, { width: 280, weight: 700 });
  left += write(doc, `State: ${s.stateName} (State code ${s.stateCode})`, MARGIN, left, { width: 280 });
  left += write(doc, `FSSAI Lic. No.: ${s.fssaiNumber}`, MARGIN, left, { width: 280 });

  const meta: Array<[string, string]> = [
    [credit ? 'Credit note no.' : 'Invoice no.', document.number],
    [credit ? 'Credit note date' : 'Invoice date', documentDate(new Date(document.issuedAt))],
    ...(document.original
      ? ([
          ['Against invoice no.', document.original.number],
          ['Invoice date', documentDate(new Date(document.original.issuedAt))],
        ] as Array<[string, string]>)
      : []),
    ['Order no.', document.order.number],
    ['Order date', documentDate(new Date(document.order.placedAt))],
    [
      'Place of supply',
      `${document.placeOfSupply.stateName} (${document.placeOfSupply.stateCode})${document.interState ? ', inter-state' : ''}`,
    ],
    ['Reverse charge', document.reverseCharge ? 'Yes' : 'No'],
    ...(document.reason ? ([['Reason', document.reason]] as Array<[string, string]>) : []),
  ];
  const right = top + pairs(doc, meta, 330, top, CONTENT_WIDTH - 294);

  // Recipient.
  let y = Math.max(left, right) + 10;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.8)
    .strokeColor(MAROON)
    .stroke();
  y += 6;
  write(doc, 'Recipient (billed and shipped to)', MARGIN, y, { size: 7.5, color: GREY, weight: 700 });
  y += 11;
  const r = document.recipient;
  y += write(doc, r.name, MARGIN, y, { width: 300, size: 10, weight: 700 });
  for (const line of r.address) y += write(doc, line, MARGIN, y, { width: 300 });
  y += write(doc, `Mobile: ${r.mobile}`, MARGIN, y, { width: 300 });
  y += write(doc, `GSTIN: ${r.gstin ?? 'Unregistered (consumer)'}`, MARGIN, y, { width: 300 });
  y += 10;

  // Lines.
  write(doc, 'Amounts in Indian rupees (₹)', MARGIN, y, {
    width: CONTENT_WIDTH,
    align: 'right',
    size: 7,
    color: GREY,
  });
  y += 11;
  const columns = columnsOf(document);
  const titles = columns.map((c) => c.title);
  y += tableRow(doc, columns, titles, y, true);
  document.lines.forEach((line, index) => {
    const texts = columns.map((c) => c.value(line, index));
    if (y + 30 > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      y += tableRow(doc, columns, titles, y, true);
    }
    y += tableRow(doc, columns, texts, y, false);
  });

  // Totals.
  const t = document.totals;
  const totals: Array<[string, string]> = [
    ['Total value (incl. GST)', formatPaise(t.grossPaise)],
    ...(t.discountPaise
      ? ([['Less discount', `-${formatPaise(t.discountPaise)}`]] as Array<[string, string]>)
      : []),
    ['Total taxable value', formatPaise(t.taxablePaise)],
    ...(document.interState
      ? ([['IGST', formatPaise(t.igstPaise)]] as Array<[string, string]>)
      : ([
          ['CGST', formatPaise(t.cgstPaise)],
          ['SGST/UTGST', formatPaise(t.sgstPaise)],
        ] as Array<[string, string]>)),
    [credit ? 'Credit note total' : 'Invoice total', formatPaise(t.amountPaise)],
  ];
  if (y + 14 * totals.length + 90 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  const totalsX = MARGIN + CONTENT_WIDTH - 220;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    write(doc, label, totalsX, y, { width: 120, size: last ? 9.5 : 8.5, weight: last ? 700 : 400 });
    write(doc, value, totalsX + 120, y, { width: 100, align: 'right', size: last ? 9.5 : 8.5, weight: 700 });
    y += last ? 16 : 13;
  });
  y += 4;
  y += write(doc, `Amount in words: ${amountInWords(t.amountPaise)}`, MARGIN, y, {
    width: CONTENT_WIDTH,
    weight: 700,
  });
  y += 4;
  y += write(
    doc,
    credit
      ? 'The taxable value and tax above are credited against the invoice named above.'
      : 'Prices include GST; the tax shown is contained in the amounts charged. Tax is not payable on reverse charge.',
    MARGIN,
    y,
    { width: CONTENT_WIDTH, size: 7.5, color: GREY },
  );

  // Signature.
  y += 18;
  write(doc, `For ${s.legalName}`, MARGIN + CONTENT_WIDTH - 240, y, {
    width: 240,
    align: 'right',
    weight: 700,
  });
  y += 30;
  write(doc, 'Authorised signatory', MARGIN + CONTENT_WIDTH - 240, y, { width: 240, align: 'right' });
  write(doc, 'This is a computer-generated document.', MARGIN, y, { width: 260, size: 7.5, color: GREY });

  doc.end();
  return done;
}
