import type { deliveryZones } from '../schema/index.ts';

/**
 * The demo shop's delivery zones, written into `delivery_zones` by the seed; staff edit them in the
 * back office (Administration → Delivery zones) from then on. The shop ships from Jaipur: its own
 * riders deliver in the city, a courier everywhere else.
 *
 * The most specific matching zone wins (pincode list > prefix > state > default). Amounts in
 * paise. `freeAbovePaise` compares with the goods after the coupon; `codMaxPaise` with the order
 * total including delivery, before the cash-on-delivery fee.
 */
export const demoDeliveryZones: ReadonlyArray<typeof deliveryZones.$inferInsert> = [
  {
    name: 'Jaipur city (own riders)',
    kind: 'prefix',
    matches: ['302'],
    chargePaise: 0,
    freeAbovePaise: null,
    etaDays: 1,
    codAllowed: true,
    codMaxPaise: 10_000_00,
    codFeePaise: 0,
  },
  {
    name: 'Rest of Rajasthan',
    kind: 'state',
    matches: ['Rajasthan'],
    chargePaise: 40_00,
    freeAbovePaise: 499_00,
    etaDays: 3,
    codAllowed: true,
    codMaxPaise: 5_000_00,
    codFeePaise: 20_00,
  },
  {
    name: 'Metro cities',
    kind: 'prefix',
    // Delhi, Mumbai, Kolkata, Chennai, Bengaluru.
    matches: ['110', '400', '700', '600', '560'],
    chargePaise: 60_00,
    freeAbovePaise: 999_00,
    etaDays: 4,
    codAllowed: true,
    codMaxPaise: 5_000_00,
    codFeePaise: 40_00,
  },
  {
    // The courier refuses cash here (high return-to-origin rates): prepaid only.
    name: 'Prepaid only',
    kind: 'pincodes',
    matches: ['110006', '700073'],
    chargePaise: 60_00,
    freeAbovePaise: 999_00,
    etaDays: 4,
    codAllowed: false,
    codMaxPaise: null,
    codFeePaise: 0,
  },
  {
    name: 'Islands and Ladakh (not served)',
    kind: 'state',
    matches: ['Andaman and Nicobar Islands', 'Lakshadweep', 'Ladakh'],
    serviceable: false,
    chargePaise: 0,
    freeAbovePaise: null,
    etaDays: 0,
    codAllowed: false,
    codMaxPaise: null,
    codFeePaise: 0,
  },
  {
    name: 'Rest of India',
    kind: 'default',
    matches: [],
    chargePaise: 90_00,
    freeAbovePaise: 1_499_00,
    etaDays: 6,
    codAllowed: true,
    codMaxPaise: 3_000_00,
    codFeePaise: 50_00,
  },
];
