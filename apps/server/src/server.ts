import { openDatabase } from '@shop/db/client';
import { migrateDatabase } from '@shop/db/migrate';
import { sealPlainSecrets } from '@shop/db/seal-plain-secrets';
import { ensureDemoShop } from '@shop/db/seed/demo-shop';
import { demoStaffNotice, disableDemoStaffWithPublishedPasswords } from '@shop/db/seed/demo-staff';
import { loadServerConfig } from './production-config.ts';
import { startReturningFreedMemory } from './return-freed-memory.ts';

/**
 * Starts the shop: config (in production, refused while unsafe) → database (migrate, seal plain
 * secrets, seed when empty) → app → listen; closes gracefully.
 */
async function main() {
  const config = loadServerConfig();
  // NODE_ENV selects the shop's mode (config above). Libraries (React, React Router) always
  // run their production builds, which they pick from NODE_ENV when first imported.
  process.env.NODE_ENV = 'production';
  // The database opens while the app's modules load, so that embedded PGlite can compile its
  // WebAssembly on V8's background threads meanwhile (its gain was within this host's noise).
  const [{ buildApp }, database] = await Promise.all([
    import('./app.ts'),
    openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/db`,
      // No query of an embedded database holds the event loop (packages/db/src/pglite-remote.ts).
      ownThread: true,
      // Every query would fail from then on: stop, so that the supervisor starts the shop again.
      onThreadStopped: (error) => {
        console.error(`${error.message}: the shop stops.`);
        process.exit(1);
      },
    }),
  ]);
  await migrateDatabase(database);
  // Secrets written before they were sealed (SECRETS_KEY) are sealed now, not only on next write.
  const sealed = await sealPlainSecrets(database.db);
  await ensureDemoShop(database.db, {
    mediaDir: config.mediaDir,
    ...(config.isProduction ? { production: { catalogue: config.SEED_DEMO_CATALOGUE === '1' } } : {}),
  });
  const { app } = await buildApp({ config, database });
  if (sealed > 0)
    app.log.info(`Sealed the plain-text secrets of ${sealed} staff account(s) and payment gateway(s).`);
  if (config.isProduction) {
    const disabled = await disableDemoStaffWithPublishedPasswords(database.db);
    if (disabled.length > 0)
      app.log.warn(
        `Disabled the demo back-office accounts ${disabled.join(', ')}: their passwords are published. Create the shop's owner with npm run staff:create.`,
      );
  }

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
