import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { sendNamedError } from '../plugins/error-handler.ts';

/** Methods an Allow header names: HEAD comes with every GET, OPTIONS with CORS. */
const NAMED_METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Keeps the routes an API scope registers from now on, and answers what none of them takes:
 * a path that is a route for other methods is a 405 naming them (as the Yii2 API answers, e.g.
 * GET customers/login: "Method Not Allowed. This URL can only handle the following request
 * methods: POST." with an Allow header), any other a 404 in the same shape. Call first in the
 * scope, then register the routes, then `answer()` last.
 */
export function unknownRoutes(scope: FastifyInstance) {
  // Fastify's own router, so that a path matches here exactly when it would match a route.
  const known = FindMyWay();
  let answering = false; // the catch-all below is no route to name
  scope.addHook('onRoute', (route) => {
    if (answering) return;
    for (const method of [route.method].flat())
      if (NAMED_METHODS.includes(method as HTTPMethod)) known.on(method as HTTPMethod, route.url, () => {});
  });
  return {
    /** `schema` adds to the catch-all's route schema (the back office marks it public). */
    answer(schema: Record<string, unknown> = {}) {
      answering = true;
      const unknown = async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '/';
        const allowed = NAMED_METHODS.filter((m) => m !== request.method && known.find(m, path));
        if (allowed.length === 0) return sendNamedError(reply, 404, `Page not found: ${path}`);
        reply.header('allow', allowed.join(', '));
        return sendNamedError(
          reply,
          405,
          `Method Not Allowed. This URL can only handle the following request methods: ${allowed.join(', ')}.`,
        );
      };
      // Answered before the body is read (preParsing: after the POST rate limit has counted it):
      // malformed JSON sent to no route is that route's 404 or 405, not a 400 about a body
      // nothing would read.
      scope.all('/*', { schema: { hide: true, ...schema }, preParsing: unknown }, unknown);
    },
  };
}
