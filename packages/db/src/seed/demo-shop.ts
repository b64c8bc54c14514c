import { eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../client.ts';
import {
  assets,
  banners,
  categories,
  coupons,
  files,
  imageGallery,
  menus,
  pages,
  paymentGateways,
  productAttachments,
  products,
  settings,
  testimonials,
  videoGallery,
} from '../schema/index.ts';
import { seedCarriers } from './carrier-seed.ts';
import { demoProducts, seedCatalogue } from './catalogue-seed.ts';
import { registrationSettingKeys } from './content-data.ts';
import { seedContent, seedSettings } from './content-seed.ts';
import { seedCoupons } from './coupon-seed.ts';
import { seedDelivery } from './delivery-seed.ts';
import { seedDemoCustomer } from './demo-customer.ts';
import { seedDemoStaffIfNone } from './demo-staff.ts';
import { type DemoMediaOptions, demoMediaMissing, ensureDemoMedia } from './media/demo-media.ts';
import { seedPaymentGateways } from './payment-seed.ts';

export interface SeedOptions {
  /** Folder for generated media (served under /backend/data). */
  mediaDir: string;
  /**
   * A production start: never the demo customer, the demo coupons or the demo gateway keys. It
   * writes the settings and the payment methods (keys come from the environment), and with
   * `catalogue` also the demo catalogue and pages (SEED_DEMO_CATALOGUE=1).
   */
  production?: { catalogue: boolean };
  /**
   * Draws the demo media that are missing; by default here, with sharp in this process. The server
   * passes one that draws them in its picture process, so that libvips never loads into it
   * (apps/server/src/modules/media/picture-drawer.ts). Called only when a file is missing.
   */
  drawMedia?: (options: DemoMediaOptions) => Promise<unknown>;
}

/** Held while seeding so that several instances starting on one PostgreSQL seed only once. */
const SEED_LOCK_KEY = 727002;

/** Tables seeded with explicit ids: their sequences must move past those ids. */
const tablesWithExplicitIds: readonly PgTable[] = [
  categories,
  products,
  productAttachments,
  menus,
  pages,
  banners,
  testimonials,
  assets,
  imageGallery,
  videoGallery,
  files,
  paymentGateways,
  coupons,
];

async function hasCategories(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length > 0;
}

/** Moves every id sequence past the explicit ids, so that later inserts (shop owner, tests) work. */
export async function resetSequences(db: DbOrTx): Promise<void> {
  const calls = tablesWithExplicitIds.map((table) => {
    const name = getTableName(table);
    return `setval(pg_get_serial_sequence('"${name}"', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "${name}"), false)`;
  });
  await db.execute(sql.raw(`SELECT ${calls.join(', ')}`));
}

/** Every demo row, in dependency order; the caller provides the transaction. */
export async function seedDemoRows(tx: DbOrTx): Promise<void> {
  await seedCatalogue(tx);
  await seedContent(tx);
  await seedPaymentGateways(tx);
  await seedCoupons(tx);
  await seedCarriers(tx);
  await seedDelivery(tx);
  await resetSequences(tx);
  await seedDemoCustomer(tx);
  await seedDemoStaffIfNone(tx);
}

/**
 * What a production database starts with: settings (or, with `catalogue`, the demo catalogue and
 * all content pages) and the payment methods without credentials.
 */
export async function seedProductionRows(tx: DbOrTx, { catalogue }: { catalogue: boolean }): Promise<void> {
  if (catalogue) {
    await seedCatalogue(tx);
    await seedContent(tx);
  } else {
    await seedSettings(tx);
  }
  // The demo's GSTIN and FSSAI number are not this shop's: invoices wait for its own.
  await tx
    .update(settings)
    .set({ value: '' })
    .where(inArray(settings.key, [...registrationSettingKeys]));
  await seedPaymentGateways(tx, { withDemoCredentials: false });
  await seedCarriers(tx);
  // The zones of delivery-zones.ts and the demo pincodes; the shop imports India Post's whole
  // directory (`npm run pincodes:import`) before it takes orders from elsewhere.
  await seedDelivery(tx);
  await resetSequences(tx);
}

async function hasPaymentGateways(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: paymentGateways.id }).from(paymentGateways).limit(1);
  return rows.length > 0;
}

/** True when product 1 is the demo's first product, i.e. the database holds the demo shop. */
async function holdsDemoCatalogue(db: Db): Promise<boolean> {
  const first = demoProducts[0];
  if (!first) return false;
  const rows = await db
    .select({ slug: products.urlSlug })
    .from(products)
    .where(eq(products.id, first.id))
    .limit(1);
  return rows[0]?.slug === first.slug;
}

/**
 * Fills an empty database (no categories; in production: no payment methods) with the demo shop
 * (in production: `seedProductionRows`) in one transaction, then writes the demo media files that
 * are missing. Does nothing to a database that already has data, except restoring missing media
 * of the demo shop itself.
 */
export async function ensureDemoShop(db: Db, options: SeedOptions): Promise<void> {
  const { production } = options;
  const isEmpty = (q: DbOrTx) => (production ? hasPaymentGateways(q) : hasCategories(q)).then((has) => !has);
  let seeded = false;
  if (await isEmpty(db)) {
    seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      // Another instance may have seeded while we waited for the lock.
      if (!(await isEmpty(tx))) return false;
      if (production) await seedProductionRows(tx, production);
      else await seedDemoRows(tx);
      return true;
    });
  }
  // A development database made before the back office existed gets its demo accounts too.
  if (!production) await seedDemoStaffIfNone(db);
  const media: DemoMediaOptions | undefined = (await holdsDemoCatalogue(db))
    ? { overwrite: false }
    : seeded || production
      ? { overwrite: false, logosOnly: true }
      : undefined;
  if (media && (await demoMediaMissing(options.mediaDir, media)))
    await (options.drawMedia ?? ((wanted) => ensureDemoMedia(options.mediaDir, wanted)))(media);
}
