import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Field schemas shared by forms (react-hook-form + zod resolver) and the API.
 * The spec's e-mail rule is "text@text with no spaces".
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export const requiredText = z.string({ error: messages.required }).trim().min(1, messages.required);

export const emailField = requiredText
  .max(254, 'E-mail is too long.')
  .regex(EMAIL_PATTERN, messages.invalidEmail);

export const passwordField = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .min(8, messages.passwordTooShort)
  .max(128, 'Password must be at most 128 characters long.');

/**
 * Reads a JSON value meant as a whole number: numbers pass through, a string of digits ("2")
 * becomes its number. Everything else (true, [], null, "2x") is left for z.number() to refuse;
 * z.coerce would have read true as 1 and [] as 0.
 */
export function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value;
}

/** A JSON client may send a phone number or PIN code as a number (302001): read its digits. */
export function wholeNumberToText(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
}

/**
 * A database id in a JSON body: a positive whole number (or its digits), with one message for
 * every way it can be wrong.
 */
export function idField(message: string) {
  return z.preprocess(
    digitsToNumber,
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );
}
