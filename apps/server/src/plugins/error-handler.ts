import { type FieldError, httpErrorNames, type NamedError } from '@shop/contract/api-error';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../http/app-error.ts';

/** Every API body is one JSON object (product rules §7); anything else is refused with this text. */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE =
  'Unsupported Media Type: send the request body as application/json.';

/** Yii2's text for an address that names nothing (an unknown route, a path id that is no id). */
export const PAGE_NOT_FOUND_MESSAGE = 'Page not found.';

function named(status: number, message: string): NamedError {
  return { name: httpErrorNames[status] ?? 'Error', message, code: 0, status };
}

/** Sends a `{name, message, code, status}` error. */
export function sendNamedError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(named(status, message));
}

interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldOf(item: ValidationItem): string {
  const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  const missing = item.params?.missingProperty;
  return typeof missing === 'string' ? missing : 'body';
}

/**
 * The fields one problem names: usually one, but a strict object's unknown keys are one problem
 * of the object; each key is named as its own field, so the client sees which one to drop.
 */
function fieldsOf(item: ValidationItem): string[] {
  const keys = item.params?.keys;
  if (item.keyword !== 'unrecognized_keys' || !Array.isArray(keys) || keys.length === 0)
    return [fieldOf(item)];
  const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return keys.map((key) => (path ? `${path}.${String(key)}` : String(key)));
}

/**
 * One place maps every error to the contract's shapes (product rules §7): body validation → 422 array,
 * everything else → named error. 5xx details go to the log only.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.kind === 'invalid') {
        const fields: FieldError[] = error.fields.length
          ? error.fields
          : [{ field: 'body', message: error.message }];
        return reply.code(422).send(fields);
      }
      return sendNamedError(reply, error.status, error.message);
    }
    const validation = (error as FastifyError).validation as ValidationItem[] | undefined;
    if (validation) {
      const context = (error as FastifyError).validationContext;
      if (context === 'body') {
        const seen = new Set<string>();
        const fields: FieldError[] = [];
        for (const item of validation) {
          for (const field of fieldsOf(item)) {
            if (seen.has(field)) continue;
            seen.add(field);
            fields.push({ field, message: item.message ?? 'Invalid value.' });
          }
        }
        return reply.code(422).send(fields);
      }
      // A path that does not fit its pattern (an id that is no id: "abc", "-1", "1e3",
      // "2147483648") names nothing, as in Yii2, whose URL rules do not match it: a 404.
      if (context === 'params') return sendNamedError(reply, 404, PAGE_NOT_FOUND_MESSAGE);
      const first = validation[0];
      const where = first ? fieldOf(first) : String(context ?? 'request');
      return sendNamedError(
        reply,
        400,
        `Invalid query parameter "${where}": ${first?.message ?? 'invalid value'}`,
      );
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendNamedError(reply, status, 'An internal server error occurred.');
    }
    const message =
      status === 413
        ? 'The request body is too large.'
        : status === 415
          ? UNSUPPORTED_MEDIA_TYPE_MESSAGE
          : error.message || httpErrorNames[status] || 'Error';
    return sendNamedError(reply, status, message);
  });
}
