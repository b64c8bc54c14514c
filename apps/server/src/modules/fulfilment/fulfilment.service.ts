import { type DeliveryQuote, PINCODE_PATTERN, codRefusal } from '@shop/contract/delivery';
import { GST_STATES } from '@shop/contract/gst';
import { paiseToRupees, rupeesToPaise } from '@shop/contract/money';
import type { DbOrTx } from '@shop/db/client';
import { gstStateOfPinCode } from '../tax/tax.service.ts';
import { activeZones, findPincode } from './fulfilment.repository.ts';
import { resolveZone } from './zone-resolution.ts';

/**
 * Delivery by pincode: where a pincode is (India Post's directory) and what the shop's delivery
 * zones say about it.
 *
 * A pincode the directory does not hold (a shop that imported only part of it, as the demo's 557
 * pincodes; a post office opened since) is placed in the state its first digits belong to (India
 * Post's postal circles, the map GST's place of supply uses) and served by that state's zone, the
 * city left for the shopper to type: the Shipping Policy promises all of India, and refusing
 * Pune or Surat for a gap in a file would break that promise. Until 2026-12-03 such a pincode was
 * not served. A pincode outside every circle (the Army Postal Service's 9xxxxx, an unallotted
 * range) still is not: the shop cannot tell where the parcel would go.
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
  const place = (await findPincode(db, pincode)) ?? placeByPostalCircle(pincode);
  if (!place) return notServed(pincode, null, null);
  const zone = resolveZone(await activeZones(db), pincode, place.state);
  if (!zone?.serviceable) return notServed(pincode, place.city, place.state);
  return {
    pincode,
    serviceable: true,
    city: place.city,
    state: place.state,
    charge: paiseToRupees(zone.chargePaise),
    free_above: zone.freeAbovePaise === null ? null : paiseToRupees(zone.freeAbovePaise),
    eta_days: zone.etaDays,
    cod_available: zone.codAllowed,
    cod_max: zone.codAllowed && zone.codMaxPaise !== null ? paiseToRupees(zone.codMaxPaise) : null,
    cod_fee: zone.codAllowed ? paiseToRupees(zone.codFeePaise) : 0,
  };
}

/** Where a pincode the directory does not hold is, by its postal circle: its state, no city. */
function placeByPostalCircle(pincode: string): { city: string | null; state: string } | undefined {
  const code = gstStateOfPinCode(pincode);
  return code ? { city: null, state: GST_STATES[code] } : undefined;
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
  const refusal = codRefusal(quote, orderTotalPaise);
  return refusal ? { refusal, feePaise: 0 } : { refusal: null, feePaise: rupeesToPaise(quote.cod_fee) };
}
