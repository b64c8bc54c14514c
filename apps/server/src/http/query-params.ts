import { idText } from '@shop/contract/validation';
import { z } from 'zod';

/**
 * Query and path parameter schemas of the public read API. A repeated parameter
 * (`?a=1&a=2`) arrives as an array; like PHP, the first value counts.
 */
export function searchParam(max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (Array.isArray(value) ? value[0] : value))
    .pipe(
      z
        .string()
        .max(max, `must be at most ${max} characters`)
        // PostgreSQL text cannot hold NUL; without this check the database would fail (a 500).
        .refine((v) => !v.includes('\u0000'), 'must not contain NUL characters')
        .optional(),
    );
}

/**
 * A resource id in the path: digits within the database id range. Anything else names no
 * resource, so the error handler answers it like an unknown id (404), never with a database error.
 */
export const idParam = idText('must be a positive integer');
