import { z } from 'zod';

/**
 * Goods and Services Tax: the rates a product may carry, the states with their GST codes, and the
 * format rules of a GSTIN, an HSN code and an FSSAI licence number. Shared by the server (settings,
 * tax split, invoices) and any screen that edits them.
 */

/** The GST rates a product may carry, in percent. Prices are always tax-inclusive. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export function isGstRate(value: unknown): value is GstRate {
  return (GST_RATES as readonly unknown[]).includes(value);
}

/**
 * States and union territories by their GST state code (the first two digits of a GSTIN).
 * 25 (Daman and Diu) merged into 26 in 2020; 28 is the Andhra Pradesh of before 2014.
 */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const;
export type GstStateCode = keyof typeof GST_STATES;

export function isGstStateCode(value: string): value is GstStateCode {
  return Object.hasOwn(GST_STATES, value);
}

const normalisedName = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** A state's GST code from its code ("08", "8") or its name ("Rajasthan", "rajasthan"). */
export function gstStateCodeOf(value: string): GstStateCode | undefined {
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) {
    const code = text.padStart(2, '0');
    return isGstStateCode(code) ? code : undefined;
  }
  const wanted = normalisedName(text);
  if (!wanted) return undefined;
  const found = Object.entries(GST_STATES).find(([, name]) => normalisedName(name) === wanted);
  return found?.[0] as GstStateCode | undefined;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The 15th character of a GSTIN, computed from the first 14: each character's value (0–9, A=10
 * … Z=35) is multiplied by 1 and 2 alternately, the quotient and remainder of each product by
 * 36 are added up, and the check character is the one worth (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14.charAt(i));
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${first14.charAt(i)}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

export const gstMessages = {
  gstinFormat:
    'A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character.',
  gstinCheck: 'This GSTIN is mistyped: its last character does not match the others.',
  gstinState: 'This GSTIN is not of a known state.',
  gstinOtherState: 'The GSTIN belongs to another state than the state of registration.',
  unknownState: 'Unknown state: give its name or its two-digit GST state code.',
  fssai: 'An FSSAI licence or registration number has 14 digits.',
  hsn: 'An HSN code has 4, 6 or 8 digits.',
  gstRate: `The GST rate must be one of ${GST_RATES.join(', ')} %.`,
  required: 'This is required on every tax invoice.',
} as const;

/** Why a GSTIN is not valid, or null when it is (upper-cased and trimmed before the check). */
export function gstinProblem(input: string): string | null {
  const gstin = input.trim().toUpperCase();
  if (!GSTIN_FORMAT.test(gstin)) return gstMessages.gstinFormat;
  if (!isGstStateCode(gstin.slice(0, 2))) return gstMessages.gstinState;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return gstMessages.gstinCheck;
  return null;
}

export const isValidGstin = (input: string): boolean => gstinProblem(input) === null;

export const HSN_FORMAT = /^(\d{4}|\d{6}|\d{8})$/;
export const FSSAI_FORMAT = /^\d{14}$/;

/**
 * The shop's registration as the tax invoice prints it, from settings: legal name, address, GSTIN
 * (checked with its check character, and of the state of registration), state of registration
 * (name or code, kept as the code) and FSSAI licence number.
 */
export const shopRegistrationSchema = z
  .object({
    legalName: z.string().trim().min(1, gstMessages.required).max(200),
    address: z.string().trim().min(1, gstMessages.required).max(500),
    gstin: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .superRefine((v, ctx) => {
        const problem = gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    stateCode: z.string().transform((v, ctx) => {
      const code = gstStateCodeOf(v);
      if (!code) ctx.addIssue({ code: 'custom', message: gstMessages.unknownState });
      return code ?? z.NEVER;
    }),
    fssaiNumber: z.string().trim().regex(FSSAI_FORMAT, gstMessages.fssai),
  })
  .superRefine((r, ctx) => {
    if (r.gstin.slice(0, 2) !== r.stateCode)
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: gstMessages.gstinOtherState });
  });
export type ShopRegistration = z.output<typeof shopRegistrationSchema>;
