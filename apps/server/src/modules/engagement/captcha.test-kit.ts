import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { captchaKeys } from './captcha.service.ts';

/**
 * A solved captcha as a form posts it (`captcha_value`), for tests of the forms it guards: a
 * cheap challenge signed with the app's key (the real cost takes ~0.5 s to solve), solved the
 * way the browser widget solves it.
 */
export async function solvedCaptcha(hmacKey: string, options: { expiresAt?: number } = {}): Promise<string> {
  const keys = await captchaKeys(hmacKey);
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    counter: 3,
    deriveKey,
    hmacSignatureSecret: keys.signatureSecret,
    hmacKeySignatureSecret: keys.keySignatureSecret,
    expiresAt: options.expiresAt ?? Math.floor(Date.now() / 1000) + 600,
  });
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
