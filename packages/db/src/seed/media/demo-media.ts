import { demoProducts } from '../catalogue-seed.ts';
import { assetSeeds, bannerSeeds, galleryImageSeeds, testimonialSeeds } from '../content-data.ts';
import { gatewayLogoFile, gatewaySeeds } from '../demo-gateways.ts';
import {
  bannerSvg,
  discoverSvg,
  gallerySvg,
  gatewayLogoSvg,
  logoSvg,
  testimonialSvg,
  videoPosterSvg,
} from './brand-art.ts';
import { PRODUCT_IMAGE_SIZE, productSvg } from './product-art.ts';
import { type MediaJob, type MediaOutput, mediaJobsWouldWrite, runMediaJobs } from './render.ts';

export interface DemoMediaOptions {
  /** Re-render files that exist (npm run seed); otherwise only missing files are written. */
  overwrite: boolean;
  /** Only the shop's logos and the payment methods' logos (a production shop without the demo catalogue). */
  logosOnly?: boolean;
}

const isLogo = (file: string) =>
  file.startsWith('assets/company-logo-') || file.startsWith('payment-gateways/');

const webp = (file: string, width: number, height = width): MediaOutput => ({
  file,
  width,
  height,
  format: 'webp',
});
const png = (file: string, width: number, height: number): MediaOutput => ({
  file,
  width,
  height,
  format: 'png',
});

/** Original plus the 300x300 and 120x120 variants the storefront loads (product rules §7). */
function productOutputs(productId: number, file: string): MediaOutput[] {
  const folder = `products/${productId}`;
  return [
    webp(`${folder}/${file}`, PRODUCT_IMAGE_SIZE),
    webp(`${folder}/300x300/${file}`, 300),
    webp(`${folder}/120x120/${file}`, 120),
  ];
}

/** Every file of the demo shop: product pictures, banners, portraits, logos, gallery. */
export function demoMediaJobs(): MediaJob[] {
  const jobs: MediaJob[] = [];
  for (const product of demoProducts) {
    jobs.push({
      kind: 'svg',
      svg: () => productSvg(product, 1),
      outputs: productOutputs(product.id, product.mainImage),
    });
    product.attachments.forEach((file, index) => {
      const view = index === 0 ? 2 : 3;
      jobs.push({
        kind: 'svg',
        svg: () => productSvg(product, view),
        outputs: productOutputs(product.id, file),
      });
    });
  }
  for (const banner of bannerSeeds) {
    jobs.push({
      kind: 'svg',
      svg: () => bannerSvg(banner),
      outputs: [webp(`banners/${banner.image}`, banner.width, banner.height)],
    });
  }
  for (const person of testimonialSeeds) {
    jobs.push({
      kind: 'svg',
      svg: () => testimonialSvg(person),
      outputs: [webp(`clienttestimonials/${person.image}`, 300)],
    });
  }
  const [white, main, discover1, discover2, videoPoster] = assetSeeds;
  jobs.push(
    { kind: 'svg', svg: () => logoSvg('white'), outputs: [png(`assets/${white.image}`, 480, 120)] },
    // E-mails link to assets/company-logo-main.png itself, so the file name is fixed.
    { kind: 'svg', svg: () => logoSvg('main'), outputs: [png(`assets/${main.image}`, 480, 120)] },
    { kind: 'svg', svg: () => discoverSvg(1), outputs: [webp(`assets/${discover1.image}`, 600, 450)] },
    { kind: 'svg', svg: () => discoverSvg(2), outputs: [webp(`assets/${discover2.image}`, 600, 450)] },
    { kind: 'svg', svg: videoPosterSvg, outputs: [webp(`assets/${videoPoster.image}`, 960, 540)] },
  );
  galleryImageSeeds.forEach((image, index) => {
    jobs.push({
      kind: 'svg',
      svg: () => gallerySvg(image, index),
      outputs: [
        webp(`imagegallery/${image.image}`, 1200, 800),
        webp(`imagegallery/300x300/${image.image}`, 300),
      ],
    });
  });
  for (const gateway of gatewaySeeds) {
    jobs.push({
      kind: 'svg',
      svg: () => gatewayLogoSvg(gateway.internalName, gateway.name),
      outputs: [png(`payment-gateways/${gatewayLogoFile(gateway.internalName)}`, 240, 80)],
    });
  }
  return jobs;
}

/** The jobs the options ask for: all of the demo shop's pictures, or its logos only. */
function demoMediaJobsFor(options: DemoMediaOptions): MediaJob[] {
  return demoMediaJobs().filter(
    (job) => !options.logosOnly || (job.kind === 'svg' && job.outputs.every((output) => isLogo(output.file))),
  );
}

/** Writes the demo shop's images under mediaDir (the catalogue PDF is the server's: catalogue-pdf.job.ts); returns the number of files written. */
export function ensureDemoMedia(mediaDir: string, options: DemoMediaOptions): Promise<number> {
  return runMediaJobs(demoMediaJobsFor(options), mediaDir, options.overwrite);
}

/** Whether `ensureDemoMedia` would write anything: a file is missing (or `overwrite`). */
export function demoMediaMissing(mediaDir: string, options: DemoMediaOptions): Promise<boolean> {
  return mediaJobsWouldWrite(demoMediaJobsFor(options), mediaDir, options.overwrite);
}
