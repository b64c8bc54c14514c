// First: schemas built after this import skip zod's eval probe (see zod-jitless.ts).
import '../../lib/zod-jitless.ts';
import { contactNumberField, contactQueryRequestSchema } from '@shop/contract/engagement';
import type { z } from 'zod';

/**
 * The fields a visitor types (product rules §5): the API's own rules, so the form and the server agree
 * ('This is a required field.', 'This must be a valid email address.'). The captcha is checked
 * separately, on submit.
 */
export const contactFormSchema = contactQueryRequestSchema
  .pick({ name: true, email_address: true, message: true })
  // The typed phone is text (the API also reads a JSON number).
  .extend({ contact_number: contactNumberField });
export type ContactFormValues = z.infer<typeof contactFormSchema>;

export const emptyContactForm: ContactFormValues = {
  name: '',
  email_address: '',
  contact_number: '',
  message: '',
};
