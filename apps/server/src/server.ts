import { startPgliteThread } from '@shop/db/pglite-remote';
import { builtBesideServer } from './own-process.ts';
import { loadServerConfig } from './production-config.ts';

/**
 * Starts the shop: config (in production, refused while unsafe) → database (migrate, seal plain
 * secrets, seed when empty) → app → listen; closes gracefully.
 *
 * The embedded database's thread starts first: its start (~1 s of PostgreSQL compiled to
 * WebAssembly) then runs beside the loading of the server's other modules, which are imported
 * after it for that reason (ADR 0012, "2026-11-30").
 */
async function main() {
  const config = loadServerConfig();
  // NODE_ENV selects the shop's mode (config above). Libraries (React, React Router) always
  // run their production builds, which they pick from NODE_ENV when first imported.
  process.env.NODE_ENV = 'production';
  // No query of an embedded database holds the event loop (packages/db/src/pglite-remote.ts).
  const thread = config.DATABASE_URL
    ? undefined
    : startPgliteThread({
        dataDir: `${config.dataDir}/db`,
        // A new shop's database is copied from the one the build made beside the compiled server
        // (packages/db/src/new-database.ts says why). Only compiled: the build that made it also
        // made this server, so its schema is this checkout's.
        newDatabase: builtBesideServer('new-database'),
        // Every query would fail from then on: stop, so that the supervisor starts the shop again.
        onStopped: (error) => {
          console.error(`${error.message}: the shop stops.`);
          process.exit(1);
        },
      });
  // A thread that fails to start rejects once the database is opened with it, below; until
  // then its rejection is not an unhandled one.
  thread?.catch(() => undefined);
  const [
    { buildApp },
    { openShopDatabase },
    { preloadStorefront },
    { startReturningFreedMemory },
    { demoStaffNotice },
  ] = await Promise.all([
    import('./app.ts'),
    import('./shop-database.ts'),
    import('./storefront/storefront.ts'),
    import('./return-freed-memory.ts'),
    import('@shop/db/seed/demo-staff'),
  ]);
  // The storefront's server build loads while the database is made ready (its queries leave this
  // thread idle); the app's storefront then finds it loaded.
  preloadStorefront(config);
  // Node loads its fetch implementation (undici) the first time `Response` is read, which
  // Fastify's reply does for every payload: read here, while the database opens, it is not the
  // first visitor's answer that waits for it (15–145 ms, by the host; ADR 0012).
  void globalThis.Response;
  const { database, sealed, disabledDemoStaff } = await openShopDatabase(config, thread);
  const { app } = await buildApp({ config, database });
  if (database.remote?.copiedNewDatabase)
    app.log.info(
      'A new embedded database, copied from the one the build made (apps/server/dist/new-database).',
    );
  if (sealed > 0)
    app.log.info(`Sealed the plain-text secrets of ${sealed} staff account(s) and payment gateway(s).`);
  if (disabledDemoStaff.length > 0)
    app.log.warn(
      `Disabled the demo back-office accounts ${disabledDemoStaff.join(', ')}: their passwords are published. Create the shop's owner with npm run staff:create.`,
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs): if that launcher dies without passing a signal
  // on, we are re-parented — shut down rather than keep the port. Opt-in, so a server started
  // directly (systemd, nohup) is not tied to the shell that launched it.
  if (process.env.SHOP_EXIT_WITH_PARENT === '1') {
    const parentPid = process.ppid;
    setInterval(() => {
      if (process.ppid !== parentPid) void shutdown('parent exited');
    }, 500).unref();
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Shop ready on ${config.publicUrl} (database: ${database.kind}${database.remote ? ', on a thread of its own' : ''})`,
  );
  // After the first answers, not before them: koffi's native module loads meanwhile.
  setTimeout(() => {
    void startReturningFreedMemory().then((stop) => {
      if (!stop) app.log.info('Freed memory is left to the allocator (no glibc malloc_trim here).');
    });
  }, 1_000).unref();
  // Development only: how to sign in to the back office (production never seeds these accounts).
  if (!config.isProduction) for (const line of demoStaffNotice(config.publicUrl)) app.log.info(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
