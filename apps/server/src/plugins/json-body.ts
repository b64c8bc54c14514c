import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.ts';
import { sendNamedError, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from './error-handler.ts';

/** Deepest nesting of objects and arrays a JSON body may have (gateway answers need about 8). */
export const MAX_JSON_DEPTH = 32;
const jsonTooDeepMessage = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/** Whether objects and arrays nest deeper than `max`; iterative, so any depth is safe to measure. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (!next.value || typeof next.value !== 'object') continue;
    if (next.depth > max) return true;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

const invalidUtf8Message = 'The request body is not valid UTF-8.';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body's text, or undefined when its bytes are not UTF-8 (JSON's only encoding, RFC 8259 §8.1).
 * Read leniently, each broken byte would become U+FFFD and a customer's name or remark would be
 * stored changed, with nothing said; the text guard's rule for lone surrogates, at the byte level.
 */
function utf8TextOf(bytes: Buffer): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function isJson(contentType: string): boolean {
  return contentType.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Every API route with a body schema takes one JSON object (product rules §7), in one place:
 * - the bytes are UTF-8 (a named 400 otherwise), and objects and arrays nest at most
 *   MAX_JSON_DEPTH levels (a named 400 beyond);
 * - an empty body sent with `Content-Type: application/json` is no body, not a 400 "Body cannot
 *   be empty": many HTTP clients set that header on every call, DELETE and logout included;
 * - another content type (text/plain, which Fastify would otherwise hand over as a string) is a
 *   named 415, not a 422 about a field called "body";
 * - a body that is not a JSON object (missing, null, a string, an array) is read as `{}`, so the
 *   answer is the usual 422 list naming each missing field.
 * The last two run as preValidation, after the route's own onRequest (a missing token stays a
 * 401 first).
 * Routes without a body schema (the gateways' webhooks read raw bytes) are left alone.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    const body = Buffer.isBuffer(bytes) ? utf8TextOf(bytes) : bytes;
    if (body === undefined) return done(new AppError('bad-request', invalidUtf8Message), undefined);
    if (typeof body !== 'string' || body.trim() === '') return done(null, undefined);
    return parseJson(request, body, (error, value) => {
      if (error) return done(error, undefined);
      // Validation, the NUL guard and jsonb all walk a body recursively: a 60 KB `[[[…]]]` would
      // overflow the stack (a 500) before anything could answer.
      if (nestsDeeperThan(value, MAX_JSON_DEPTH))
        return done(new AppError('bad-request', jsonTooDeepMessage), undefined);
      return done(null, value);
    });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.schema?.body) return undefined;
    const type = request.headers['content-type'];
    if (type !== undefined && !isJson(type))
      return sendNamedError(reply, 415, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) request.body = {};
    return undefined;
  });
}
