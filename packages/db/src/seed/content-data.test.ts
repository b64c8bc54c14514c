import { describe, expect, it } from 'vitest';
import { contentSeeds, galleryImageSeeds, menuSeeds, settingSeeds, videoSeeds } from './content-data.ts';

/** The policies the storefront's footer always links itself (its fixed legal links, not a menu). */
const FOOTER_POLICY_PAGES = [
  '/page/return-policy',
  '/page/refund-policy',
  '/page/cancellation-policy',
  '/page/shipping-policy',
  '/page/warranty-policy',
];

describe('site-wide texts tell no more than the delivery check does', () => {
  it('the top bar offers cash on delivery in most areas, not everywhere (some PIN codes are prepaid only)', () => {
    expect(contentSeeds.header_top_text).toBe(
      'Free delivery in Jaipur · Delivery across India · Cash on delivery in most areas',
    );
  });

  it('no text claims delivery to every pincode; "More to discover" names the delivery check', () => {
    for (const [key, text] of Object.entries({ ...contentSeeds, ...settingSeeds }))
      expect(text, key).not.toMatch(/every pin ?code/i);
    expect(contentSeeds.home_more_to_discover_text).toContain('We deliver across India (Check delivery');
  });
});

describe('footer quick links', () => {
  it('repeat none of the policies the footer already links, so none shows twice', () => {
    const quickLinks = menuSeeds.filter((m) => m.category === 'footer-quick-link-menus');
    expect(quickLinks.map((m) => m.name)).toEqual(['About Us', 'Privacy Policy', 'Terms', 'Contact Us']);
    for (const link of quickLinks) expect(FOOTER_POLICY_PAGES, link.name).not.toContain(link.url);
  });
});

describe('galleries', () => {
  it('every photo and video gallery of the demo shop is reachable from the Gallery menu', () => {
    const menu = menuSeeds.filter((m) => m.category === 'header-menus').map((m) => m.url);
    const galleries = [
      ...new Set([
        ...galleryImageSeeds.map((g) => `/gallery/${g.category}`),
        ...videoSeeds.map((v) => `/gallery/video/${v.category}`),
      ]),
    ];
    expect(galleries.length).toBeGreaterThanOrEqual(4);
    for (const url of galleries) expect(menu, url).toContain(url);
  });
});
