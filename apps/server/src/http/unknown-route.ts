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
  // Paths that routes name literally (`/orders/checkout`), each with its methods.
  const literal = new Map<string, Set<HTTPMethod>>();
  let answering = false; // the catch-all below is no route to name
  scope.addHook('onRoute', (route) => {
    if (answering) return;
    for (const method of [route.method].flat()) {
      if (!NAMED_METHODS.includes(method as HTTPMethod)) continue;
      known.on(method as HTTPMethod, route.url, () => {});
      if (!/[:*]/.test(route.url)) {
        const methods = literal.get(route.url) ?? new Set();
        literal.set(route.url, methods.add(method as HTTPMethod));
      }
    }
  });

  /** The methods of the routes that name `path` literally (a trailing slash is the same path). */
  const literalMethods = (path: string) => literal.get(path.length > 1 ? path.replace(/\/+$/, '') : path);

  /**
   * The methods that take `path`, other than `method`. A path a route names literally belongs to
   * its own routes: `GET /orders/{id}` would also match `/orders/checkout`, but that address is
   * checkout's, which only POST takes.
   */
  const allowedFor = (method: string, path: string) => {
    const own = literalMethods(path);
    return NAMED_METHODS.filter((m) => m !== method && (own ? own.has(m) : known.find(m, path)));
  };

  const methodNotAllowed = (reply: FastifyReply, allowed: HTTPMethod[]) => {
    reply.header('allow', allowed.join(', '));
    return sendNamedError(
      reply,
      405,
      `Method Not Allowed. This URL can only handle the following request methods: ${allowed.join(', ')}.`,
    );
  };

  // Whether a route's pattern matches a path some route names literally; worked out once per
  // pattern, so that a product's detail (`/products/{id}`, no literal path under it) pays a lookup.
  const shadowing = new Map<string, boolean>();
  const shadowsLiteral = (pattern: string) => {
    let found = shadowing.get(pattern);
    if (found === undefined) {
      const only = FindMyWay();
      only.on('GET', pattern, () => {});
      found = [...literal.keys()].some((path) => only.find('GET', path) !== null);
      shadowing.set(pattern, found);
    }
    return found;
  };

  // `GET /orders/checkout` reaches `GET /orders/{id}` (its id is "checkout"): the address is
  // checkout's, so it is a 405 naming POST, as the catch-all answers `PUT /orders/checkout`.
  scope.addHook('onRequest', async (request, reply) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.includes(':') || !shadowsLiteral(pattern)) return undefined;
    const path = request.url.split('?')[0] ?? '/';
    const own = literalMethods(path);
    if (!own || own.has(request.method as HTTPMethod)) return undefined;
    return methodNotAllowed(reply, allowedFor(request.method, path));
  });

  return {
    /** `schema` adds to the catch-all's route schema (the back office marks it public). */
    answer(schema: Record<string, unknown> = {}) {
      answering = true;
      const unknown = async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0] ?? '/';
        const allowed = allowedFor(request.method, path);
        if (allowed.length === 0) return sendNamedError(reply, 404, `Page not found: ${path}`);
        return methodNotAllowed(reply, allowed);
      };
      // Answered before the body is read (preParsing: after the POST rate limit has counted it):
      // malformed JSON sent to no route is that route's 404 or 405, not a 400 about a body
      // nothing would read.
      scope.all('/*', { schema: { hide: true, ...schema }, preParsing: unknown }, unknown);
    },
  };
}
