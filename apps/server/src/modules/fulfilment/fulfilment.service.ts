import { type DeliveryQuote, PINCODE_PATTERN, codRefusal } from '@shop/contract/delivery';
import { formatPaise } from '@shop/contract/money';
import type { DbOrTx } from '@shop/db/client';
import { activeZones, findPincode } from './fulfilment.repository.ts';
import { resolveZone } from './zone-resolution.ts';

/**
 * Delivery by pincode: where a pincode is (India Post's directory) and what the shop's delivery
 * zones say about it. A pincode the directory does not know is not served: the shop cannot tell
 * where the parcel would go.
 */

const notServed = (pincode: string, city: string | null, state: string | null): DeliveryQuote => ({
  pincode,
  serviceable: false,
  city,
  state,
  charge: 0,
  free_above: null,
  eta_days: null,
  cod_available: false,
  cod_max: null,
  cod_fee: 0,
});

export function isPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

/** The delivery quote of one well-formed pincode (callers check the form with isPincode). */
export async function deliveryQuote(db: DbOrTx, pincode: string): Promise<DeliveryQuote> {
  const place = await findPincode(db, pincode);
  if (!place) return notServed(pincode, null, null);
  const zone = resolveZone(await activeZones(db), pincode, place.state);
  if (!zone?.serviceable) return notServed(pincode, place.city, place.state);
  return {
    pincode,
    serviceable: true,
    city: place.city,
    state: place.state,
    charge: zone.chargePaise,
    free_above: zone.freeAbovePaise,
    eta_days: zone.etaDays,
    cod_available: zone.codAllowed,
    cod_max: zone.codAllowed ? zone.codMaxPaise : null,
    cod_fee: zone.codAllowed ? zone.codFeePaise : 0,
  };
}

/** The quote's delivery terms in the shape the order-totals function takes. */
export function deliveryTermsOf(quote: DeliveryQuote) {
  return { chargePaise: quote.charge, freeAbovePaise: quote.free_above };
}

/**
 * Why cash on delivery cannot pay `orderTotalPaise` (with delivery, before the fee) to this
 * pincode, or null with the fee it costs.
 */
export async function codTerms(
  db: DbOrTx,
  pincode: string,
  orderTotalPaise: number,
): Promise<{ refusal: string; feePaise: 0 } | { refusal: null; feePaise: number }> {
  const quote = await deliveryQuote(db, pincode);
  const refusal = codRefusal(quote, orderTotalPaise, formatPaise);
  return refusal ? { refusal, feePaise: 0 } : { refusal: null, feePaise: quote.cod_fee };
}
