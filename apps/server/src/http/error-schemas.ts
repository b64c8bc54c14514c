import { z } from 'zod';

/**
 * The API's error shapes as response schemas, so that the OpenAPI document names them per status
 * code: 422 → `[{field, message}]`, every other error → `{name, message, code, status}`.
 */
export const fieldErrorsSchema = z
  .array(z.object({ field: z.string(), message: z.string() }))
  .describe('Validation failed: one entry per field');

export const namedErrorSchema = z
  .object({ name: z.string(), message: z.string(), code: z.number().int(), status: z.number().int() })
  .describe('An error other than validation');
