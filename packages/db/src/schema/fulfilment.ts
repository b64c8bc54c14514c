import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, updatedAt } from './columns.ts';

/**
 * Where each Indian pincode is: India Post's directory lists one row per post office, merged here
 * into one row per pincode (`npm run pincodes:import`). Names are stored as the shopper should read
 * them (title case), the state as the GST list spells it when it is a known state.
 */
export const pincodes = pgTable('pincodes', {
  pincode: text('pincode').primaryKey(),
  /** The head or first delivering post office of the pincode. */
  office: text('office').notNull(),
  /** What the address form fills in as the city: the district, without India Post's suffixes. */
  city: text('city').notNull(),
  district: text('district').notNull(),
  state: text('state').notNull(),
  /** Whether any post office of the pincode delivers mail (some only serve a counter). */
  delivery: boolean('delivery').notNull().default(true),
  offices: integer('offices').notNull().default(1),
  updatedAt: updatedAt(),
});

/**
 * Delivery zones: what delivery costs and takes where, and whether cash on delivery is offered.
 * A zone matches by a list of pincodes, by pincode prefixes or by state names; `default` matches
 * everything. The most specific matching zone wins (pincode > prefix > state > default; among
 * prefixes the longest). A zone with `serviceable` false says the shop does not deliver there.
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'pincodes' | 'prefix' | 'state' | 'default' */
    kind: text('kind').notNull(),
    /** Six-digit pincodes, prefixes (1–5 digits) or state names, by kind; empty for default. */
    matches: text('matches').array().notNull().default([]),
    serviceable: boolean('serviceable').notNull().default(true),
    chargePaise: paise('charge_paise').notNull().default(0),
    /** Goods worth at least this much (after the coupon) travel free; null: never free. */
    freeAbovePaise: paise('free_above_paise'),
    etaDays: integer('eta_days').notNull(),
    codAllowed: boolean('cod_allowed').notNull().default(true),
    /** Largest order total (with delivery) paid in cash at the door; null: no limit. */
    codMaxPaise: paise('cod_max_paise'),
    codFeePaise: paise('cod_fee_paise').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('delivery_zones_kind_idx').on(t.kind)],
);
