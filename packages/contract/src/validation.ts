import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * Field schemas shared by forms (react-hook-form + zod resolver) and the API.
 * The product's e-mail rule is "text@text with no spaces".
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

// In the browser zod must not compile its parsers with `new Function`: the storefront's content
// security policy forbids eval, and even zod's probe for it is reported as a policy violation.
// The forms' schemas are small; the interpreter is fast enough. The server keeps the compiled ones.
if (typeof window !== 'undefined') z.config({ jitless: true });

/** A JSON field that was not sent: absent, or null. */
export const isMissing = (input: unknown) => input === undefined || input === null;

/**
 * The type error of a text field: the product's 'This is a required field.' when nothing was sent,
 * 'This must be text.' when something else was (a number, a list). Other checks name their own.
 */
export const textFieldError: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type' ? fallbackValidationMessage(issue) : undefined;

export const requiredText = z.string({ error: textFieldError }).trim().min(1, messages.required);

export const emailField = requiredText
  .max(254, messages.tooLong(254))
  .regex(EMAIL_PATTERN, messages.invalidEmail);

/**
 * A password is kept as typed (spaces inside and around it count), but one of nothing but spaces
 * is no password: 'This is a required field.', as for every other blank required field.
 */
export const passwordField = z
  .string({ error: textFieldError })
  .refine((value) => value.trim() !== '', messages.required)
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
 * Every id of the shop is a PostgreSQL `integer` (serial): 1 to 2,147,483,647. A larger number
 * would make the database fail the query (a 500), so every id the API accepts — in a path, a
 * query or a body — is checked against this range by one of the schemas below first.
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/** True for a whole number in the range of a database id. */
export function isDatabaseId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_DATABASE_ID;
}

/**
 * A database id in a back-office JSON body, whose typed client sends numbers: 1 to
 * MAX_DATABASE_ID, checked before any query (beyond it PostgreSQL's integer refuses the value).
 */
export function databaseId(message = 'This is not a valid id.') {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? messages.required : message) })
    .int(message)
    .positive(message)
    .max(MAX_DATABASE_ID, message);
}

/**
 * A database id in a JSON body: a positive whole number (or its digits), with one message for
 * every way it can be wrong (and, optionally, another for a missing one).
 */
export function idField(message: string, missingMessage: string = message) {
  return z.preprocess(
    digitsToNumber,
    z
      .number({ error: (issue) => (isMissing(issue.input) ? missingMessage : message) })
      .int(message)
      .positive(message)
      .max(MAX_DATABASE_ID, message),
  );
}

/**
 * A database id written as text (a path segment or a query parameter): digits only — no sign,
 * point, exponent or spaces — and within the id range; read as its number.
 */
export function idText(message: string) {
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((id) => isDatabaseId(id), message);
}

/** Plain words for the kinds of value a field can expect. */
const kindOfValue: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/**
 * The message of a check that names none of its own (a length or type limit such as `.max(40)`),
 * in the words of the product rules's messages instead of zod's developer English ("Invalid input:
 * expected string, received number"). Checks with their own message keep it.
 */
export const fallbackValidationMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue.input)) return messages.required;
      return `This must be ${kindOfValue[issue.expected] ?? 'a valid value'}.`;
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return messages.tooLong(max);
      if (issue.origin === 'array' || issue.origin === 'set') return `This must have at most ${max} items.`;
      // A whole number beyond 2^53 fails zod's own safe-integer bound before the field's maximum
      // is checked: "at most 9007199254740991" would name a limit the field does not have.
      if (issue.origin === 'int' && max === Number.MAX_SAFE_INTEGER) return 'This number is too large.';
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive === false ? `This must be less than ${max}.` : `This must be at most ${max}.`;
      return 'This value is too large.';
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? messages.required : `This must be at least ${min} characters long.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? messages.required : `This must have at least ${min} items.`;
      if (issue.origin === 'number' || issue.origin === 'int')
        return issue.inclusive === false
          ? `This must be greater than ${min}.`
          : `This must be at least ${min}.`;
      return 'This value is too small.';
    }
    case 'invalid_value':
    case 'invalid_union':
      // A choice (an enum, one of several shapes) that was not sent at all is missing, not wrong.
      return isMissing(issue.input) ? messages.required : 'This value is invalid.';
    default:
      return 'This value is invalid.';
  }
};

/** Makes fallbackValidationMessage the message of every check without its own (once per process). */
export function installFallbackValidationMessages() {
  z.config({ customError: fallbackValidationMessage });
}

/**
 * A query parameter given more than once (`?status=a&status=b`) arrives as a list; the first
 * value counts, as everywhere in the public API (the server's query-params.ts says the same).
 */
export function firstQueryValue(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** An optional field sent as `null` by a JSON client counts as not given. */
export function nullAsAbsent(value: unknown): unknown {
  return value === null ? undefined : value;
}
