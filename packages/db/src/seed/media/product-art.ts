import { categoryById, FOOD_ID, LOCKS_ID } from '../catalogue-data.ts';
import type { DemoProduct } from '../catalogue-seed.ts';
import { createPrng, hashString } from '../prng.ts';
import { drawMotif, motifByCategory } from './motifs.ts';
import {
  BRAND,
  dotPattern,
  FONT,
  linearGradient,
  type Palette,
  paletteOf,
  svgDocument,
  textLines,
  weightLabel,
  wrapText,
} from './svg-kit.ts';

export const PRODUCT_IMAGE_SIZE = 800;

/** The palette family of a leaf category: by its top-level parent. */
export function paletteFor(categoryId: number, seed: number): Palette {
  const parent = categoryById(categoryId).parentId;
  return paletteOf(parent === FOOD_ID ? 'food' : parent === LOCKS_ID ? 'locks' : 'snacks', seed);
}

/**
 * An 800×800 product picture: category-coloured background, a flat illustration, the name and
 * net weight. View 1 is the main image; views 2 and 3 (attachments) zoom and mirror the scene.
 */
export function productSvg(product: DemoProduct, view: 1 | 2 | 3): string {
  const { seed } = product;
  const hash = hashString(product.slug);
  const base = paletteFor(seed.categoryId, hash + view);
  // Steel, iron and laminated locks are grey, not brass.
  const palette = /steel|iron|laminated|shutter|glass|cam lock/i.test(seed.name)
    ? { ...base, accent: '#5f6b78' }
    : base;
  const prng = createPrng(hash + view * 7919);
  const kind = motifByCategory[seed.categoryId] ?? 'sweets';
  const round = /laddoo|jamun/i.test(seed.name);
  const size = PRODUCT_IMAGE_SIZE;
  const defs = `<defs>${linearGradient('bg', palette.from, palette.to)}${dotPattern('dots', palette.main, 48, 0.18)}</defs>`;
  const background = `<rect width="${size}" height="${size}" fill="url(#bg)"/><rect width="${size}" height="${size}" fill="url(#dots)"/>`;
  const brand = `<text x="40" y="62" font-family="${FONT}" font-size="26" font-weight="700" fill="${palette.ink}" fill-opacity="0.7" letter-spacing="4">KESAR</text>`;
  const labels = (seed.labels ?? []).slice(0, 1);
  const ribbon = labels[0]
    ? `<g><rect x="${size - 230}" y="30" width="200" height="50" rx="25" fill="${BRAND.maroon}"/><text x="${size - 130}" y="64" font-family="${FONT}" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${labels[0]}</text></g>`
    : '';

  if (view === 1) {
    const lines = wrapText(seed.name, 20).slice(0, 3);
    const fontSize = lines.length > 2 ? 42 : 50;
    const panelTop = 560;
    // Centre the name in the panel above the weight pill.
    const lineHeight = fontSize * 1.15;
    const firstBaseline = 640 - ((lines.length - 1) * lineHeight) / 2 + fontSize * 0.35;
    const text = textLines(lines, size / 2, firstBaseline, { size: fontSize, fill: palette.ink, lineHeight });
    const weight = `<rect x="${size / 2 - 75}" y="${size - 78}" width="150" height="44" rx="22" fill="${palette.to}"/><text x="${size / 2}" y="${size - 47}" font-family="${FONT}" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${weightLabel(seed.weight)}</text>`;
    const motif = `<circle cx="400" cy="320" r="235" fill="${palette.main}" fill-opacity="0.35"/><g transform="translate(400 310) scale(1.05)">${drawMotif(kind, palette, prng, round)}</g>`;
    const panel = `<rect x="40" y="${panelTop}" width="${size - 80}" height="${size - panelTop - 20}" rx="36" fill="#fff" fill-opacity="0.92"/>`;
    return svgDocument(size, size, `${defs}${background}${brand}${ribbon}${motif}${panel}${text}${weight}`);
  }

  // Attachment views: a close-up of the illustration, mirrored for view 3, with a small caption.
  const mirror = view === 3 ? ' scale(-1 1)' : '';
  const motif = `<g transform="translate(400 380) scale(1.55)${mirror}">${drawMotif(kind, palette, prng, round)}</g>`;
  const caption = `${seed.name} · ${view === 2 ? 'close-up' : 'another view'}`;
  const captionBox = `<rect x="40" y="${size - 100}" width="${size - 80}" height="64" rx="32" fill="#fff" fill-opacity="0.9"/>${textLines([caption], size / 2, size - 57, { size: 26, fill: palette.ink })}`;
  return svgDocument(size, size, `${defs}${background}${brand}${motif}${captionBox}`);
}
