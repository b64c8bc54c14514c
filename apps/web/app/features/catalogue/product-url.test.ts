import { describe, expect, it } from 'vitest';
import { productIdOf, productPath, productRedirect } from './product-url.ts';

const katli = { id: 1, url_slug: 'kaju-katli' };
const at = (path: string) => new URL(path, 'http://shop.test');

describe('product page addresses', () => {
  it('are /product/{id}/{slug}; without a known slug /product/{id}', () => {
    expect(productPath(katli)).toBe('/product/1/kaju-katli');
    expect(productPath({ id: 7, url_slug: 'dal & chawal' })).toBe('/product/7/dal%20%26%20chawal');
    expect(productPath({ id: 7 })).toBe('/product/7');
  });

  it('take only a positive whole id', () => {
    expect(productIdOf('12')).toBe(12);
    for (const bad of [undefined, '', 'abc', '-1', '1.5', '0', '1e3', '9999999999'])
      expect(productIdOf(bad)).toBeNull();
  });

  it('the right slug stays; a wrong or missing slug moves (301) to the right one, query kept', () => {
    expect(productRedirect(at('/product/1/kaju-katli'), katli)).toBeNull();
    expect(productRedirect(at('/product/1/kaju-barfi'), katli)).toBe('/product/1/kaju-katli');
    expect(productRedirect(at('/product/1'), katli)).toBe('/product/1/kaju-katli');
    expect(productRedirect(at('/product/1/KAJU-KATLI?utm_source=wa'), katli)).toBe(
      '/product/1/kaju-katli?utm_source=wa',
    );
    // An id written with leading zeros is the same product under another address.
    expect(productRedirect(at('/product/01/kaju-katli'), katli)).toBe('/product/1/kaju-katli');
  });
});
