import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret } from 'altcha-lib/frameworks/shared';
import type { Challenge } from 'altcha-lib/types';
import { z } from 'zod';

/**
 * Self-hosted ALTCHA proof of work (no third-party captcha script, works offline).
 *
 * Cost: PBKDF2/SHA-256 with 1,000 iterations per attempt and a secret counter between 1,500 and
 * 5,000 ("deterministic mode"). Measured in Node on this machine one attempt takes ≈0.2 ms, so a
 * single thread needs 0.3–1 s; the browser widget spreads the counters over several Web Workers,
 * which brings a mid-range phone to about one second. (PBKDF2 cost 5,000 with the README's
 * counters took 25 s, far too slow for a contact form.) Verification is one HMAC of the derived
 * key (the key signature), so checking a solution costs the server almost nothing.
 */
export const CAPTCHA_POLICY = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 1_000,
  counterMin: 1_500,
  counterMax: 5_000,
  ttlSeconds: 10 * 60,
} as const;

export interface CaptchaKeys {
  /** Signs the challenge parameters. */
  signatureSecret: string;
  /** Signs the expected derived key (derived from the first, never sent). */
  keySignatureSecret: string;
}

const keyCache = new Map<string, Promise<CaptchaKeys>>();

/** The two HMAC secrets from CAPTCHA_HMAC_KEY (derived once per process). */
export function captchaKeys(hmacKey: string): Promise<CaptchaKeys> {
  let keys = keyCache.get(hmacKey);
  if (!keys) {
    keys = deriveHmacKeySecret(hmacKey).then((keySignatureSecret) => ({
      signatureSecret: hmacKey,
      keySignatureSecret,
    }));
    keyCache.set(hmacKey, keys);
  }
  return keys;
}

/** A signed challenge that expires after ten minutes. */
export async function createCaptchaChallenge(hmacKey: string, now = Date.now()): Promise<Challenge> {
  const keys = await captchaKeys(hmacKey);
  return createChallenge({
    algorithm: CAPTCHA_POLICY.algorithm,
    cost: CAPTCHA_POLICY.cost,
    counter: randomInt(CAPTCHA_POLICY.counterMax, CAPTCHA_POLICY.counterMin),
    deriveKey,
    hmacSignatureSecret: keys.signatureSecret,
    hmacKeySignatureSecret: keys.keySignatureSecret,
    expiresAt: Math.floor(now / 1000) + CAPTCHA_POLICY.ttlSeconds,
  });
}

/** What the widget posts (base64 JSON): the challenge it was given and its solution. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({ expiresAt: z.number().int().positive() }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.looseObject({ counter: z.number(), derivedKey: z.string().max(256) }),
});

export interface VerifiedCaptcha {
  /** The challenge's signature: unique per challenge, stored so that it is used only once. */
  signature: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * Checks a solution: well-formed, signed by us, not expired, derived key correct.
 * Returns null for anything else (the caller answers 'Please verify captch!').
 * Replay is the caller's job (it stores the signature in the same transaction as the enquiry).
 */
export async function verifyCaptcha(hmacKey: string, value: string): Promise<VerifiedCaptcha | null> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return null;
  const { challenge, solution } = parsed.data;
  const keys = await captchaKeys(hmacKey);
  try {
    const result = await verifySolution({
      challenge: challenge as unknown as Challenge,
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
      deriveKey,
      hmacSignatureSecret: keys.signatureSecret,
      hmacKeySignatureSecret: keys.keySignatureSecret,
    });
    if (!result.verified) return null;
  } catch {
    // Tampered parameters (e.g. an unknown algorithm) make the library throw: not a solution.
    return null;
  }
  return { signature: challenge.signature, expiresAt: challenge.parameters.expiresAt };
}
