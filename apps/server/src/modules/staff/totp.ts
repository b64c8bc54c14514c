import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@shop/contract/admin/staff';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s) — what every authenticator
 * app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis) understands.
 */
const ISSUER = 'Kesar Foods & Locks';
const PERIOD = 30;
/** One step either side is accepted, for a phone whose clock is a little off. */
const WINDOW = 1;

function totpOf(secret: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads (as a QR code or pasted). */
export function otpauthUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step a 6-digit `code` belongs to, or null when it fits none within the window. The
 * caller accepts it only if the step is later than the last one used, so that a code seen over
 * someone's shoulder cannot be used a second time.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of `secret` at `now` (the command line and tests use it; an app does the same). */
export function totpCodeAt(secret: string, now: Date): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qwe`: 50 bits each, without look-alike characters (0/o, 1/l/i). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Recovery codes have 50 random bits, so a fast hash is enough (as for session tokens). */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}
