import { AppError } from '../../../http/app-error.ts';
import { asRecord } from './gateway-http.ts';

/** A webhook whose signature does not check out: 400, nothing recorded. */
export const invalidSignature = () => new AppError('bad-request', 'Invalid webhook signature.');

/** The JSON object a webhook carries, or a 400. */
export function jsonBodyOf(rawBody: Buffer): Record<string, unknown> {
  try {
    return asRecord(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('bad-request', 'The webhook body is not JSON.');
  }
}

/** A non-empty string from an untrusted payload, else undefined. */
export const stringOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
