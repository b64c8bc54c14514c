import type { SessionResponse } from '@shop/contract/customers';
import { storageKeys } from '@shop/contract/storage-keys';
import { storedValue, useStoredValue } from './browser-storage.ts';

/** The customer as the API returns it (login, verify, details). */
export interface SessionCustomer {
  id: number;
  email: string;
  address_id?: number | null;
  [key: string]: unknown;
}

// What storage holds, when it is the value the key keeps (else undefined: storedValue's fallback).
const aString = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const aCustomer = (v: unknown) =>
  typeof v === 'object' && v !== null && typeof (v as { email?: unknown }).email === 'string'
    ? (v as SessionCustomer)
    : undefined;
const anInteger = (v: unknown) => (Number.isInteger(v) ? (v as number) : undefined);

export const accessToken = storedValue<string | null>(storageKeys.accessToken, null, aString, 'text');
export const userData = storedValue<SessionCustomer | null>(storageKeys.userData, null, aCustomer);
export const selectedAddressId = storedValue<number | null>(storageKeys.selectedAddressId, null, anInteger);
export const afterLoginRedirect = storedValue<string | null>(
  storageKeys.afterLoginRedirect,
  null,
  aString,
  'text',
);

/** Forgets the checkout under way: its order and its draft (sessionStorage). */
function clearCheckout() {
  if (typeof window === 'undefined') return;
  window.sessionStorage.removeItem(storageKeys.checkoutDraft);
  window.sessionStorage.removeItem(storageKeys.checkoutOrder);
}

/** Customer state (product rules §4): set stores it in browser storage, clear removes it. */
export const sessionStore = {
  token: () => accessToken.get(),
  /** After login or e-mail verification: keeps the token, the customer and their default address. */
  set(token: string, customer: SessionCustomer) {
    // Another customer signing in over a stored session: the checkout under way is not theirs.
    const previous = userData.get()?.id;
    if (previous !== undefined && previous !== customer.id) clearCheckout();
    accessToken.set(token);
    userData.set(customer);
    if (customer.address_id) selectedAddressId.set(customer.address_id);
  },
  /**
   * Logout, or a token the server no longer takes. The checkout under way goes too: its order
   * names the customer's delivery address and mobile, and its draft their coupon and remarks; on
   * a shared computer the next customer must see none of it (their order stays payable from its
   * details, "Pay now"). The cart stays: it belongs to the browser, as before logging in.
   */
  clear() {
    accessToken.clear();
    userData.clear();
    selectedAddressId.clear();
    clearCheckout();
  },
};

function customerIdIn(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  try {
    return anInteger(aCustomer(JSON.parse(raw))?.id);
  } catch {
    return undefined;
  }
}

/**
 * The checkout of this tab outlives a change made in another tab only while the same customer
 * stays signed in there: a logout (the customer removed, or all storage cleared) or another
 * customer's sign-in drops it, as `clear` and `set` do in the tab where they happen.
 */
export function checkoutOutlives(event: Pick<StorageEvent, 'key' | 'oldValue' | 'newValue'>): boolean {
  if (event.key === null) return false;
  if (event.key !== storageKeys.userData) return true;
  const after = customerIdIn(event.newValue);
  return after !== undefined && after === customerIdIn(event.oldValue);
}

/**
 * sessionStorage belongs to one tab, so logging out in one tab cannot reach the checkout of
 * another left open on /payment; the 'storage' event of localStorage can. Returns the unsubscribe.
 */
export function dropCheckoutOnOtherTabsLogout(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (!checkoutOutlives(event)) clearCheckout();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The logged-in customer (null on the server, before hydration, and when logged out). */
export function useSession() {
  const token = useStoredValue(accessToken);
  const customer = useStoredValue(userData);
  return { token, customer, isLoggedIn: Boolean(token) };
}

/**
 * Marks a session that came from a password-reset code: its token may only read its customer and
 * change the password, so the protected wrapper sends it to /change-password from elsewhere.
 */
export const RESET_SCOPE_FLAG = 'token_scope';

/** Stores a login or e-mail verification answer as the customer state (product rules §4). */
export function startSession(session: SessionResponse) {
  const customer: SessionCustomer = { ...session.customer };
  if (session.scope === 'password_reset') customer[RESET_SCOPE_FLAG] = 'password_reset';
  sessionStore.set(session.token, customer);
}

export function isPasswordResetSession(customer: SessionCustomer | null): boolean {
  return customer?.[RESET_SCOPE_FLAG] === 'password_reset';
}
