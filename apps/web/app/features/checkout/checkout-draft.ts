import type { CheckoutResult } from '@shop/contract/orders';
import { storageKeys } from '@shop/contract/storage-keys';

/**
 * What the cart hands to /shipping (coupon and remarks) and what /shipping hands to /payment
 * (the created order). Kept in sessionStorage so that a reload keeps them; router state is
 * used too. The payment page reads `kesar_checkout_order` = JSON {order}.
 */
export const CHECKOUT_DRAFT_KEY = storageKeys.checkoutDraft;
export const CHECKOUT_ORDER_KEY = storageKeys.checkoutOrder;

export interface CheckoutDraft {
  coupon_code: string;
  customer_remarks: string;
  /** One Idempotency-Key per cart attempt: the same cart, address and coupon reuse it. */
  attempt?: { signature: string; key: string };
}

const emptyDraft: CheckoutDraft = { coupon_code: '', customer_remarks: '' };

function read<T>(key: string): T | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function isDraft(v: unknown): v is CheckoutDraft {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return typeof d.coupon_code === 'string' && typeof d.customer_remarks === 'string';
}

export const checkoutDraft = {
  get(): CheckoutDraft {
    const v = read<unknown>(CHECKOUT_DRAFT_KEY);
    return isDraft(v) ? v : emptyDraft;
  },
  set(draft: CheckoutDraft) {
    window.sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
  },
  /** The cart's purchase is placed: its coupon and remarks were for that order, not the next. */
  clear() {
    window.sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
  },
  /** The Idempotency-Key for this exact attempt; a changed cart gets a new one. */
  keyFor(signature: string, fresh = false): string {
    const draft = checkoutDraft.get();
    if (!fresh && draft.attempt?.signature === signature) return draft.attempt.key;
    const key = crypto.randomUUID();
    checkoutDraft.set({ ...draft, attempt: { signature, key } });
    return key;
  },
};

export const checkoutOrder = {
  get(): CheckoutResult | null {
    const v = read<CheckoutResult>(CHECKOUT_ORDER_KEY);
    return v && typeof v === 'object' && v.order ? v : null;
  },
  set(result: CheckoutResult) {
    window.sessionStorage.setItem(CHECKOUT_ORDER_KEY, JSON.stringify({ order: result.order }));
  },
  /**
   * "Pay now" on an unpaid order's details: the payment page pays that order; the cart, which
   * may hold a new purchase by now, is left alone once it is paid.
   */
  setForRetry(result: CheckoutResult) {
    window.sessionStorage.setItem(CHECKOUT_ORDER_KEY, JSON.stringify({ order: result.order, retry: true }));
  },
  /** Whether the stored order came from "Pay now" rather than from the cart. */
  isRetry(): boolean {
    return read<{ retry?: boolean }>(CHECKOUT_ORDER_KEY)?.retry === true;
  },
};
