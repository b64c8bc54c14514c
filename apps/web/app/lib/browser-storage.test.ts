import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedValue } from './browser-storage.ts';
import { stubBrowserStorage } from './browser-storage.test-kit.ts';

const isString = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

describe('browser storage (product rules §9 keys, §6 bearer token)', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = stubBrowserStorage().local;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores a text value (the access token) as the plain string, usable as a Bearer token', () => {
    const token = storedValue<string | null>('kesar_access_token', null, isString, 'text');
    token.set('abc_DEF-123');
    expect(store.get('kesar_access_token')).toBe('abc_DEF-123');
    expect(token.get()).toBe('abc_DEF-123');
  });

  it('still reads a token that an older build stored JSON-encoded', () => {
    store.set('kesar_access_token', '"old-token"');
    const token = storedValue<string | null>('kesar_access_token', null, isString, 'text');
    expect(token.get()).toBe('old-token');
  });

  it('stores lists as JSON (cart_data) and clears to the fallback', () => {
    const cart = storedValue<number[]>('kesar_cart_data', [], (v) =>
      Array.isArray(v) ? (v as number[]) : undefined,
    );
    cart.set([1, 2]);
    expect(store.get('kesar_cart_data')).toBe('[1,2]');
    cart.clear();
    expect(store.has('kesar_cart_data')).toBe(false);
    expect(cart.get()).toEqual([]);
  });
});
