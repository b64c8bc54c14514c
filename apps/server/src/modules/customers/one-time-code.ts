import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Six-digit one-time codes. Only an HMAC-SHA256 of the code is stored, keyed by a server secret
 * and bound to the customer and purpose, so a database leak alone does not let anyone test
 * the million possible codes offline.
 */
export type OtpPurpose = 'verify_email' | 'reset_password';

export const OTP_TTL_MINUTES = 10;
/** A verified reset code authorises one password change within this time. */
export const RESET_AUTHORISATION_MINUTES = 15;
export const OTP_MAX_ATTEMPTS = 5;
/**
 * At most this many codes of one purpose per account within 24 hours. With 5 tries per code,
 * guessing a code succeeds with at most 10 × 5 / 1,000,000 = 1 in 20,000 per account and day.
 */
export const CODES_PER_DAY = 10;

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function hashCode(secret: string, customerId: number, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`otp:${purpose}:${customerId}:${code}`).digest('hex');
}

export function codeMatches(
  secret: string,
  customerId: number,
  purpose: OtpPurpose,
  code: string,
  stored: string,
) {
  const actual = Buffer.from(hashCode(secret, customerId, purpose, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
