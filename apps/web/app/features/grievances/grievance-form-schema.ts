// First: schemas built after this import skip zod's eval probe (see zod-jitless.ts).
import '../../lib/zod-jitless.ts';
import { contactNumberField } from '@shop/contract/engagement';
import {
  GRIEVANCE_TICKET_PATTERN,
  grievanceMessages,
  grievanceRequestSchema,
  ORDER_REFERENCE_PATTERN,
} from '@shop/contract/grievances';
import { messages } from '@shop/contract/messages';
import { EMAIL_PATTERN } from '@shop/contract/validation';
import { z } from 'zod';

/**
 * The fields a complainant types: the API's own rules, so the form and the server agree. The
 * captcha is checked separately, on submit.
 */
export const grievanceFormSchema = grievanceRequestSchema
  .pick({ name: true, email_address: true, category: true, description: true })
  .extend({
    contact_number: contactNumberField,
    // The typed order number is text; empty means none.
    order_number: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || ORDER_REFERENCE_PATTERN.test(value),
        grievanceMessages.invalidOrderNumber,
      ),
  });
export type GrievanceFormValues = z.input<typeof grievanceFormSchema>;

export const emptyGrievanceForm: GrievanceFormValues = {
  name: '',
  email_address: '',
  contact_number: '',
  category: '' as GrievanceFormValues['category'],
  order_number: '',
  description: '',
};

/** The status look-up: a ticket number such as GRV-2026-000123 and the e-mail it was filed with. */
export const grievanceLookupSchema = z.object({
  ticket: z
    .string()
    .trim()
    .min(1, messages.required)
    .transform((value) => value.toUpperCase())
    .refine((value) => GRIEVANCE_TICKET_PATTERN.test(value), grievanceMessages.invalidTicket),
  email: z.string().trim().min(1, messages.required).regex(EMAIL_PATTERN, messages.invalidEmail),
});
export type GrievanceLookupValues = z.input<typeof grievanceLookupSchema>;
