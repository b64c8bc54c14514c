import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Paytm checksum, a faithful port of the `paytmchecksum` package (PaytmChecksum.js):
 * `hash = hex(SHA256(str + "|" + salt)) + salt`, `signature = base64(AES-128-CBC(key, iv, hash))`.
 * Shared by the simulator and the shop's server.
 */
const IV = '@@@@&&&&####$$$$';

export type PaytmParams = Record<string, string | number | null | undefined>;

function keyBytes(merchantKey: string): Buffer {
  const key = Buffer.from(merchantKey, 'utf8');
  if (key.length !== 16) throw new RangeError('The Paytm merchant key must be 16 bytes (AES-128).');
  return key;
}

function encrypt(input: string, merchantKey: string): string {
  const cipher = createCipheriv('aes-128-cbc', keyBytes(merchantKey), IV);
  return cipher.update(input, 'binary', 'base64') + cipher.final('base64');
}

function decrypt(encrypted: string, merchantKey: string): string | null {
  try {
    const decipher = createDecipheriv('aes-128-cbc', keyBytes(merchantKey), IV);
    return decipher.update(encrypted, 'base64', 'binary') + decipher.final('binary');
  } catch {
    return null;
  }
}

function calculateHash(str: string, salt: string): string {
  return createHash('sha256').update(`${str}|${salt}`).digest('hex') + salt;
}

/** Form callbacks: keys sorted, values joined with "|", null (or the text "null") → "". */
export function paytmStringOfParams(params: PaytmParams): string {
  return Object.keys(params)
    .sort()
    .map((key) => {
      const value = params[key];
      if (value === null || value === undefined) return '';
      const text = String(value);
      return text.toLowerCase() === 'null' ? '' : text;
    })
    .join('|');
}

/** The checksum of `str` with a given 4-character salt (deterministic; used by tests). */
export function paytmChecksumWithSalt(str: string, merchantKey: string, salt: string): string {
  return encrypt(calculateHash(str, salt), merchantKey);
}

/**
 * `generateSignature`: a JSON API signs the exact `JSON.stringify(body)` text; a form is
 * signed as sorted values joined by "|". The salt is base64 of 3 random bytes.
 */
export async function generatePaytmSignature(
  params: string | PaytmParams,
  merchantKey: string,
): Promise<string> {
  const str = typeof params === 'string' ? params : paytmStringOfParams(params);
  return paytmChecksumWithSalt(str, merchantKey, randomBytes(3).toString('base64'));
}

/**
 * `verifySignature`: decrypts, takes the last 4 characters as the salt and recomputes.
 * For form parameters CHECKSUMHASH is left out (the library deletes it from its argument;
 * we do not mutate the caller's object).
 */
export function verifyPaytmSignature(
  params: string | PaytmParams,
  merchantKey: string,
  checksum: string | undefined,
): boolean {
  if (!checksum) return false;
  let str: string;
  if (typeof params === 'string') str = params;
  else {
    const { CHECKSUMHASH: _ignored, ...rest } = params;
    str = paytmStringOfParams(rest);
  }
  const hash = decrypt(checksum, merchantKey);
  if (!hash || hash.length < 4) return false;
  const expected = Buffer.from(calculateHash(str, hash.slice(-4)), 'binary');
  const actual = Buffer.from(hash, 'binary');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
