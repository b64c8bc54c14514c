import { z } from 'zod';
import { gstinProblem } from './gst.ts';
import { messages } from './messages.ts';
import { requiredText, textFieldError, wholeNumberToText } from './validation.ts';

/** Address types of product rules §9. */
export const ADDRESS_TYPES = ['home', 'work'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/**
 * How many addresses a customer may save. The product's client lists them without paging
 * (§7 `GET /customers/address`, no query), so the list answers all of them at once; a cap keeps
 * that list, and the shipping step that shows it, short.
 */
export const MAX_SAVED_ADDRESSES = 50;

export const addressMessages = {
  tooMany: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Please remove one you no longer use.`,
  invalidMobile: 'Please enter a valid 10-digit mobile number.',
  invalidPinCode: 'Please enter a valid 6-digit PIN code.',
  invalidAddressType: 'Address type must be home or work.',
  tooLong: messages.tooLong,
  removed: 'Address removed successfully.',
  notFound: 'Address not found.',
  /** The typed state is not the PIN code's: the tax and the delivery would disagree. */
  stateNotOfPinCode: (pinCode: string, state: string) =>
    `PIN code ${pinCode} is in ${state}. Please correct the state or the PIN code.`,
  /** A tax invoice names the buyer's GSTIN of the state its goods are delivered to (its place of supply). */
  gstinNotOfState: (gstinState: string, state: string) =>
    `This GSTIN is registered in ${gstinState}, but the address is in ${state}. Please enter the GSTIN registered in ${state}.`,
  /** A PIN code whose state is not known (Army Postal Service): the GSTIN's state cannot be checked. */
  gstinNeedsState: 'Please enter the state of this address: a tax invoice that names a GSTIN needs it.',
} as const;

/**
 * An Indian mobile number: 10 digits starting 6–9, optionally written with a +91, 91 or 0 prefix
 * and spaces or hyphens. Returns the bare 10 digits, or null when it is not one.
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(compact);
  return match?.[1] ?? null;
}

const text = (max: number) => requiredText.max(max, addressMessages.tooLong(max));

/**
 * The eight address fields (product rules §3, §5: all required), the optional state and GSTIN, shared by
 * the form and the API.
 */
export const addressInputSchema = z.object({
  contact_person: text(100),
  mobile_number: z.preprocess(
    wholeNumberToText,
    requiredText.refine((v) => normaliseIndianMobile(v) !== null, addressMessages.invalidMobile),
  ),
  full_address: text(500),
  city: text(100),
  pin_code: z.preprocess(
    wholeNumberToText,
    requiredText.regex(/^[1-9]\d{5}$/, addressMessages.invalidPinCode),
  ),
  /**
   * The state, filled in from the pincode by the form (still editable). Optional: addresses saved
   * before it was asked, and API clients that do not send it, keep working; the directory's state
   * of the pincode stands in for it on the order.
   */
  state: z
    .string({ error: textFieldError })
    .trim()
    .max(60, addressMessages.tooLong(60))
    .nullish()
    .transform((v) => v || null),
  landmark: text(200),
  /**
   * A business buyer's GSTIN (optional): its tax invoices then name it, so it can claim the tax
   * back. Upper-cased; checked for its format, state code and check character, and (by the
   * server) for being registered in the address's state.
   */
  gstin: z
    .string({ error: textFieldError })
    .nullish()
    .transform((value, ctx) => {
      const gstin = value?.trim().toUpperCase();
      if (!gstin) return null;
      const problem = gstinProblem(gstin);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return gstin;
    }),
  address_name: text(60),
  address_type: z
    .string({ error: textFieldError })
    .trim()
    .min(1, messages.required)
    .refine(
      (v): v is AddressType => (ADDRESS_TYPES as readonly string[]).includes(v),
      addressMessages.invalidAddressType,
    ),
});

export type AddressInput = z.infer<typeof addressInputSchema>;
/** What the form holds before validation (address_type is any string until checked). */
export type AddressFormInput = z.input<typeof addressInputSchema>;

/** An address as the API returns it. */
export interface Address {
  id: number;
  contact_person: string;
  mobile_number: string;
  full_address: string;
  city: string;
  pin_code: string;
  state: string | null;
  landmark: string;
  /** A business buyer's GSTIN; null for a consumer. */
  gstin: string | null;
  address_name: string;
  address_type: AddressType;
  is_default: boolean;
}

export interface AddressResult {
  address: Address;
  message: string;
}
