import { z } from 'zod';
import { contactNumberField } from './engagement.ts';
import { messages } from './messages.ts';
import { EMAIL_PATTERN, firstQueryValue, requiredText, wholeNumberToText } from './validation.ts';

/**
 * Grievances and the seller's details that an Indian online shop must show (Consumer Protection
 * (E-Commerce) Rules 2020): every complaint gets a ticket number to track it, is acknowledged
 * within 48 hours (the shop does it at once, by mail) and resolved within a month.
 */

export const GRIEVANCE_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];

export const grievanceStatusLabels: Record<GrievanceStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
};

export const GRIEVANCE_CATEGORIES = [
  'order',
  'delivery',
  'return_refund',
  'product_quality',
  'payment',
  'other',
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const grievanceCategoryLabels: Record<GrievanceCategory, string> = {
  order: 'Order or cancellation',
  delivery: 'Delivery',
  return_refund: 'Return or refund',
  product_quality: 'Product quality or safety',
  payment: 'Payment',
  other: 'Something else',
};

/** GRV-{year}-{number of the year, at least six digits}, e.g. GRV-2026-000123. */
export const GRIEVANCE_TICKET_PATTERN = /^GRV-\d{4}-\d{6,9}$/;

/** Order numbers as the shop prints them (KFL-2026-000123); kept loose so older formats still fit. */
export const ORDER_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/-]{0,39}$/;

export const grievanceMessages = {
  registered: (ticket: string) => `Your grievance has been registered. Your ticket number is ${ticket}.`,
  notFound: 'No grievance was found for this ticket number and e-mail address.',
  invalidTicket: 'Please enter a ticket number such as GRV-2026-000123.',
  chooseCategory: 'Please choose what your grievance is about.',
  descriptionTooShort: 'Please describe your grievance in at least 20 characters.',
  invalidOrderNumber: 'Please enter the order number as it appears on your order, e.g. KFL-2026-000123.',
  tooManyGrievances:
    'Too many grievances were sent from your connection. Please wait a minute and try again.',
  tooManyLookups: 'Too many status look-ups. Please wait a minute and try again.',
  acknowledgementSubject: (ticket: string) => `We have received your grievance ${ticket}`,
  officerSubject: (ticket: string) => `New grievance ${ticket}`,
  resolvedSubject: (ticket: string) => `Your grievance ${ticket} is resolved`,
} as const;

const text = (max: number) => requiredText.max(max, messages.tooLong(max));

/** POST grievances: the complaint form (guest or logged in); `captcha_value` is the ALTCHA payload. */
export const grievanceRequestSchema = z.object({
  name: text(100),
  email_address: text(254).regex(EMAIL_PATTERN, messages.invalidEmail),
  /** A JSON client may send the number as a number (9876543210): its digits are checked. */
  contact_number: z.preprocess(wholeNumberToText, contactNumberField),
  category: z.enum(GRIEVANCE_CATEGORIES, { error: grievanceMessages.chooseCategory }),
  /** Optional: the order the complaint is about (blank or null: none). */
  order_number: z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z
      .string({ error: grievanceMessages.invalidOrderNumber })
      .trim()
      .regex(ORDER_REFERENCE_PATTERN, grievanceMessages.invalidOrderNumber)
      .optional(),
  ),
  description: text(5000).min(20, grievanceMessages.descriptionTooShort),
  captcha_value: z
    .string({ error: messages.captchaUnsolved })
    .trim()
    .min(1, messages.captchaUnsolved)
    .max(8000, messages.captchaUnsolved),
});
export type GrievanceRequest = z.infer<typeof grievanceRequestSchema>;

/** A grievance as its owner may see it (GET grievances/{ticket}?email=…). */
export const grievanceViewSchema = z.object({
  ticket_number: z.string(),
  status: z.enum(GRIEVANCE_STATUSES),
  status_label: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  category_label: z.string(),
  order_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The day by which the shop must have resolved it (one month from receipt). */
  resolve_by: z.string(),
  resolved_at: z.string().nullable(),
  /** What the shop did, once resolved. */
  resolution: z.string().nullable(),
});
export type GrievanceView = z.infer<typeof grievanceViewSchema>;

/** A grievance as staff see it in the back office: the complainant and the complaint too. */
export const adminGrievanceSchema = grievanceViewSchema.extend({
  name: z.string(),
  email_address: z.string(),
  contact_number: z.string(),
  description: z.string(),
});
export type AdminGrievance = z.infer<typeof adminGrievanceSchema>;

/** Staff move a ticket on: in progress, or resolved with what was done (mailed to the complainant). */
export const grievanceChangeSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('in_progress') }),
    z.object({
      status: z.literal('resolved'),
      resolution: z
        .string({ error: 'Please say what was done.' })
        .trim()
        .min(10, 'Please say what was done, in at least 10 characters.')
        .max(2000, 'At most 2000 characters.'),
    }),
  ],
  { error: 'Please choose in progress or resolved.' },
);

/** The answer to POST grievances. */
export const grievanceCreatedSchema = grievanceViewSchema.extend({ message: z.string() });
export type GrievanceCreated = z.infer<typeof grievanceCreatedSchema>;

/** GET grievances/{ticket}: the e-mail address the grievance was filed with. */
export const grievanceLookupQuerySchema = z.object({
  email: z
    .preprocess(firstQueryValue, z.string().optional())
    .describe('The e-mail address the grievance was filed with'),
});

export const grievanceTicketParamsSchema = z.object({
  ticket: z.string().max(40).describe('The ticket number, e.g. GRV-2026-000123'),
});

/** Setting keys of the seller's identity (the GST invoices read the same keys). */
export const SELLER_SETTING_KEYS = [
  'seller_legal_name',
  'seller_address',
  'seller_branch_addresses',
  'seller_gstin',
  'seller_state',
  'fssai_licence_number',
  'grievance_officer_name',
  'grievance_officer_designation',
  'grievance_officer_email',
  'grievance_officer_phone',
] as const;
export type SellerSettingKey = (typeof SELLER_SETTING_KEYS)[number];

/** GET seller_information: who sells, and whom to complain to. Empty strings where unset. */
export const sellerInformationSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  /** The seller's other premises (branches, factory, warehouses), one address each; [] when none. */
  branch_addresses: z.array(z.string()),
  gstin: z.string(),
  state: z.string(),
  fssai_licence_number: z.string(),
  website: z.string(),
  customer_care: z.object({ email: z.string(), phone: z.string() }),
  grievance_officer: z.object({
    name: z.string(),
    designation: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
});
export type SellerInformation = z.infer<typeof sellerInformationSchema>;
