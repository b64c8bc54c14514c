import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { ADMIN_API_PREFIX, API_PREFIX } from '@shop/contract/api-prefix';
import { installFallbackValidationMessages } from '@shop/contract/validation';
import type { Database } from '@shop/db/client';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import type { Config } from './env.ts';
import { invalidateOnChange } from './http/cache-invalidation.ts';
import { answerCompression } from './http/brotli.ts';
import { answerClientError, REQUEST_TIMEOUT_MS } from './http/client-errors.ts';
import { dropGoneClients } from './http/gone-clients.ts';
import { refusingListForms } from './http/query-params.ts';
import { enforceStaffGuards, PUBLIC_ADMIN_OPERATION } from './http/require-staff.ts';
import { unknownRoutes } from './http/unknown-route.ts';
import { responseCacheOf } from './http/response-cache.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { findAccessToken } from './modules/customers/customer-lookup.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { engagementRoutes } from './modules/engagement/engagement.routes.ts';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes.ts';
import { grievancesRoutes } from './modules/grievances/grievances.routes.ts';
import { createMailDispatcher } from './modules/mail/mail.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { registerGatewaySimulators } from './modules/payments/gateway-simulators.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { findStaffSession } from './modules/staff/staff.service.ts';
import { staffAdminRoutes } from './modules/staff/staff.admin.routes.ts';
import { auditAdminRoutes } from './modules/audit/audit.admin.routes.ts';
import { contentAdminRoutes } from './modules/content/content.admin.routes.ts';
import { engagementAdminRoutes } from './modules/engagement/engagement.admin.routes.ts';
import { couponsAdminRoutes } from './modules/orders/coupons.admin.routes.ts';
import { gatewaysAdminRoutes } from './modules/payments/gateways.admin.routes.ts';
import { settingsAdminRoutes } from './modules/settings/settings.admin.routes.ts';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue.admin.routes.ts';
import { catalogueCsvAdminRoutes } from './modules/catalogue/catalogue-csv.admin.routes.ts';
import { productImagesAdminRoutes } from './modules/catalogue/product-images.admin.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders.admin.routes.ts';
import { invoicesAdminRoutes } from './modules/invoices/invoices.admin.routes.ts';
import { deliveryZonesAdminRoutes } from './modules/fulfilment/delivery-zones.admin.routes.ts';
import { grievancesAdminRoutes } from './modules/grievances/grievances.admin.routes.ts';
import { customersAdminRoutes } from './modules/customers/customers.admin.routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.admin.routes.ts';
import { carriersAdminRoutes } from './modules/fulfilment/carriers.admin.routes.ts';
import { fastifyTrustProxy } from './http/client-address.ts';
import { registerFreshWrites, startChangeFeed } from './plugins/change-feed.ts';
import { registerErrorHandler, sendNamedError } from './plugins/error-handler.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { memoryRateLimiter, redisRateLimiter } from './plugins/rate-limiter.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { startJobs } from './jobs/scheduler.ts';
import { sendMalformedUrl } from './storefront/malformed-url-page.ts';
import { registerStorefront } from './storefront/storefront.ts';
import { registerBackOffice } from './back-office/back-office.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /**
   * Serve the pages: the server-rendered storefront (needs `apps/web/build`) and the back office
   * at /admin (needs `apps/admin/dist`). Default true.
   */
  storefront?: boolean;
  /** Run background jobs (mail delivery, reservation expiry). Default true. */
  jobs?: boolean;
  /** Requests per minute per IP on POST routes. */
  postRateLimit?: number;
  logger?: boolean;
}

/**
 * Builds the whole application in a fixed order (fastify/demo): external plugins →
 * app plugins → domain modules → storefront. Listening is server.ts's job.
 */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.LOG_LEVEL },
    bodyLimit: 64 * 1024,
    // A request arrives whole within this time, or is answered 408; bad HTTP is answered in the
    // shop's error shape too (http/client-errors.ts).
    requestTimeout: REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    // `{"__proto__": …}` is valid JSON: drop the key (no pollution) instead of answering
    // "Body is not valid JSON", which would misdescribe the request.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Per-request access logs only at debug level; a load balancer usually logs requests already.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    // `web//menus` is `web/menus`, as `web/menus/` is (DESIGN §3: `menus` and `/menus` name one call; a
    // client joining a base that ends in `/` with `/customers/login` sends a doubled slash).
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Only the configured proxies may name the client's address (per-address rate limits count it).
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Malformed URLs (bad percent-encoding such as %FF%FE, over-long params) answer in the named
    // shape too; a browser asking for a storefront page gets a page saying so.
    frameworkErrors: (_error, request, reply) => sendMalformedUrl(request, reply),
    // Every route is validated and serialized through zod (the contract's schemas). Given here as
    // Fastify's compiler factories, zod's compilers are the only ones: Fastify no longer loads its
    // default ones (ajv, fast-json-stringify), ~45 ms of every start. (Fastify types these
    // factories as ajv's and fast-json-stringify's own; it calls zod's compilers the same way.)
    // Query schemas also refuse a known parameter sent as a PHP list (http/query-params.ts).
    schemaController: {
      compilersFactory: {
        buildValidator: (() => refusingListForms(validatorCompiler)) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  });
  app.decorateRequest('customer', null);
  app.decorateRequest('staff', null);
  // Checks without a message of their own answer in the contract's words, not zod's.
  installFallbackValidationMessages();
  registerErrorHandler(app);
  dropGoneClients(app);

  const redis = config.REDIS_URL
    ? // Loaded only when configured: ioredis is half a second of a start without it.
      new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  const limiterOptions = { ipScale: config.rateLimitIpScale };
  const limiter = redis
    ? redisRateLimiter(redis.duplicate(), limiterOptions)
    : memoryRateLimiter(limiterOptions);
  const shared = { config, database, db: database.db, log: app.log, limiter };
  // Shared code sees the modules' services only through the shapes AppContext declares.
  const ctx: AppContext = {
    ...shared,
    mail: createMailDispatcher(shared),
    findAccessToken: (token) => findAccessToken(database.db, token),
    findStaffSession: (token) => findStaffSession(database.db, token),
    changes: await startChangeFeed(database, app.log),
  };
  // Cached public answers follow the database's change notifications (ADR 0009).
  const stopInvalidation = invalidateOnChange(ctx.changes, responseCacheOf(ctx));
  registerFreshWrites(app, ctx.changes);

  // External plugins.
  await registerSecurityHeaders(app, config);
  await app.register(compress, { global: true, ...answerCompression });
  await app.register(rateLimit, {
    global: true,
    max: options.postRateLimit ?? 120 * config.rateLimitIpScale,
    timeWindow: 60_000,
    ...(redis ? { redis } : {}),
    allowList: (request) =>
      request.method !== 'POST' && request.method !== 'PUT' && request.method !== 'DELETE',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      name: 'Too Many Requests',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      code: 0,
      status: 429,
    }),
  });
  await registerOpenApi(app, API_PREFIX);

  // Domain modules.
  await app.register(
    async (api) => {
      registerJsonBody(api);
      registerTextGuard(api);
      const unknown = unknownRoutes(api);
      // The count of mails given up on stands in for a back-office alert until there is one.
      api.get('/health', { schema: { hide: true } }, async () => ({
        status: 'ok',
        failed_mails: await ctx.mail.failedCount(),
      }));
      for (const routes of [
        catalogueRoutes,
        contentRoutes,
        engagementRoutes,
        customersRoutes,
        addressesRoutes,
        fulfilmentRoutes,
        ordersRoutes,
        invoicesRoutes,
        paymentsRoutes,
        grievancesRoutes,
      ]) {
        await routes(api, ctx);
      }
      unknown.answer();
    },
    { prefix: API_PREFIX },
  );
  // The back office's API: staff sessions (cookie + CSRF token), never customer tokens. Every
  // operation is guarded by requireStaff (enforceStaffGuards refuses to start otherwise).
  await app.register(
    async (admin) => {
      await admin.register(cookie);
      registerJsonBody(admin);
      registerTextGuard(admin);
      enforceStaffGuards(admin);
      const unknown = unknownRoutes(admin);
      for (const routes of [
        staffAdminRoutes,
        auditAdminRoutes,
        ordersAdminRoutes,
        invoicesAdminRoutes,
        grievancesAdminRoutes,
        contentAdminRoutes,
        engagementAdminRoutes,
        settingsAdminRoutes,
        deliveryZonesAdminRoutes,
        couponsAdminRoutes,
        carriersAdminRoutes,
        gatewaysAdminRoutes,
        catalogueAdminRoutes,
        catalogueCsvAdminRoutes,
        productImagesAdminRoutes,
        customersAdminRoutes,
        dashboardAdminRoutes,
      ]) {
        await routes(admin, ctx);
      }
      unknown.answer(PUBLIC_ADMIN_OPERATION);
    },
    { prefix: ADMIN_API_PREFIX },
  );
  await app.register(async (media) => mediaRoutes(media, ctx), { prefix: '/backend/data' });
  await registerGatewaySimulators(app, ctx);
  // Answered before the body is read, as an API scope's unknown routes are (http/unknown-route.ts).
  const noRoute = async (_request: unknown, reply: FastifyReply) =>
    sendNamedError(reply, 404, 'Page not found.');
  app.all('/backend/*', { preParsing: noRoute }, noRoute);

  // The back office's page and assets (its API lives under /backend/api/admin).
  if (options.storefront !== false) await registerBackOffice(app);
  if (options.storefront !== false) await registerStorefront(app, ctx);
  else
    app.setNotFoundHandler((request, reply) =>
      sendNamedError(reply, 404, `Page not found: ${request.url.split('?')[0]}`),
    );

  const stopJobs = options.jobs === false ? () => undefined : startJobs(ctx);
  app.addHook('onClose', async () => {
    stopJobs();
    stopInvalidation();
    await ctx.changes.close();
    ctx.mail.close();
    await limiter.close();
    if (redis) await redis.quit();
  });
  return { app, ctx };
}
