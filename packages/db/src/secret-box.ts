import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the shop must read back (staff TOTP secrets, payment gateway keys) are kept in the
 * database sealed with AES-256-GCM, so that a dump or a read-only SQL injection does not hand
 * them out. A sealed value is text: `v1:<keyId>:<iv>:<ciphertext+tag>` (base64url, a random
 * 12-byte IV per value). `keyId` is the first 8 hex digits of the key's SHA-256 and is bound into
 * the tag, so a value sealed under another key is told apart from one that was altered.
 *
 * A value without the `v1:` prefix is a plain value from before sealing: it opens as it is and is
 * sealed when next written (and by `sealLegacySecrets` at start-up).
 *
 * The key is SECRETS_KEY: 32 bytes as 64 hex digits or base64. Without it (development, tests)
 * the key is derived from DEVELOPMENT_SECRETS_KEY_PHRASE below, which is public like the demo
 * gateway keys: every instance on one database agrees, and production refuses to start on it.
 */

export const SECRETS_KEY_VARIABLE = 'SECRETS_KEY';

/** Public: the development key is the SHA-256 of this phrase. Never protects anything real. */
export const DEVELOPMENT_SECRETS_KEY_PHRASE =
  'kesar-foods-development-secrets-key (public, development only)';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretOpenFailure = 'key-differs' | 'tampered' | 'malformed';

/** A sealed value that cannot be opened: sealed under another key, altered, or not a sealed value. */
export class SecretOpenError extends Error {
  constructor(
    readonly reason: SecretOpenFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SecretOpenError';
  }
}

/** The development key: SHA-256 of the public phrase. */
export function developmentSecretsKey(): Buffer {
  return createHash('sha256').update(DEVELOPMENT_SECRETS_KEY_PHRASE).digest();
}

/** What is wrong with a SECRETS_KEY value, in words that say what to set; undefined when it is fine. */
export function secretsKeyProblem(value: string): string | undefined {
  return decodeKey(value)
    ? undefined
    : 'must be 32 bytes as 64 hex digits or base64 (`openssl rand -hex 32`)';
}

function decodeKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text, 'base64');
    if (key.length === 32) return key;
  }
  return undefined;
}

/** The key of a SECRETS_KEY value; unset or empty: the development key. */
export function secretsKeyFrom(value: string | undefined): Buffer {
  if (value === undefined || value.trim() === '') return developmentSecretsKey();
  const key = decodeKey(value);
  if (!key) throw new Error(`${SECRETS_KEY_VARIABLE}: ${secretsKeyProblem(value)}`);
  return key;
}

/** First 8 hex digits of the key's SHA-256: names a key without revealing it. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export interface SecretBox {
  keyId: string;
  /** The sealed text of `plain`; an empty value stays empty (those columns use '' for "not set"). */
  seal(plain: string): string;
  /** The plain value of a sealed text; a legacy plain value as it is. Throws SecretOpenError. */
  open(stored: string): string;
}

/** True when `stored` is a sealed value (not a legacy plain one). */
export const isSealed = (stored: string): boolean => stored.startsWith(`${VERSION}:`);

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secret box key has 32 bytes.');
  const keyId = keyIdOf(key);
  const header = `${VERSION}:${keyId}`;
  return {
    keyId,
    seal(plain) {
      if (plain === '') return '';
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(header));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${header}:${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const parts = stored.split(':');
      const [, storedKeyId, ivText, bodyText] = parts;
      if (parts.length !== 4 || !storedKeyId || !ivText || !bodyText)
        throw new SecretOpenError('malformed', 'A sealed secret is not in the form v1:<keyId>:<iv>:<data>.');
      if (storedKeyId !== keyId)
        throw new SecretOpenError(
          'key-differs',
          `A secret in the database was sealed under another key (key id ${storedKeyId}; ${SECRETS_KEY_VARIABLE} now has key id ${keyId}): ${SECRETS_KEY_VARIABLE} changed. Start with the key the database was written with.`,
        );
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
        throw new SecretOpenError('malformed', 'A sealed secret has a damaged IV or data part.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(`${VERSION}:${storedKeyId}`));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new SecretOpenError(
          'tampered',
          `A sealed secret (key id ${keyId}) failed its integrity check: the stored value was altered or damaged.`,
        );
      }
    },
  };
}

let active: SecretBox | undefined;

/**
 * The shop's box, keyed by SECRETS_KEY from the environment (read once, on first use, so that the
 * server, `npm run seed` and `npm run staff:create` all agree). The server validates the variable
 * at start-up (apps/server/src/env.ts) before anything is sealed.
 */
function shopBox(): SecretBox {
  active ??= createSecretBox(secretsKeyFrom(process.env[SECRETS_KEY_VARIABLE]));
  return active;
}

/** `plain` sealed under the shop's key (SECRETS_KEY). */
export const sealSecret = (plain: string): string => shopBox().seal(plain);

/** The plain value of a stored secret (a legacy plain value as it is). Throws SecretOpenError. */
export const openSecret = (stored: string): string => shopBox().open(stored);
