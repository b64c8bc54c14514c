import type { BannerSeed, GalleryImageSeed, TestimonialSeed } from '../content-data.ts';
import { createPrng, hashString } from '../prng.ts';
import { drawMotif, type MotifKind } from './motifs.ts';
import {
  BRAND,
  dotPattern,
  FONT,
  linearGradient,
  type Palette,
  paletteOf,
  SERIF,
  svgDocument,
  textLines,
  wrapText,
} from './svg-kit.ts';

/** The company mark: a saffron roundel with a keyhole that doubles as a kesar (saffron) flower. */
function mark(cx: number, cy: number, r: number, ring: string): string {
  const petals = [0, 60, 120, 180, 240, 300]
    .map(
      (a) =>
        `<ellipse cx="${cx}" cy="${cy - r * 0.48}" rx="${r * 0.16}" ry="${r * 0.32}" fill="#fff" fill-opacity="0.45" transform="rotate(${a} ${cx} ${cy})"/>`,
    )
    .join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${BRAND.saffron}"/><circle cx="${cx}" cy="${cy}" r="${r - 5}" fill="none" stroke="${ring}" stroke-width="4"/>${petals}<circle cx="${cx}" cy="${cy - r * 0.12}" r="${r * 0.2}" fill="${BRAND.maroon}"/><path d="M${cx - r * 0.1} ${cy} L${cx - r * 0.16} ${cy + r * 0.42} H${cx + r * 0.16} L${cx + r * 0.1} ${cy} Z" fill="${BRAND.maroon}"/>`;
}

/** 480×120 transparent logo; `tone` 'main' for light backgrounds, 'white' for dark ones. */
export function logoSvg(tone: 'main' | 'white'): string {
  const ink = tone === 'main' ? BRAND.maroon : '#ffffff';
  const sub = tone === 'main' ? BRAND.saffron : '#ffd09b';
  return svgDocument(
    480,
    120,
    `${mark(60, 60, 50, tone === 'main' ? BRAND.maroon : '#ffffff')}<text x="128" y="62" font-family="${SERIF}" font-size="38" font-weight="700" fill="${ink}">Kesar Foods</text><text x="130" y="98" font-family="${FONT}" font-size="24" font-weight="700" fill="${sub}" letter-spacing="3">&amp; LOCKS</text>`,
  );
}

const gatewayColours: Readonly<Record<string, { bg: string; ink: string }>> = {
  cod: { bg: '#eaf7ee', ink: '#1e7a3c' },
  razorpay: { bg: '#eaf1ff', ink: '#0c2451' },
  paytm: { bg: '#e6f8fe', ink: '#002e6e' },
  paypal: { bg: '#eef4fb', ink: '#003087' },
};

/** 240×80 gateway badge: the gateway's name in its colours (no trademark artwork). */
export function gatewayLogoSvg(internalName: string, name: string): string {
  const c = gatewayColours[internalName] ?? { bg: '#f1f3f5', ink: '#212529' };
  const size = name.length > 12 ? 22 : 30;
  return svgDocument(
    240,
    80,
    `<rect x="1" y="1" width="238" height="78" rx="14" fill="${c.bg}" stroke="${c.ink}" stroke-opacity="0.25" stroke-width="2"/>${textLines([name], 120, 40 + size / 3, { size, fill: c.ink })}`,
  );
}

/** 300×300 portrait: initials in a coloured circle. */
export function testimonialSvg(t: TestimonialSeed): string {
  const initials = t.name
    .split(/\s+/)
    .filter((part) => part.length > 0)
    .map((part) => part[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();
  const hues = ['#e37600', '#a20f12', '#2f4858', '#7a2e0e', '#1e7a3c', '#5b3a8a'];
  const colour = hues[hashString(t.name) % hues.length] ?? BRAND.saffron;
  return svgDocument(
    300,
    300,
    `<rect width="300" height="300" fill="${BRAND.cream}"/><circle cx="150" cy="150" r="132" fill="${colour}"/><circle cx="150" cy="150" r="120" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="4"/>${textLines([initials], 150, 184, { size: 96, fill: '#fff' })}`,
  );
}

const bannerArt: Readonly<Record<string, { family: 'food' | 'snacks' | 'locks'; motifs: MotifKind[] }>> = {
  'homepage-sweets.webp': { family: 'food', motifs: ['sweets', 'dry-fruits'] },
  'homepage-spices.webp': { family: 'food', motifs: ['spices', 'pickles'] },
  'homepage-locks.webp': { family: 'locks', motifs: ['padlock', 'smart-lock'] },
  'right-namkeen.webp': { family: 'snacks', motifs: ['namkeen'] },
  'right-smart-locks.webp': { family: 'locks', motifs: ['smart-lock'] },
  'bottom-dry-fruits.webp': { family: 'food', motifs: ['dry-fruits'] },
  'bottom-pickles.webp': { family: 'food', motifs: ['pickles'] },
};

/**
 * Banners: headline and tagline on the left, illustrations on the right. The inner-page banner
 * is a quiet pattern only, because the storefront writes the page title over it.
 */
export function bannerSvg(b: BannerSeed): string {
  const { width: w, height: h } = b;
  if (b.category === 'Inner Page Banners') {
    return svgDocument(
      w,
      h,
      `<defs>${linearGradient('bg', BRAND.deepMaroon, BRAND.saffron)}${dotPattern('dots', '#ffffff', 40, 0.12)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#dots)"/><rect y="${h - 10}" width="${w}" height="10" fill="${BRAND.saffronLight}"/>`,
    );
  }
  const art = bannerArt[b.image] ?? { family: 'food', motifs: ['sweets'] };
  const palette = paletteOf(art.family, hashString(b.image));
  const prng = createPrng(hashString(b.image));
  const big = w >= 1200;
  // Two illustrations on the right third of wide banners, one on small ones; text keeps the left half.
  const scale = big ? 1.0 : (h / 400) * 0.9;
  const radius = big ? h * 0.36 : h * 0.42;
  const motifs = art.motifs
    .map((kind, i) => {
      const x = big ? w - 260 - i * 420 : w - 200;
      const y = h / 2 + (i % 2 === 0 ? 10 : -10);
      return `<circle cx="${x}" cy="${y}" r="${radius}" fill="${palette.main}" fill-opacity="0.3"/><g transform="translate(${x} ${y}) scale(${scale})">${drawMotif(kind, palette, prng)}</g>`;
    })
    .join('');
  const titleSize = big ? 72 : 44;
  const titleLines = wrapText(b.name, 16);
  const left = big ? 110 : 44;
  const top = big ? 200 : 110;
  const title = textLines(titleLines, left, top, {
    size: titleSize,
    fill: '#fff',
    anchor: 'start',
    family: SERIF,
  });
  const taglineY = top + titleLines.length * titleSize * 1.2 + (big ? 10 : 0);
  const tagline = textLines(wrapText(b.tagline, big ? 34 : 22), left, taglineY, {
    size: big ? 30 : 24,
    fill: '#fff',
    weight: 400,
    anchor: 'start',
  });
  const ctaY = taglineY + (big ? 60 : 70);
  const cta = `<rect x="${left}" y="${ctaY}" width="${big ? 220 : 170}" height="${big ? 64 : 50}" rx="32" fill="${BRAND.maroon}"/><text x="${left + (big ? 110 : 85)}" y="${ctaY + (big ? 42 : 33)}" font-family="${FONT}" font-size="${big ? 26 : 20}" font-weight="700" fill="#fff" text-anchor="middle">Shop now</text>`;
  return svgDocument(
    w,
    h,
    `<defs>${linearGradient('bg', palette.to, BRAND.deepMaroon)}${dotPattern('dots', '#ffffff', 44, 0.1)}</defs><rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#dots)"/>${motifs}${title}${tagline}${cta}`,
  );
}

/** A scene of several motifs on a coloured ground, for gallery and "more to discover" images. */
function sceneSvg(
  width: number,
  height: number,
  palette: Palette,
  motifs: readonly MotifKind[],
  seed: number,
  caption?: string,
): string {
  const prng = createPrng(seed);
  const step = width / (motifs.length + 1);
  const scale = Math.min(height / 520, step / 380);
  const art = motifs
    .map(
      (kind, i) =>
        `<g transform="translate(${step * (i + 1)} ${height * 0.46}) scale(${scale})">${drawMotif(kind, palette, prng)}</g>`,
    )
    .join('');
  const floor = `<rect y="${height * 0.72}" width="${width}" height="${height * 0.28}" fill="${palette.ink}" fill-opacity="0.18"/>`;
  const label = caption
    ? `<rect x="${width * 0.06}" y="${height - 96}" width="${width * 0.88}" height="64" rx="32" fill="#fff" fill-opacity="0.9"/>${textLines([caption], width / 2, height - 52, { size: 30, fill: palette.ink })}`
    : '';
  return svgDocument(
    width,
    height,
    `<defs>${linearGradient('bg', palette.from, palette.to)}${dotPattern('dots', palette.main, 50, 0.15)}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="url(#dots)"/>${floor}${art}${label}`,
  );
}

/** home-more-discover-img1 (the kitchen) and img2 (the lock workshop), 600×450. */
export function discoverSvg(which: 1 | 2): string {
  return which === 1
    ? sceneSvg(600, 450, paletteOf('food', 1), ['spices', 'pickles'], 11)
    : sceneSvg(600, 450, paletteOf('locks', 1), ['padlock', 'door-lock'], 12);
}

/** home-video-poster: the story video's still, 960×540. */
export function videoPosterSvg(): string {
  return sceneSvg(960, 540, paletteOf('food', 3), ['sweets', 'spices', 'padlock'], 21, 'Our story');
}

const galleryMotifs: readonly MotifKind[][] = [
  ['sweets', 'namkeen'],
  ['spices', 'bhujia'],
  ['dry-fruits', 'biscuits'],
  ['padlock', 'cabinet-lock'],
  ['chips', 'pickles'],
  ['door-lock', 'smart-lock'],
  ['flours', 'sweets'],
];

/** 1200×800 gallery photo stand-in with its caption. */
export function gallerySvg(g: GalleryImageSeed, index: number): string {
  const seed = hashString(g.image);
  const lockish = /lock|lever|casting|quality|dealer/i.test(g.name);
  const palette = paletteOf(lockish ? 'locks' : g.category === 'events' ? 'snacks' : 'food', seed);
  const motifs = lockish
    ? (['padlock', 'door-lock', 'smart-lock'] as MotifKind[]).slice(0, 2 + (index % 2))
    : (galleryMotifs[index % galleryMotifs.length] ?? ['sweets']);
  return sceneSvg(1200, 800, palette, motifs, seed, g.name);
}
