import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  developmentSecretsKey,
  keyIdOf,
  openSecret,
  SecretOpenError,
  sealSecret,
  secretsKeyFrom,
} from './secret-box.ts';

/**
 * Rule: a secret the shop reads back is stored as `v1:<keyId>:<iv>:<data>` (AES-256-GCM); it
 * opens only under the key it was sealed with, an altered value is refused, a value sealed under
 * another key is refused with an error saying that SECRETS_KEY changed, and a plain value from
 * before sealing is read as it is.
 */

const box = createSecretBox(randomBytes(32));
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function failureOf(open: () => unknown): SecretOpenError {
  try {
    open();
  } catch (error) {
    if (error instanceof SecretOpenError) return error;
    throw error;
  }
  throw new Error('opened');
}

describe('secret box', () => {
  it('seals to v1:<keyId>:<iv>:<data> without the plain text, and opens it back', () => {
    const sealed = box.seal(TOTP_SECRET);
    const [version, keyId, iv, data, ...rest] = sealed.split(':');
    expect([version, keyId, rest]).toEqual(['v1', box.keyId, []]);
    expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(data ?? '', 'base64url')).toHaveLength(TOTP_SECRET.length + 16);
    expect(sealed).not.toContain(TOTP_SECRET);
    expect(box.open(sealed)).toBe(TOTP_SECRET);
    expect(box.open(box.seal('ünïcode ₹ secret'))).toBe('ünïcode ₹ secret');
  });

  it('uses a new IV every time: the same secret is stored differently each time', () => {
    const a = box.seal(TOTP_SECRET);
    const b = box.seal(TOTP_SECRET);
    expect(a).not.toBe(b);
    expect(a.split(':')[2]).not.toBe(b.split(':')[2]);
    expect([box.open(a), box.open(b)]).toEqual([TOTP_SECRET, TOTP_SECRET]);
  });

  it('refuses a value that was altered (data, IV or key id), instead of returning garbage', () => {
    const sealed = box.seal(TOTP_SECRET);
    const [version, keyId, iv, data] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      failureOf(() => box.open(`${version}:${keyId}:${iv}:${flipped.toString('base64url')}`)).reason,
    ).toBe('tampered');
    const otherIv = randomBytes(12).toString('base64url');
    expect(failureOf(() => box.open(`${version}:${keyId}:${otherIv}:${data}`)).reason).toBe('tampered');
    expect(failureOf(() => box.open(`${sealed}:extra`)).reason).toBe('malformed');
    expect(failureOf(() => box.open(`${version}:${keyId}:${iv}:`)).reason).toBe('malformed');
    expect(failureOf(() => box.open('v1:')).reason).toBe('malformed');
  });

  it('says that the key differs (SECRETS_KEY changed) when a value was sealed under another key', () => {
    const other = createSecretBox(randomBytes(32));
    const error = failureOf(() => other.open(box.seal(TOTP_SECRET)));
    expect(error.reason).toBe('key-differs');
    expect(error.message).toContain(`key id ${box.keyId}`);
    expect(error.message).toContain(`SECRETS_KEY now has key id ${other.keyId}`);
    expect(error.message).toContain('SECRETS_KEY changed');
  });

  it('reads a plain value from before sealing as it is, and keeps an empty value empty', () => {
    expect(box.open(TOTP_SECRET)).toBe(TOTP_SECRET);
    expect(box.open('kesar_demo_razorpay_secret')).toBe('kesar_demo_razorpay_secret');
    expect(box.seal('')).toBe('');
    expect(box.open('')).toBe('');
  });

  it('takes SECRETS_KEY as 64 hex digits or base64; unset is the public development key', () => {
    const key = randomBytes(32);
    expect(secretsKeyFrom(key.toString('hex'))).toEqual(key);
    expect(secretsKeyFrom(key.toString('base64'))).toEqual(key);
    expect(secretsKeyFrom(key.toString('base64url'))).toEqual(key);
    expect(secretsKeyFrom(undefined)).toEqual(developmentSecretsKey());
    expect(secretsKeyFrom('')).toEqual(developmentSecretsKey());
    expect(() => secretsKeyFrom('too-short')).toThrow(
      /^SECRETS_KEY: must be 32 bytes as 64 hex digits or base64/,
    );
    expect(() => secretsKeyFrom(randomBytes(31).toString('hex'))).toThrow(/^SECRETS_KEY:/);
    expect(keyIdOf(key)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('seals the shop’s secrets under SECRETS_KEY, the development key in tests', () => {
    const sealed = sealSecret(TOTP_SECRET);
    expect(sealed.startsWith(`v1:${keyIdOf(secretsKeyFrom(process.env.SECRETS_KEY))}:`)).toBe(true);
    expect(openSecret(sealed)).toBe(TOTP_SECRET);
    expect(createSecretBox(developmentSecretsKey()).keyId).toBe(keyIdOf(developmentSecretsKey()));
  });
});
