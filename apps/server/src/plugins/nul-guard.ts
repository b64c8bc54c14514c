import type { FieldError } from '@shop/contract/api-error';
import type { FastifyInstance } from 'fastify';

export const NUL_MESSAGE = 'This must not contain NUL characters.';

/** The path (`items.0.name`) of the first string or key holding a NUL character, or null. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return at;
      const found = findNul(item, at);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL (\u0000): such a value would fail in the database,
 * a 500. Any JSON body with one is refused first as a 422 naming the field (product rules §7: never a
 * 500 for bad input). Raw bodies (webhooks keep Buffers) are not plain objects and pass.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const field = findNul(request.body);
    if (field) {
      const errors: FieldError[] = [{ field, message: NUL_MESSAGE }];
      return reply.code(422).send(errors);
    }
  });
}
