import { GST_STATES, type GstStateCode, gstStateCodeOf } from '@shop/contract/gst';
import type { Supply } from '@shop/contract/gst-split';

/**
 * Place of supply of goods sold to an unregistered buyer: the state of the delivery address
 * (where billing and delivery differ, the delivery address counts); without one, the shop's own
 * state. Saved addresses hold a city and a PIN code but no state, so the state comes from the
 * PIN code: postal circles follow state borders, and the first three digits (the sorting
 * district) name the state except in a few districts that straddle a border, listed below by
 * their six-digit ranges. An address that names its state (`state`) is taken at its word: saving
 * an address refuses a state that is not its PIN code's (addresses.service.ts).
 */

/** Six-digit ranges that belong to another state than their three-digit prefix. */
const EXCEPTIONS: ReadonlyArray<readonly [from: number, to: number, state: GstStateCode]> = [
  [160001, 160047, '04'], // Chandigarh (the rest of 160 is Mohali, Punjab)
  [160101, 160103, '04'],
  [244701, 244799, '05'], // Ramnagar, Uttarakhand
  [246701, 246799, '09'], // Bijnor, Uttar Pradesh
  [247601, 247699, '05'], // Roorkee, Uttarakhand
  [262501, 262599, '05'], // Pithoragarh and Champawat, Uttarakhand
  [362520, 362520, '26'], // Diu
  [396210, 396240, '26'], // Daman, Silvassa
  [533464, 533464, '34'], // Yanam
  [605001, 605014, '34'], // Puducherry
  [605101, 605111, '34'],
  [609601, 609609, '34'], // Karaikal
  [673310, 673310, '34'], // Mahe
  [682551, 682559, '31'], // Lakshadweep
];

/** Three-digit prefixes (inclusive ranges) by state; 9xx is the Army Postal Service. */
const PREFIXES: ReadonlyArray<readonly [from: number, to: number, state: GstStateCode]> = [
  [110, 110, '07'],
  [121, 136, '06'],
  [140, 160, '03'],
  [171, 177, '02'],
  [180, 193, '01'],
  [194, 194, '38'],
  [201, 245, '09'],
  [246, 246, '05'],
  [247, 247, '09'],
  [248, 249, '05'],
  [250, 262, '09'],
  [263, 263, '05'],
  [264, 285, '09'],
  [301, 345, '08'],
  [360, 396, '24'],
  [400, 402, '27'],
  [403, 403, '30'],
  [404, 445, '27'],
  [450, 488, '23'],
  [490, 497, '22'],
  [500, 509, '36'],
  [510, 535, '37'],
  [560, 591, '29'],
  [600, 643, '33'],
  [670, 695, '32'],
  [700, 736, '19'],
  [737, 737, '11'],
  [738, 743, '19'],
  [744, 744, '35'],
  [751, 770, '21'],
  [781, 788, '18'],
  [790, 792, '12'],
  [793, 794, '17'],
  [795, 795, '14'],
  [796, 796, '15'],
  [797, 798, '13'],
  [799, 799, '16'],
  [800, 813, '10'],
  [814, 816, '20'],
  [817, 821, '10'],
  [822, 822, '20'],
  [823, 824, '10'],
  [825, 829, '20'],
  [830, 830, '10'],
  [831, 835, '20'],
  [836, 855, '10'],
];

/** The state of a six-digit PIN code, or undefined (malformed, unallotted, Army Postal Service). */
export function stateOfPinCode(pinCode: string): GstStateCode | undefined {
  const pin = pinCode.replace(/\s/g, '');
  if (!/^[1-9]\d{5}$/.test(pin)) return undefined;
  const value = Number(pin);
  const exception = EXCEPTIONS.find(([from, to]) => value >= from && value <= to);
  if (exception) return exception[2];
  const prefix = Math.floor(value / 1000);
  return PREFIXES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
}

export interface PlaceOfSupply {
  stateCode: GstStateCode;
  stateName: string;
  supply: Supply;
}

/**
 * Where an order is supplied, from its delivery address, and so which taxes apply: CGST + SGST
 * when that is the shop's state, IGST otherwise.
 */
export function placeOfSupply(
  address: { pin_code: string; state?: string | null | undefined },
  shopStateCode: GstStateCode,
): PlaceOfSupply {
  const stateCode =
    (address.state ? gstStateCodeOf(address.state) : undefined) ??
    stateOfPinCode(address.pin_code) ??
    shopStateCode;
  return {
    stateCode,
    stateName: GST_STATES[stateCode],
    supply: stateCode === shopStateCode ? 'intra-state' : 'inter-state',
  };
}
