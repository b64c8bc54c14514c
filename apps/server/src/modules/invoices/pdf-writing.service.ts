import PDFDocument from 'pdfkit';
import { type FontWeight, fontFiles, fontRuns } from './pdf-fonts.ts';

/**
 * The shop's A4 documents (tax invoices, credit notes, packing slips) set in embedded Noto Sans,
 * so ₹ and Hindi names print: one home for creating such a document and writing mixed-script
 * text into it, used by this module and by any other that prints a PDF.
 */

export type PdfDoc = InstanceType<typeof PDFDocument>;
export { type FontWeight, fontFiles, fontRuns };

/** A4 in points, and the margin every shop document keeps. */
export const A4 = { width: 595.28, height: 841.89, margin: 36 } as const;

export interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  size?: number;
  weight?: FontWeight;
  color?: string;
}

/**
 * A new A4 document with the Noto Sans fonts registered under the names `write` uses, and the
 * promise of its bytes once `doc.end()` is called.
 */
export function newPdfDocument(info: { Title: string; Author?: string; Subject?: string }): {
  doc: PdfDoc;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({ size: 'A4', margin: A4.margin, info });
  // pdfkit takes an already parsed fontkit font as well as a file (its types know only files).
  for (const { name, font } of fontFiles()) doc.registerFont(name, font as unknown as Uint8Array);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Text in as many fonts as its scripts need, starting at (x, y); returns the height it took. */
export function write(doc: PdfDoc, text: string, x: number, y: number, options: TextOptions = {}): number {
  const size = options.size ?? 8.5;
  const weight = options.weight ?? 400;
  const runs = fontRuns(text, weight);
  const common = {
    ...(options.width !== undefined ? { width: options.width } : {}),
    align: options.align ?? 'left',
    lineGap: 1,
  };
  doc.fillColor(options.color ?? '#111111').fontSize(size);
  const first = runs[0];
  if (!first) return 0;
  doc.font(first.font);
  const height = doc.heightOfString(text, common);
  const align = options.align ?? 'left';
  if (runs.length > 1 && align !== 'left' && options.width !== undefined) {
    // pdfkit aligns each run of a continued text on its own; place the runs of one line by hand.
    const widths = runs.map((run) => doc.font(run.font).widthOfString(run.text));
    const total = widths.reduce((a, w) => a + w, 0);
    let at = align === 'right' ? x + options.width - total : x + (options.width - total) / 2;
    runs.forEach((run, i) => {
      doc.font(run.font).text(run.text, at, y, { lineBreak: false });
      at += widths[i] ?? 0;
    });
    return height;
  }
  doc.text(first.text, x, y, { ...common, continued: runs.length > 1 });
  runs.slice(1).forEach((run, i) => {
    doc.font(run.font).text(run.text, { ...common, continued: i < runs.length - 2 });
  });
  return height;
}
