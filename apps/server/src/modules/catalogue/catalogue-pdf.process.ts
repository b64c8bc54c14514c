/**
 * Entry of the short-lived process that draws the catalogue PDF (forked by catalogue-pdf.job.ts).
 * It gets the catalogue as plain data over the IPC channel (the frame first, then the products in
 * batches as the server reads them, then the word to draw), writes the PDF to the file it is
 * told, answers with what it drew and exits — and with it every page object, font and picture
 * the drawing made. Drawn in the server's own process, a catalogue of 100,000 products took its
 * RSS from ~230 to ~750 MiB and left it at ~560 MiB (V8 and glibc keep what they grew).
 */
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { CatalogueFrame, CatalogueProduct } from './catalogue-pdf-rows.ts';
import { drawCataloguePdf } from './catalogue-pdf.ts';

/** What the server sends, in this order: one `frame`, any number of `products`, one `draw`. */
export type DrawMessage =
  | {
      kind: 'frame';
      frame: CatalogueFrame;
      mediaDir: string;
      /** Where to write the PDF. */
      target: string;
    }
  | { kind: 'products'; products: CatalogueProduct[] }
  | { kind: 'draw' };

export interface DrawAnswer {
  products: number;
  bytes: number;
}

// As in the server (server.ts): no libvips image cache, one thread.
sharp.cache(false);
sharp.concurrency(1);

// The server went away (stopped, crashed): nobody is left to use the file.
process.once('disconnect', () => process.exit(0));

let frame: Extract<DrawMessage, { kind: 'frame' }> | undefined;
const products: CatalogueProduct[] = [];

process.on('message', (message: DrawMessage) => {
  if (message.kind === 'frame') frame = message;
  else if (message.kind === 'products') products.push(...message.products);
  else void draw();
});

async function draw() {
  try {
    if (!frame) throw new Error('asked to draw the catalogue PDF before its frame');
    const { mediaDir, target } = frame;
    const { pdf, products: count } = await drawCataloguePdf({ ...frame.frame, products }, { mediaDir });
    await writeFile(target, pdf);
    const answer: DrawAnswer = { products: count, bytes: pdf.length };
    process.removeAllListeners('disconnect');
    process.send?.(answer, () => process.disconnect());
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
