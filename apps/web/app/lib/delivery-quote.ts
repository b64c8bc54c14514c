import { type DeliveryQuote, PINCODE_PATTERN } from '@shop/contract/delivery';
import { useEffect, useState } from 'react';
import { api } from './api-client.ts';

/**
 * Delivery quotes (GET delivery/{pincode}) for the address form, the cart, the shipping step and
 * the payment step. Quotes are kept for the page's life: a pincode asked twice is asked once.
 */
const known = new Map<string, Promise<DeliveryQuote>>();

export function fetchDeliveryQuote(pincode: string): Promise<DeliveryQuote> {
  let quote = known.get(pincode);
  if (!quote) {
    quote = api.get<DeliveryQuote>(`delivery/${pincode}`);
    known.set(pincode, quote);
    // A failed answer (offline) is not remembered: the next ask tries again.
    quote.catch(() => known.delete(pincode));
  }
  return quote;
}

/**
 * The quote of a six-digit pincode (undefined while it loads, for anything else, or when the
 * server cannot be reached: the server prices and checks delivery at checkout anyway).
 */
export function useDeliveryQuote(pincode: string | null | undefined): DeliveryQuote | undefined {
  const wanted = pincode && PINCODE_PATTERN.test(pincode) ? pincode : null;
  const [quote, setQuote] = useState<DeliveryQuote | undefined>(undefined);
  useEffect(() => {
    setQuote(undefined);
    if (!wanted) return;
    let current = true;
    fetchDeliveryQuote(wanted).then(
      (q) => {
        if (current) setQuote(q);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  return quote;
}
