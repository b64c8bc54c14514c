import { describe, expect, it } from 'vitest';
import { mediaSrcSet, mediaUrl, mediaVariantOf } from './media.ts';

describe('media URLs (product rules §7 image kinds; resized WebP copies for the storefront)', () => {
  it('a variant sits in a folder named for its size, next to the original', () => {
    const logo = mediaUrl('assets', 'company-logo-main.png');
    expect(logo).toBe('/backend/data/assets/company-logo-main.png');
    expect(mediaVariantOf(logo, 'w480')).toBe('/backend/data/assets/w480/company-logo-main.png');
  });

  it('a srcset lists the copies narrower than the original, then the original', () => {
    const banner = mediaUrl('banners', 'sale day.webp');
    expect(mediaSrcSet(banner, 1000)).toBe(
      '/backend/data/banners/w480/sale%20day.webp 480w, /backend/data/banners/w800/sale%20day.webp 800w, /backend/data/banners/sale%20day.webp 1000w',
    );
  });
});
