import { z } from 'zod';
import { adminOrderRowSchema } from './orders.ts';

/** The back office's customers: list, details with orders and addresses, block/unblock, resend. */

export const customerAdminMessages = {
  /** Shown at login (after the right password) and at checkout to a blocked customer. */
  blocked: 'Your account has been blocked. Please contact us to have it unblocked.',
  alreadyVerified: 'This customer has already verified their email address.',
  verificationSent: 'A new verification code has been sent to the customer.',
  noPendingSignUp: 'This customer has no pending sign-up; ask them to sign up again.',
} as const;

export const adminCustomerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** From the default (else newest) saved address; empty when the customer has none. */
  name: z.string(),
  mobile_number: z.string(),
  email_verified: z.boolean(),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  order_count: z.number().int(),
  created_at: z.string(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRowSchema>;

export const adminCustomerAddressSchema = z.object({
  id: z.number().int(),
  contact_person: z.string(),
  mobile_number: z.string(),
  full_address: z.string(),
  city: z.string(),
  pin_code: z.string(),
  landmark: z.string(),
  gstin: z.string().nullable(),
  address_name: z.string(),
  address_type: z.string(),
  is_default: z.boolean(),
});

export const adminCustomerDetailSchema = adminCustomerRowSchema.extend({
  addresses: z.array(adminCustomerAddressSchema),
  /** The newest orders (up to 50); the order list filtered by `customer` has them all. */
  orders: z.array(adminOrderRowSchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;

export const ADMIN_CUSTOMER_SORTS = ['created_at', 'email'] as const;
