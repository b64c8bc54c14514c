import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { errorMessageOf } from '@shop/contract/api-error';
import { API_PREFIX } from '@shop/contract/api-prefix';
import { ApiFailure, type StorefrontLoadContext, withQuery } from '@shop/contract/storefront-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppContext } from '../context.ts';
import { documentCspWithNonce, newCspNonce } from '../plugins/security.ts';

const defaultWebBuildDir = fileURLToPath(new URL('../../../web/build', import.meta.url));

/** Loaders call the REST API in-process through Fastify's inject: same routes, no network hop. */
function inProcessApi(app: FastifyInstance): StorefrontLoadContext['api'] {
  return {
    async get<T>(
      path: string,
      options: { query?: Record<string, string | number | undefined>; token?: string } = {},
    ) {
      const response = await app.inject({
        method: 'GET',
        url: withQuery(`${API_PREFIX}/${path.replace(/^\//, '')}`, options.query),
        headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      });
      const data: unknown = response.body ? JSON.parse(response.body) : null;
      if (response.statusCode >= 400) {
        throw new ApiFailure(
          response.statusCode,
          data,
          errorMessageOf(data, `Request failed (${response.statusCode})`),
        );
      }
      return data as T;
    },
  };
}

/** Any path that no route matches: it renders the storefront's 404 page. */
const NOT_FOUND_PATH = '/__not-found';

/**
 * A NUL character (%00) in the path or query can name no page or product, and PostgreSQL cannot
 * even compare it: such a request renders the 404 page instead of failing in a loader (a 500).
 */
export function hasNulCharacter(url: string): boolean {
  if (!url.includes('%00') && !url.includes('\u0000')) return false;
  try {
    return decodeURIComponent(url).includes('\u0000');
  } catch {
    return url.includes('\u0000');
  }
}

function toWebRequest(request: FastifyRequest): Request {
  const path = hasNulCharacter(request.url) ? NOT_FOUND_PATH : request.url;
  const url = `${request.protocol}://${request.host}${path}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  request.raw.on('close', () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/**
 * Serves the React Router build: hashed client assets (immutable) and server-side rendering of
 * every other GET. Without a build (API-only tests) it answers 503 with a hint.
 */
export async function registerStorefront(app: FastifyInstance, ctx: AppContext) {
  const webBuildDir = ctx.config.WEB_BUILD_DIR ? resolve(ctx.config.WEB_BUILD_DIR) : defaultWebBuildDir;
  const serverEntry = `${webBuildDir}/server/index.js`;
  if (!existsSync(serverEntry)) {
    ctx.log.warn('storefront build missing: run `npm run build`');
    app.setNotFoundHandler((_request, reply) =>
      reply
        .code(503)
        .type('text/plain')
        .send('The storefront is not built. Run `npm run build` (npm start does it).'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: `${webBuildDir}/client`,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (apps/web/precompress.ts); send those as they are.
    preCompressed: true,
    setHeaders(res, path) {
      const immutable = path.includes('/assets/');
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  const loadContext: StorefrontLoadContext = {
    api: inProcessApi(app),
    publicUrl: ctx.config.publicUrl,
    isProduction: ctx.config.isProduction,
  };
  const policyWithNonce = documentCspWithNonce(ctx.config);
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // Each document gets its own nonce: its inline scripts carry it, and the policy allows no other.
    const cspNonce = newCspNonce();
    const response = await handle(toWebRequest(request), { ...loadContext, cspNonce } as never);
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      reply.header('content-security-policy', policyWithNonce(cspNonce));
    }
    return sendWebResponse(reply, response);
  };
  app.get('/*', render);
  app.setNotFoundHandler(render);
}
