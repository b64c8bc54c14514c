import { createHash, randomBytes } from 'node:crypto';

/**
 * Pending sign-ups (ADR 0007). Every POST /customers for an e-mail that is not verified yet
 * keeps its own password in its own registration; the answer carries the registration's token,
 * which the verify screen sends back. Only the SHA-256 of the token is stored.
 */
export const REGISTRATION_TTL_HOURS = 24;
/** Live sign-ups kept per e-mail; an older one ends when a newer one would exceed this. */
export const MAX_PENDING_REGISTRATIONS = 5;

export function newRegistrationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRegistrationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
