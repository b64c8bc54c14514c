import { describe, expect, it } from 'vitest';
import { DOORKEEPER_BITS, doorkeeper } from './doorkeeper.ts';

describe("the doorkeeper: answers are kept from a URL's second request (doorkeeper.ts)", () => {
  it('a URL is new at its first request and asked before at its second; others stay new', () => {
    const asked = doorkeeper();
    expect(asked.askedBefore('/products?ProductsSearch[keyword]=kaju')).toBe(false);
    expect(asked.askedBefore('/products?ProductsSearch[keyword]=kaju')).toBe(true);
    expect(asked.askedBefore('/products?ProductsSearch[keyword]=kaju')).toBe(true);
    expect(asked.askedBefore('/products?ProductsSearch[keyword]=kajuu')).toBe(false);
    expect(asked.askedBefore('/products?ProductsSearch[keyword]=kaju&_=2')).toBe(false);
  });

  it('of 20,000 URLs asked once, fewer than 1 in 100 look asked before', () => {
    const asked = doorkeeper();
    let mistaken = 0;
    for (let i = 0; i < 20_000; i++)
      if (asked.askedBefore(`/backend/api/web/products?ProductsSearch[keyword]=word${i}&per-page=20&_=${i}`))
        mistaken += 1;
    expect(mistaken).toBeLessThan(200);
    expect(DOORKEEPER_BITS / 8).toBe(128 * 1024); // its whole memory
  });

  it('speaks of recent requests: emptied after so many new URLs', () => {
    const asked = doorkeeper({ bits: 1024, resetAfter: 3 });
    for (const url of ['/a', '/b', '/c']) expect(asked.askedBefore(url)).toBe(false);
    expect(asked.askedBefore('/a')).toBe(true); // not new: the table is not emptied
    expect(asked.askedBefore('/d')).toBe(false); // the fourth new URL empties it first
    expect(asked.askedBefore('/a')).toBe(false);
    expect(asked.askedBefore('/d')).toBe(true);
  });

  it('takes only a power of two of bits', () => {
    expect(() => doorkeeper({ bits: 1000 })).toThrow(/power of two/);
    expect(() => doorkeeper({ bits: 16 })).toThrow(/power of two/);
  });
});
