/**
 * Entry of the short-lived process that draws the catalogue PDF (forked by catalogue-pdf.job.ts).
 * It gets the catalogue as plain data over the IPC channel, writes the PDF to the file it is
 * told, answers with what it drew and exits — and with it every page object, font and picture
 * the drawing made. Drawn in the server's own process, a catalogue of 100,000 products took its
 * RSS from ~230 to ~750 MiB and left it at ~560 MiB (V8 and glibc keep what they grew).
 */
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { type CatalogueForPdf, drawCataloguePdf } from './catalogue-pdf.ts';

export interface DrawRequest {
  catalogue: CatalogueForPdf;
  mediaDir: string;
  /** Where to write the PDF. */
  target: string;
}

export interface DrawAnswer {
  products: number;
  bytes: number;
}

// As in the server (server.ts): no libvips image cache, one thread.
sharp.cache(false);
sharp.concurrency(1);

// The server went away (stopped, crashed): nobody is left to use the file.
process.once('disconnect', () => process.exit(0));

process.once('message', (request: DrawRequest) => {
  void (async () => {
    const { pdf, products } = await drawCataloguePdf(request.catalogue, { mediaDir: request.mediaDir });
    await writeFile(request.target, pdf);
    const answer: DrawAnswer = { products, bytes: pdf.length };
    process.removeAllListeners('disconnect');
    process.send?.(answer, () => process.disconnect());
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
