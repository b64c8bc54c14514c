import { z } from 'zod';
import { messages } from './messages.ts';
import { EMAIL_PATTERN, nullAsAbsent, textFieldError, wholeNumberToText } from './validation.ts';

/** Newsletter and contact form (product rules §5, §7), shared by the API and the forms. */

/** The server's newsletter rule: one well-formed address (the client only checks "not empty"). */
export const newsletterRequestSchema = z.object({
  email: z
    .string({ error: (issue) => (issue.input == null ? messages.newsletterEmpty : messages.invalidEmail) })
    .trim()
    .min(1, messages.newsletterEmpty)
    .max(254, messages.invalidEmail)
    .regex(EMAIL_PATTERN, messages.invalidEmail),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

/** 10–15 digits, optionally a leading +, spaces and dashes between groups. */
export const CONTACT_NUMBER_PATTERN = /^\+?[0-9][0-9 -]*[0-9]$/;

const required = (max: number) =>
  z.string({ error: textFieldError }).trim().min(1, messages.required).max(max, messages.tooLong(max));

export const contactNumberField = required(25)
  .regex(CONTACT_NUMBER_PATTERN, messages.invalidContactNumber)
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 10 && digits <= 15;
  }, messages.invalidContactNumber);

/** The contact form (product rules §3 "Contact enquiry"); `captcha_value` is the ALTCHA payload. */
export const contactQueryRequestSchema = z.object({
  name: required(100),
  email_address: required(254).regex(EMAIL_PATTERN, messages.invalidEmail),
  /** A JSON client may send the number as a number (9876543210): its digits are checked. */
  contact_number: z.preprocess(wholeNumberToText, contactNumberField),
  message: required(5000),
  /** Defaults to 'New enquiry from {name}'; null counts as not given. */
  subject: z.preprocess(nullAsAbsent, z.string().trim().max(200, messages.tooLong(200)).optional()),
  captcha_value: z
    .string({ error: messages.captchaUnsolved })
    .trim()
    .min(1, messages.captchaUnsolved)
    .max(8000, messages.captchaUnsolved),
});
export type ContactQueryRequest = z.infer<typeof contactQueryRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** An ALTCHA v2 challenge as GET captcha/challenge returns it (the widget's `challengeurl`). */
export const captchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
