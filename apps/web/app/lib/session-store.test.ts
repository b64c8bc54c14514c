import { storageKeys } from '@shop/contract/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from './browser-storage.test-kit.ts';
import { checkoutOutlives, sessionStore } from './session-store.ts';

describe('customer state and the checkout under way (§4; §6: no customer sees another one’s order)', () => {
  let local: Map<string, string>;
  let session: Map<string, string>;
  beforeEach(() => {
    ({ local, session } = stubBrowserStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  const startCheckout = () => {
    session.set(storageKeys.checkoutOrder, JSON.stringify({ order: { id: 7 } }));
    session.set(
      storageKeys.checkoutDraft,
      JSON.stringify({ coupon_code: 'WELCOME10', customer_remarks: 'x' }),
    );
    local.set(storageKeys.cartData, JSON.stringify([{ id: 1, qty: 2 }]));
  };

  it('clear (logout) removes the token, the customer, the checkout order and draft; the cart stays', () => {
    sessionStore.set('token-a', { id: 1, email: 'a@example.in' });
    startCheckout();
    sessionStore.clear();
    expect(local.has(storageKeys.accessToken)).toBe(false);
    expect(local.has(storageKeys.userData)).toBe(false);
    expect(session.has(storageKeys.checkoutOrder)).toBe(false);
    expect(session.has(storageKeys.checkoutDraft)).toBe(false);
    expect(local.has(storageKeys.cartData)).toBe(true);
  });

  it('another customer signing in over a stored session drops the checkout; the same one keeps it', () => {
    sessionStore.set('token-a', { id: 1, email: 'a@example.in' });
    startCheckout();
    sessionStore.set('token-a2', { id: 1, email: 'a@example.in' });
    expect(session.has(storageKeys.checkoutOrder)).toBe(true);
    sessionStore.set('token-b', { id: 2, email: 'b@example.in' });
    expect(session.has(storageKeys.checkoutOrder)).toBe(false);
    expect(session.has(storageKeys.checkoutDraft)).toBe(false);
  });

  it('a logout or another customer’s sign-in in another tab drops this tab’s checkout; other changes keep it', () => {
    const a = JSON.stringify({ id: 1, email: 'a@example.in' });
    const a2 = JSON.stringify({ id: 1, email: 'a@example.in', address_id: 4 });
    const b = JSON.stringify({ id: 2, email: 'b@example.in' });
    const change = (key: string | null, oldValue: string | null, newValue: string | null) =>
      checkoutOutlives({ key, oldValue, newValue });
    expect(change(storageKeys.userData, a, null)).toBe(false);
    expect(change(storageKeys.userData, a, b)).toBe(false);
    expect(change(storageKeys.userData, null, b)).toBe(false);
    expect(change(null, null, null)).toBe(false);
    expect(change(storageKeys.userData, a, a2)).toBe(true);
    expect(change(storageKeys.cartData, '[]', '[{"id":1,"qty":1}]')).toBe(true);
    expect(change(storageKeys.accessToken, 'token-a', 'token-a2')).toBe(true);
  });
});
