import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A gateway-style identifier: prefix + random alphanumerics (`order_Ab12…`, `pay_…`). */
export function randomId(prefix: string, length = 14): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHANUMERIC.charAt(byte % ALPHANUMERIC.length);
  return `${prefix}${id}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** `Authorization: Basic base64(user:password)` → [user, password]. */
export function basicCredentials(request: FastifyRequest): [string, string] | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Basic\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body as received (the simulators verify signatures over it). */
    rawBody?: string;
  }
}

/**
 * Body parsers for a simulator's scope: JSON keeps the raw text beside the parsed value,
 * url-encoded forms become plain objects (PayPal's token call, Paytm callbacks).
 */
export function registerSimBodyParsers(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('Body is not valid JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, body, done) => {
      const text = String(body);
      request.rawBody = text;
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}

/** The browser scripts: a shared dialog plus one gateway script, read once. */
export function browserScript(name: 'razorpay-checkout' | 'paytm-checkout' | 'paypal-sdk'): string {
  const read = (file: string) => readFileSync(new URL(`./browser/${file}`, import.meta.url), 'utf8');
  return `${read('sim-dialog.js')}\n${read(`${name}.js`)}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Options every simulator plugin takes: `routeConfig` is set on each route (e.g. `{ rateLimit: false }`). */
export interface SimPluginOptions {
  routeConfig?: Record<string, unknown>;
}
