import { z } from 'zod';

/**
 * The carriers the shop ships with, as the owner manages them (Settings → Carriers). A tracking
 * URL template holds TRACKING_PLACEHOLDER where a parcel's tracking number goes; a carrier
 * without a tracking page (the shop's own van) has none. A carrier is switched off, never
 * deleted: orders shipped with it keep its name and the tracking link they were given.
 */

/** Where the tracking number goes in a carrier's tracking URL template. */
export const TRACKING_PLACEHOLDER = '{tracking}';

export const carrierMessages = {
  name: 'Please enter the carrier’s name (at most 60 characters).',
  nameTaken: 'Another carrier already has this name.',
  template: `The tracking page must be an https:// address containing ${TRACKING_PLACEHOLDER} where the tracking number goes.`,
  notFound: 'This carrier no longer exists. Please reload the page.',
} as const;

/** A template the storefront may link to: https, a host, and the placeholder. */
export function isTrackingUrlTemplate(value: string): boolean {
  if (!value.includes(TRACKING_PLACEHOLDER)) return false;
  try {
    const url = new URL(value.replaceAll(TRACKING_PLACEHOLDER, 'AB123456'));
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const carrierInputSchema = z.object({
  name: z
    .string({ error: carrierMessages.name })
    .trim()
    .min(1, carrierMessages.name)
    .max(60, carrierMessages.name),
  /** Empty or null: the carrier has no tracking page. */
  tracking_url_template: z
    .string()
    .trim()
    .max(500, carrierMessages.template)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isTrackingUrlTemplate(v), carrierMessages.template),
  is_active: z.boolean().default(true),
  /** Place in the ship dialog's list, smallest first. */
  sort_order: z.number().int().min(0).max(10_000).default(0),
});
export type CarrierInput = z.input<typeof carrierInputSchema>;

export const carrierStatusSchema = z.object({ is_active: z.boolean() });

export const adminCarrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tracking_url_template: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type AdminCarrier = z.infer<typeof adminCarrierSchema>;
