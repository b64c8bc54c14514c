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

/** What a query parameter given as a PHP list (`PageSearch[url_slug][]=terms`) is told. */
export const LIST_FORM_MESSAGE = 'must be a single value, not a list';

/** The query keys a route's zod schema reads (an object's, or the object's under a transform). */
function knownQueryKeys(schema: unknown): string[] {
  type Node = { shape?: Record<string, unknown>; _zod?: { def?: { type?: string; in?: unknown } } };
  let node = schema as Node | undefined;
  while (node?._zod?.def?.type === 'pipe') node = node._zod.def.in as Node | undefined;
  return node?.shape && typeof node.shape === 'object' ? Object.keys(node.shape) : [];
}

/**
 * Wraps the validator compiler so that every route's query refuses a known parameter written as a
 * PHP list or map (`ProductsSearch[category_id][]=5`, `page[0]=2`). Fastify's query parser keeps
 * the brackets in the key, so such a key is one the route's schema does not know: it was dropped
 * and the answer was the unfiltered list, as if the filter had matched everything. Now it is a
 * 400 naming the parameter, as a malformed value of it is; unknown parameters stay ignored.
 */
export function refusingListForms<R extends { schema: unknown; httpPart?: string }, V>(
  compile: (route: R) => V,
): (route: R) => V {
  return (route) => {
    const validate = compile(route);
    const known = route.httpPart === 'querystring' ? knownQueryKeys(route.schema) : [];
    if (known.length === 0) return validate;
    const knownSet = new Set(known);
    const check = (data: unknown) => {
      for (const key of Object.keys((data ?? {}) as Record<string, unknown>)) {
        if (knownSet.has(key)) continue;
        const named = known.find((k) => key.startsWith(`${k}[`));
        if (named !== undefined)
          return {
            error: [
              {
                keyword: 'list_form',
                instancePath: `/${named}`,
                message: LIST_FORM_MESSAGE,
                params: { key },
              },
            ],
          };
      }
      return (validate as (data: unknown) => unknown)(data);
    };
    return check as V;
  };
}
