import { type Database, openDatabase } from '@shop/db/client';
import { migrateDatabase } from '@shop/db/migrate';
import type { RemotePGlite } from '@shop/db/pglite-remote';
import { sealPlainSecrets } from '@shop/db/seal-plain-secrets';
import { ensureDemoShop } from '@shop/db/seed/demo-shop';
import { disableDemoStaffWithPublishedPasswords } from '@shop/db/seed/demo-staff';
import type { Config } from './env.ts';
import { pictures } from './modules/media/picture-drawer.ts';

/** The shop's database as a start leaves it, with what the start did that the operator should hear. */
export interface ShopDatabase {
  database: Database;
  /** Staff accounts and payment gateways whose plain-text secrets were sealed now. */
  sealed: number;
  /** Demo back-office accounts disabled now (production only): their passwords are published. */
  disabledDemoStaff: string[];
}

/**
 * Opens the shop's database and makes it ready to serve, before the app is built on it: the
 * schema brought up to date, secrets written before they were sealed (SECRETS_KEY) sealed now,
 * the demo shop seeded when the database is new, and — in production — the demo back-office
 * accounts disabled, since their passwords are published.
 *
 * `thread` is the embedded database's thread, already starting (server.ts starts it first);
 * without one (PostgreSQL), the pool opens here.
 */
export async function openShopDatabase(
  config: Config,
  thread: Promise<RemotePGlite> | undefined,
): Promise<ShopDatabase> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    ...(thread ? { ownThread: thread } : {}),
  });
  await migrateDatabase(database);
  const sealed = await sealPlainSecrets(database.db);
  await ensureDemoShop(database.db, {
    mediaDir: config.mediaDir,
    // Drawn in the picture process: libvips never loads into the server.
    drawMedia: (options) => pictures.drawDemoMedia(config.mediaDir, options),
    ...(config.isProduction ? { production: { catalogue: config.SEED_DEMO_CATALOGUE === '1' } } : {}),
  });
  const disabledDemoStaff = config.isProduction
    ? await disableDemoStaffWithPublishedPasswords(database.db)
    : [];
  return { database, sealed, disabledDemoStaff };
}
