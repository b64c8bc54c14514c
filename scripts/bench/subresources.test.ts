import { describe, expect, it } from 'vitest';
import { pageSubresources } from './subresources.ts';

describe("what a new visitor's browser asks for beside the page (bench subresources)", () => {
  const page = [
    '<html><head>',
    '<link rel="preload" as="image" href="/backend/data/assets/w480/logo.png"/>',
    '<link rel="preload" as="image" imageSrcSet="/backend/data/banners/w480/a.webp 480w" imageSizes="100vw"/>',
    '<link rel="canonical" href="https://shop.example/"/>',
    '<link nonce="n" rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    '<link nonce="n" rel="stylesheet" href="/assets/shell-CHf4.css"/>',
    '<link nonce="n" rel="stylesheet" href="/assets/home-I0Kz.css#"/>',
    '</head><body>',
    '<img src="/backend/data/products/1/300x300/kaju-katli.webp" alt="Kaju &amp; more" loading="lazy"/>',
    '<img src="https://cdn.example/x.png" alt=""/>',
    '<img src="//cdn.example/y.png" alt=""/>',
    '<script nonce="n">var p=["/assets/root-DN7B.js","/assets/shell-LyG1.js"];',
    'import("/assets/entry.client-CCsn.js");</script>',
    '</body></html>',
  ].join('');

  it('names the stylesheets, the modules the bootstrap loads, the pictures and the icon, each once', () => {
    expect(pageSubresources(page).sort()).toEqual(
      [
        '/assets/entry.client-CCsn.js',
        '/assets/home-I0Kz.css',
        '/assets/root-DN7B.js',
        '/assets/shell-CHf4.css',
        '/assets/shell-LyG1.js',
        '/backend/data/assets/w480/logo.png',
        '/backend/data/products/1/300x300/kaju-katli.webp',
        '/favicon.svg',
      ].sort(),
    );
  });

  it('leaves out other hosts, the canonical link and image sets the browser chooses from', () => {
    const found = pageSubresources(page);
    expect(found.some((path) => path.includes('example'))).toBe(false);
    expect(found).not.toContain('/backend/data/banners/w480/a.webp');
  });
});
