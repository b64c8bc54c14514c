import type { FieldError } from '@shop/contract/api-error';
import type { FastifyInstance } from 'fastify';

export const NUL_MESSAGE = 'This must not contain NUL characters.';
export const ILL_FORMED_TEXT_MESSAGE = 'This must be valid Unicode text.';

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const problemOf = (text: string): string | null =>
  text.includes('\u0000') ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? ILL_FORMED_TEXT_MESSAGE : null;

/**
 * The first string or key (`items.0.name`) the database cannot store as written, with why: a NUL
 * character, or half of a surrogate pair (JSON's "\ud800" alone). Null when there is none.
 */
export function findUnstorableText(value: unknown, path = ''): FieldError | null {
  if (typeof value === 'string') {
    const message = problemOf(value);
    return message ? { field: path || 'body', message } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const message = problemOf(key);
      if (message) return { field: at, message };
      const found = findUnstorableText(item, at);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL (\u0000): such a value would fail in the database, a
 * 500. A lone surrogate would be stored as U+FFFD, silently changing what the customer sent
 * (a remark, a name). Any JSON body with either is refused first as a 422 naming the field
 * (product rules §7: never a 500 for bad input, and nothing lost). Raw bodies (webhooks keep
 * Buffers) are not plain objects and pass; the webhook route checks what it parses itself.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const problem = findUnstorableText(request.body);
    if (problem) return reply.code(422).send([problem]);
  });
}
