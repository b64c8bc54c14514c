import { z } from 'zod';
import { GST_STATES, gstStateCodeOf } from '../gst.ts';
import { PINCODE_PATTERN } from '../pincode.ts';

/**
 * Back-office shapes of delivery zones. A zone matches a list of pincodes, pincode prefixes, state
 * names, or (default) every pincode; the most specific match wins (pincode > prefix > state >
 * default). A shop has at most one default zone: with two, one would silently never serve.
 * Amounts are paise. `free_above_paise` compares with the goods after the coupon, `cod_max_paise`
 * with the order total including delivery, before the cash-on-delivery fee.
 */

export const DELIVERY_ZONE_KINDS = ['pincodes', 'prefix', 'state', 'default'] as const;
export type DeliveryZoneKind = (typeof DELIVERY_ZONE_KINDS)[number];

export const deliveryZoneKindLabels: Record<DeliveryZoneKind, string> = {
  pincodes: 'Pincode list',
  prefix: 'Pincode prefix',
  state: 'State',
  default: 'Everywhere else',
};

/** The states and union territories a state zone may name (the GST state list). */
export const DELIVERY_ZONE_STATES: readonly string[] = Object.values(GST_STATES);

export const deliveryZoneMessages = {
  name: 'Please give the zone a name (at most 100 characters).',
  matchesNeeded: 'Please list at least one pincode, prefix or state.',
  pincodes: (value: string) => `"${value}" is not a pincode: use 6 digits, the first not 0.`,
  prefix: (value: string) => `"${value}" is not a pincode prefix: use 1 to 5 digits, the first not 0.`,
  state: (value: string) => `"${value}" is not an Indian state or union territory.`,
  tooMany: 'A zone can list at most 20,000 entries.',
  codMax: 'A limit for cash on delivery needs cash on delivery allowed.',
  codMaxZero: 'A limit for cash on delivery must be above ₹0. Leave it empty for no limit.',
  defaultTaken: (name: string) =>
    `The zone "${name}" already covers everywhere else, and there can be only one. Please edit that zone instead.`,
  notFound: 'This delivery zone no longer exists. Please reload the page.',
  matchTaken: (match: string, name: string) =>
    `${match} is already in the zone "${name}", and each pincode, prefix or state can be in one zone only. Please edit that zone instead.`,
} as const;

const PREFIX_PATTERN = /^[1-9][0-9]{0,4}$/;
const paise = z.number().int().min(0).max(100_000_000);

/**
 * A zone as staff enter it. Entries are trimmed, repeats dropped; a state is stored under its
 * name in the GST state list ("tamil nadu" → "Tamil Nadu"; codes and abbreviations are refused),
 * the spelling the pincode directory uses.
 */
export const deliveryZoneInputSchema = z
  .object({
    name: z.string().trim().min(1, deliveryZoneMessages.name).max(100, deliveryZoneMessages.name),
    kind: z.enum(DELIVERY_ZONE_KINDS, { error: 'Please choose how the zone matches.' }),
    matches: z.array(z.string().trim().max(100)).max(20_000, deliveryZoneMessages.tooMany).default([]),
    /** False: the shop does not deliver there (checkout refuses the address). */
    serviceable: z.boolean().default(true),
    charge_paise: paise,
    /** Goods worth at least this much travel free; null: never free. */
    free_above_paise: paise.nullable().default(null),
    eta_days: z.number().int().min(0).max(60),
    cod_allowed: z.boolean().default(true),
    /**
     * Largest order total paid in cash at the door; null: no limit. 0 is refused while cash on
     * delivery is allowed: it would offer cash on delivery that no order can use.
     */
    cod_max_paise: paise.nullable().default(null),
    cod_fee_paise: paise.default(0),
    is_active: z.boolean().default(true),
  })
  .superRefine((zone, ctx) => {
    const entries = zone.matches.filter((m) => m !== '');
    if (zone.kind !== 'default' && entries.length === 0)
      ctx.addIssue({ code: 'custom', path: ['matches'], message: deliveryZoneMessages.matchesNeeded });
    const bad =
      zone.kind === 'pincodes'
        ? entries.find((m) => !PINCODE_PATTERN.test(m))
        : zone.kind === 'prefix'
          ? entries.find((m) => !PREFIX_PATTERN.test(m))
          : zone.kind === 'state'
            ? entries.find((m) => /^\d+$/.test(m) || gstStateCodeOf(m) === undefined)
            : undefined;
    if (bad !== undefined && zone.kind !== 'default')
      ctx.addIssue({ code: 'custom', path: ['matches'], message: deliveryZoneMessages[zone.kind](bad) });
    if (!zone.cod_allowed && zone.cod_max_paise !== null)
      ctx.addIssue({ code: 'custom', path: ['cod_max_paise'], message: deliveryZoneMessages.codMax });
    if (zone.cod_allowed && zone.cod_max_paise === 0)
      ctx.addIssue({ code: 'custom', path: ['cod_max_paise'], message: deliveryZoneMessages.codMaxZero });
  })
  .transform((zone) => {
    const entries =
      zone.kind === 'default'
        ? []
        : zone.matches
            .filter((m) => m !== '')
            .map((m) => {
              const code = zone.kind === 'state' ? gstStateCodeOf(m) : undefined;
              return code ? GST_STATES[code] : m;
            });
    return {
      ...zone,
      matches: [...new Set<string>(entries)],
      cod_fee_paise: zone.cod_allowed ? zone.cod_fee_paise : 0,
    };
  });
export type DeliveryZoneInput = z.input<typeof deliveryZoneInputSchema>;

export const adminDeliveryZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(DELIVERY_ZONE_KINDS),
  matches: z.array(z.string()),
  serviceable: z.boolean(),
  charge_paise: z.number().int(),
  free_above_paise: z.number().int().nullable(),
  eta_days: z.number().int(),
  cod_allowed: z.boolean(),
  cod_max_paise: z.number().int().nullable(),
  cod_fee_paise: z.number().int(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type AdminDeliveryZone = z.infer<typeof adminDeliveryZoneSchema>;
