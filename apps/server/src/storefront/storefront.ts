import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { errorMessageOf } from '@shop/contract/api-error';
import { API_PREFIX } from '@shop/contract/api-prefix';
import { ApiFailure, type StorefrontLoadContext, withQuery } from '@shop/contract/storefront-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler } from 'react-router';
import type { AppContext } from '../context.ts';
import { invalidateOnChange } from '../http/cache-invalidation.ts';
import { type InProcessReads, inProcessReadsOf } from '../http/in-process-reads.ts';
import { dependencyProbe } from '../http/response-cache.ts';
import { sendNamedError } from '../plugins/error-handler.ts';
import { documentCspWithNonce, newCspNonce } from '../plugins/security.ts';
import { type RenderDependencies, sharedValues } from './shared-values.ts';
import { buildAssets } from './build-assets.ts';
import { type CachedPage, encodePage, pageStore, pageUrl, sendPage } from './page-cache.ts';
import { NO_PAGE_FILES, openPageFiles } from './page-files.ts';
import { importServerBuild } from './server-build.ts';

const defaultWebBuildDir = fileURLToPath(new URL('../../../web/build', import.meta.url));

/**
 * Loaders call the REST API in-process: a public answer computed from memory is read as the route
 * reads it (http/in-process-reads.ts), anything else goes through Fastify's inject — same routes,
 * no network hop. The tags of the answers are gathered in `deps` (the page is cached with them).
 */
function inProcessApi(
  app: FastifyInstance,
  reads: InProcessReads,
  deps: RenderDependencies,
): StorefrontLoadContext['api'] {
  return {
    async get<T>(
      path: string,
      options: { query?: Record<string, string | number | undefined>; token?: string } = {},
    ) {
      const read = options.token ? undefined : await reads.read(path, options.query);
      if (read) {
        for (const tag of read.tags) deps.tags.add(tag);
        return read.body as T;
      }
      const probe = dependencyProbe();
      const response = await app
        .inject({
          method: 'GET',
          url: withQuery(`${API_PREFIX}/${path.replace(/^\//, '')}`, options.query),
          headers: options.token
            ? { ...probe.headers, authorization: `Bearer ${options.token}` }
            : probe.headers,
        })
        .finally(() => {
          const tags = probe.finish();
          if (!tags || options.token) deps.unknown = true;
          else for (const tag of tags) deps.tags.add(tag);
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

/** Methods fetch's `Request` refuses to carry, so no page can answer them. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** `protocol://host` origins that made a URL, remembered: a shop is reached by a handful. */
const usableOrigins = new Set<string>();

/** Whether `origin` can start the URL of a `Request`: parses, and has no user name or password. */
function isUsableOrigin(origin: string): boolean {
  if (usableOrigins.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(`${origin}/`);
  } catch {
    return false;
  }
  if (url.username || url.password || url.pathname !== '/' || !url.host) return false;
  if (usableOrigins.size < 64) usableOrigins.add(origin);
  return true;
}

/**
 * Answers a request no page can be rendered for, before any render starts: a method fetch will
 * not carry (TRACE) is a 405, a Host header that makes no URL (`a:99999`, `a@b`, none at all on
 * HTTP/1.0) a 400 — instead of `new Request` failing inside the render (a 500). True when answered.
 */
function refuseUnrenderable(request: FastifyRequest, reply: FastifyReply): boolean {
  if (UNCARRIED_METHODS.has(request.method)) {
    reply.header('allow', 'GET, HEAD');
    sendNamedError(reply, 405, `Method ${request.method} is not allowed here.`);
    return true;
  }
  if (isUsableOrigin(`${request.protocol}://${request.host}`)) return false;
  sendNamedError(reply, 400, 'The Host header does not name a host.');
  return true;
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

/** Request headers a page for nobody in particular is rendered without. */
const PERSONAL_HEADERS = new Set(['cookie', 'authorization', 'if-none-match', 'if-modified-since']);

/**
 * The request as anybody could have made it, for a page that may be kept: `url` (without the
 * ignored query parameters), no cookie, no authorisation, not aborted when this visitor leaves
 * (others may be waiting for the same page).
 */
function anonymousWebRequest(request: FastifyRequest, url: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (PERSONAL_HEADERS.has(key)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(`${request.protocol}://${request.host}${url}`, { method: 'GET', headers });
}

/** A page rendered for nobody in particular, whole. */
interface AnonymousRender {
  status: number;
  headers: Headers;
  html: Buffer;
  deps: RenderDependencies;
  cspNonce: string;
}

/**
 * What is kept: documents, and the data a client-side navigation asks for instead of the document
 * (React Router's single fetch: `<page>.data`, a turbo-stream). Both come from the same loaders,
 * for nobody in particular, with the same tags; the data costs as much CPU to make as the document
 * without its React render (a product's: ~6 ms here), and a shopper who moves between pages in the
 * browser asks for nothing else.
 */
const KEPT_TYPES = ['text/html', 'text/x-script'];

const isDocument = (contentType: string | null | undefined) => (contentType ?? '').startsWith('text/html');

/** Where React Router's route discovery asks (its default `routeDiscovery.manifestPath`). */
const ROUTE_DISCOVERY_PATH = '/__manifest';
/** The page store's key of a route-discovery answer, before the digest of its URL. */
const ROUTE_DISCOVERY_KEY = 'route-discovery:';

/** Whether a render may be kept and shown to every visitor (see page-cache.ts). */
function keepable(render: AnonymousRender): boolean {
  const cacheControl = render.headers.get('cache-control') ?? '';
  const type = render.headers.get('content-type') ?? '';
  return (
    render.status === 200 &&
    !render.deps.unknown &&
    render.deps.tags.size > 0 &&
    KEPT_TYPES.some((kept) => type.startsWith(kept)) &&
    render.headers.getSetCookie().length === 0 &&
    !/private|no-store/i.test(cacheControl)
  );
}

/** A response's headers as a plain record, the form in which the page store keeps them. */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of headers) record[name] = value;
  return record;
}

function copyHead(reply: FastifyReply, status: number, headers: Headers) {
  reply.status(status);
  for (const [key, value] of headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  copyHead(reply, response.status, response.headers);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}

/** The storefront's build folder: WEB_BUILD_DIR, or apps/web/build. */
function webBuildDirOf(config: AppContext['config']): string {
  return config.WEB_BUILD_DIR ? resolve(config.WEB_BUILD_DIR) : defaultWebBuildDir;
}

/**
 * Starts loading the storefront's server build (React, React Router, the routes: 110–170 ms of a
 * start's main thread on a 2-core host), for a server that has that time while its database
 * opens (server.ts). registerStorefront's own import then finds the module loaded; a build that is
 * missing or fails to load is left for registerStorefront to report.
 */
export function preloadStorefront(config: AppContext['config']): void {
  const serverEntry = `${webBuildDirOf(config)}/server/index.js`;
  if (existsSync(serverEntry)) importServerBuild(serverEntry).catch(() => undefined);
}

/**
 * Serves the React Router build: hashed client assets (immutable) and server-side rendering of
 * every other GET. Without a build (API-only tests) it answers 503 with a hint.
 */
export async function registerStorefront(app: FastifyInstance, ctx: AppContext) {
  const webBuildDir = webBuildDirOf(ctx.config);
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
  // The build writes .br and .gz copies (apps/web/precompress.ts); both folders send those as they are.
  // The hashed assets are sent from memory (build-assets.ts), one route for the folder: a route per
  // file (~280 files, GET and HEAD each) was ~60 ms of every start. A missing asset falls to the
  // page renderer's "not found", as any unknown path does. The few files beside them (favicon.svg,
  // whatever apps/web/public holds) keep a route each, for an hour in caches.
  const assets = buildAssets(`${webBuildDir}/client/assets`);
  app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) => assets.send(request, reply));
  await app.register(fastifyStatic, {
    root: `${webBuildDir}/client`,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**'],
    index: false,
    decorateReply: false,
    preCompressed: true,
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=3600');
    },
  });
  const build = await importServerBuild(serverEntry);
  const handle = createRequestHandler(build, 'production');
  const reads = inProcessReadsOf(ctx);
  const shared = sharedValues(ctx.changes, (deps) => inProcessApi(app, reads, deps));
  app.addHook('onClose', async () => shared.stop());
  const loadContext = (deps: RenderDependencies, cspNonce: string) =>
    ({
      api: inProcessApi(app, reads, deps),
      shared: (key, make) => shared.get(key, make, deps),
      publicUrl: ctx.config.publicUrl,
      isProduction: ctx.config.isProduction,
      cspNonce,
    }) satisfies StorefrontLoadContext as never;
  const policyWithNonce = documentCspWithNonce(ctx.config);

  const pagesDir = resolve(ctx.config.dataDir, 'pages');
  const files = await openPageFiles(pagesDir).catch((error: unknown) => {
    ctx.log.warn(
      { err: error },
      `pages cannot be kept in ${pagesDir}: every page but the smallest (page-cache.ts INLINE_PAGE_BYTES) is rendered`,
    );
    return NO_PAGE_FILES;
  });
  const pages = pageStore(files);
  const stopInvalidation = invalidateOnChange(ctx.changes, pages.index);
  app.addHook('onClose', async () => {
    stopInvalidation();
    await pages.settled();
    await files.close();
  });
  /** Renders of the same page share one (single flight), as API answers do. */
  const flights = new Map<string, { since: number; result: Promise<CachedPage | AnonymousRender | null> }>();

  async function renderAnonymous(request: FastifyRequest, url: string): Promise<AnonymousRender> {
    const deps: RenderDependencies = { tags: new Set(), unknown: false };
    const cspNonce = newCspNonce();
    const response = await handle(anonymousWebRequest(request, url), loadContext(deps, cspNonce));
    const html = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      html,
      deps,
      cspNonce,
    };
  }

  /** Renders the page for the cache; resolves the kept page, or the render that may not be kept. */
  async function renderToKeep(request: FastifyRequest, key: string, url: string, since: number) {
    const rendered = await renderAnonymous(request, url);
    if (!keepable(rendered)) return rendered;
    const page = await encodePage(rendered.html, headerRecord(rendered.headers), rendered.cspNonce);
    // Kept before the render's visitors are answered: until then, its flight is what a new visitor
    // of the URL waits for, instead of rendering it again.
    await pages.set(key, page, [...rendered.deps.tags], since);
    return page;
  }

  /** A kept page; a document with the security policy of its render's nonce (see CachedPage). */
  function sendKept(request: FastifyRequest, reply: FastifyReply, page: CachedPage, cache: 'HIT' | 'MISS') {
    if (isDocument(page.headers['content-type']))
      reply.header('content-security-policy', policyWithNonce(page.cspNonce));
    return sendPage(request, reply, page, cache);
  }

  /** Sends the page from the cache (or rendered for it); false when it must be rendered for this visitor. */
  async function fromCache(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET' || !pages.index.enabled || hasNulCharacter(request.url)) return false;
    const url = pageUrl(request.url);
    if (!url) return false;
    const key = `${request.protocol}://${request.host}${url}`;
    const hit = await pages.get(key);
    if (hit) {
      await sendKept(request, reply, hit, 'HIT');
      return true;
    }
    let flight = flights.get(key);
    const leader = !flight || flight.since !== pages.index.version;
    if (!flight || leader) {
      const since = pages.index.version;
      const result = renderToKeep(request, key, url, since).catch((error: unknown) => {
        ctx.log.error({ err: error }, 'page render failed');
        return null;
      });
      const started = { since, result };
      flights.set(key, started);
      void result.finally(() => {
        if (flights.get(key) === started) flights.delete(key);
      });
      flight = started;
    }
    const result = await flight.result;
    if (!result) return false;
    if ('etag' in result) {
      await sendKept(request, reply, result, 'MISS');
      return true;
    }
    // Not for keeping (an error page, a redirect, a page that sets a cookie …): its renderer sends
    // it when the visitor brought nothing the render left out (cookies, authorisation, campaign
    // parameters a redirect would carry on); everybody else gets their own render.
    const personal = request.headers.cookie !== undefined || request.headers.authorization !== undefined;
    if (!leader || personal || url !== request.url) return false;
    copyHead(reply, result.status, result.headers);
    if (isDocument(result.headers.get('content-type')))
      reply.header('content-security-policy', policyWithNonce(result.cspNonce));
    reply.send(result.html);
    return true;
  }

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    if (refuseUnrenderable(request, reply)) return reply;
    if (await fromCache(request, reply)) return reply;
    // Each document gets its own nonce: its inline scripts carry it, and the policy allows no other.
    const cspNonce = newCspNonce();
    const deps: RenderDependencies = { tags: new Set(), unknown: false };
    const response = await handle(toWebRequest(request), loadContext(deps, cspNonce));
    if (isDocument(response.headers.get('content-type'))) {
      reply.header('content-security-policy', policyWithNonce(cspNonce));
    }
    return sendWebResponse(reply, response);
  };

  /**
   * React Router's route discovery: once a page runs in the browser, it asks
   * `/__manifest?paths=…&version=…` for the routes of the links it shows (React Router's default,
   * "lazy"; carrying the whole route map in every page instead put the home page's scripts over
   * their 150 KB budget). React Router matches every path against every route afresh: 2.7–3.3 ms
   * of CPU for the ~100 paths of a product page's links at 10,000 products, twenty times what
   * sending the kept page itself costs. Its answer depends only on the URL and the build, so it is
   * kept in the page store like a page — under a digest of the URL (1.5–2.5 KB of paths), with no
   * tags, since no change to the shop's data changes it — and every later visitor's browser gets
   * the kept copy.
   */
  async function discoverRoutes(request: FastifyRequest, reply: FastifyReply) {
    if (refuseUnrenderable(request, reply)) return reply;
    const key = `${ROUTE_DISCOVERY_KEY}${createHash('sha1').update(request.url).digest('base64url')}`;
    const hit = await pages.get(key);
    if (hit) return sendPage(request, reply, hit, 'HIT');
    const since = pages.index.version;
    const response = await handle(
      toWebRequest(request),
      loadContext({ tags: new Set(), unknown: false }, ''),
    );
    const cacheControl = response.headers.get('cache-control') ?? '';
    // A page of an older build is told to reload (204); a URL React Router finds too long, 400.
    if (response.status !== 200 || !cacheControl.includes('immutable'))
      return sendWebResponse(reply, response);
    const body = Buffer.from(await response.arrayBuffer());
    const answer = await encodePage(body, headerRecord(response.headers), '');
    answer.headers['cache-control'] = cacheControl;
    await pages.set(key, answer, [], since);
    return sendPage(request, reply, answer, 'MISS');
  }
  app.get(ROUTE_DISCOVERY_PATH, discoverRoutes);
  app.get('/*', render);
  app.setNotFoundHandler(render);
}
