import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import {
  categories,
  contents,
  coupons,
  customers,
  paymentGateways,
  products,
  auditLog,
  settings,
  staffAccounts,
} from '../schema/index.ts';
import { benchProduct, seedBenchProducts } from './bench-products.ts';
import { registrationSettingKeys } from './content-data.ts';
import { ensureDemoShop } from './demo-shop.ts';
import { disableDemoStaffWithPublishedPasswords, seedDemoStaff } from './demo-staff.ts';
import { type DemoMediaOptions, demoMediaMissing, ensureDemoMedia } from './media/demo-media.ts';
import { demoGatewaySecrets } from './demo-gateways.ts';
import { queryRows } from './raw-rows.ts';
import { isSealed, openSecret } from '../secret-box.ts';

/** Columns stamped with the time of insertion: the only ones allowed to differ between runs. */
const clockColumns = new Set(['created_at', 'updated_at', 'email_verified_at']);

/** A sealed secret as what it opens to (sealing uses a random IV, so its stored text differs per run). */
function opened(value: unknown): unknown {
  if (typeof value === 'string') return isSealed(value) ? openSecret(value) : value;
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, opened(entry)]));
  return value;
}

/** Every row of every table, ordered by id, without clock columns, sealed secrets opened. */
async function snapshot(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await queryRows<{ tablename: string }>(
    database.db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const result: Record<string, unknown[]> = {};
  for (const { tablename } of tables) {
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql.raw(`SELECT * FROM "${tablename}" ORDER BY 1`),
    );
    result[tablename] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => !clockColumns.has(column))
          .map(([column, value]) => [column, opened(value)]),
      ),
    );
  }
  return result;
}

async function freshDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await migrateDatabase(database);
  return database;
}

describe('demo shop seed', () => {
  let a: Database;
  let b: Database;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'kesar-seed-media-'));
    [a, b] = await Promise.all([freshDatabase(), freshDatabase()]);
    await ensureDemoShop(a.db, { mediaDir });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('is deterministic: two empty databases get exactly the same rows', async () => {
    await ensureDemoShop(b.db, { mediaDir });
    const [first, second] = await Promise.all([snapshot(a), snapshot(b)]);
    expect(first.products).toHaveLength(66);
    expect(second).toEqual(first);
  });

  it('does nothing on a database that already has categories (second call is a no-op)', async () => {
    const before = await snapshot(a);
    await ensureDemoShop(a.db, { mediaDir });
    expect(await snapshot(a)).toEqual(before);
  });

  it('seeds category 1 as the root and Food, Snacks, Locks below it with kebab-case slugs and links', async () => {
    const rows = await a.db.select().from(categories).orderBy(asc(categories.id));
    expect(rows[0]).toMatchObject({ id: 1, parentId: 0, name: 'All Products' });
    expect(rows.filter((c) => c.parentId === 1).map((c) => [c.id, c.name])).toEqual([
      [2, 'Food'],
      [3, 'Snacks'],
      [4, 'Locks'],
    ]);
    expect(rows.find((c) => c.name === 'Spices & Masala')).toMatchObject({
      id: 6,
      parentId: 2,
      urlSlug: 'spices-masala',
      url: '/category/6/1/spices-masala',
    });
    expect(rows.filter((c) => c.parentId === 4).map((c) => c.name)).toEqual([
      'Padlocks',
      'Door Locks',
      'Cabinet Locks',
      'Smart Locks',
    ]);
  });

  it('seeds ≥ 60 products in leaf categories, with some out of stock and Featured in every top-level category', async () => {
    const rows = await a.db.select().from(products);
    const cats = await a.db.select().from(categories);
    const parentOf = new Map(cats.map((c) => [c.id, c.parentId]));
    const leafIds = new Set(
      cats.filter((c) => !cats.some((child) => child.parentId === c.id)).map((c) => c.id),
    );
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.every((p) => leafIds.has(p.categoryId))).toBe(true);
    expect(rows.filter((p) => p.availableStock === 0).length).toBeGreaterThanOrEqual(5);
    const featured = rows.filter((p) => p.productLabels.includes('Featured'));
    expect(featured.length).toBeGreaterThanOrEqual(10);
    expect(new Set(featured.map((p) => parentOf.get(p.categoryId)))).toEqual(new Set([2, 3, 4]));
    for (const p of rows) {
      expect(p.sellingPricePaise).toBeGreaterThanOrEqual(4_000);
      expect(p.sellingPricePaise).toBeLessThanOrEqual(650_000);
      expect(p.mrpPaise ?? p.sellingPricePaise).toBeGreaterThanOrEqual(p.sellingPricePaise);
      expect(p.itemWeight).toBeGreaterThan(0);
      expect(p.mainImage).toBe(`${p.urlSlug}.webp`);
    }
    expect(rows.find((p) => p.name === 'Kaju Katli')).toMatchObject({
      id: 1,
      categoryId: 5,
      sellingPricePaise: 62_000,
      itemWeight: 500,
      productLabels: ['Featured', 'Bestseller'],
    });
  });

  it('seeds every settings key of the product rules (public, module frontend) and every content block', async () => {
    const rows = await a.db.select().from(settings);
    const byKey = new Map(rows.map((s) => [s.key, s.value]));
    const keys = [
      'company_contact_number',
      'company_email_address',
      'company_whatsapp_number',
      'footer_about_company',
      'footer_copyright_message',
      'home_youtube_video_url',
      'social_links_facebook',
      'social_links_twitter',
      'social_links_youtube',
      'social_links_instagram',
      'minimum_order_amount',
      ...['home', 'category', 'search', 'page', 'gallery', 'video_gallery', 'contact_us', 'cart', 'login']
        .concat(['signup', 'orders'])
        .flatMap((m) => [`${m}_title`, `${m}_meta_description`, `${m}_meta_keywords`]),
    ];
    for (const key of keys) expect(byKey.has(key), key).toBe(true);
    expect(rows.every((s) => s.isPublic && s.moduleName === 'frontend')).toBe(true);
    expect(byKey.get('minimum_order_amount')).toBe('199');
    expect(byKey.get('social_links_twitter')).toBe('');
    expect(byKey.get('category_title')).toBe('{TITLE} | Kesar Foods & Locks');
    expect(byKey.get('footer_copyright_message')).toBe(
      '© 2026 <strong>Kesar Foods &amp; Locks</strong>. All rights reserved.',
    );
    const blocks = (await a.db.select().from(contents)).map((c) => c.name);
    expect(blocks).toEqual(
      expect.arrayContaining([
        'header_top_text',
        'home_people_saying_description',
        'home_featured_product_description',
        'home_more_to_discover_text',
        'home_follow_us_description',
        'home_newsletter_description',
        'company_address',
      ]),
    );
  });

  it('seeds four gateways with cash on delivery as the only default, and the demo coupons', async () => {
    const gateways = await a.db.select().from(paymentGateways).orderBy(asc(paymentGateways.displayOrder));
    expect(gateways.map((g) => g.internalName)).toEqual(['cod', 'razorpay', 'paytm', 'paypal']);
    expect(gateways.filter((g) => g.isDefault).map((g) => g.internalName)).toEqual(['cod']);
    expect(gateways.find((g) => g.internalName === 'paypal')?.config).toEqual({
      currency_code: 'USD',
      currency_value: '0.012',
      webhook_id: 'WH-KESAR-DEMO',
    });
    const [expired] = await a.db.select().from(coupons).where(eq(coupons.code, 'EXPIRED5'));
    expect(expired?.endsAt?.toISOString()).toBe('2025-01-31T18:29:59.000Z');
    const codes = (await a.db.select({ code: coupons.code }).from(coupons)).map((c) => c.code);
    expect(codes).toEqual(['WELCOME10', 'FLAT50', 'DIWALI20', 'EXPIRED5', 'ONCEONLY', 'INACTIVE10']);
  });

  it('seeds the demo owner (with TOTP), manager and staff member of the back office', async () => {
    const rows = await a.db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
    expect(rows.map((r) => [r.email, r.role, r.totpEnabled])).toEqual([
      ['owner@kesarfoods.in', 'owner', true],
      ['manager@kesarfoods.in', 'manager', false],
      ['staff@kesarfoods.in', 'staff', false],
    ]);
    // The demo owner's published secret (README, end-to-end specs), stored sealed.
    expect(rows[0]?.totpSecret).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const [stored] = await queryRows<{ totp_secret: string }>(
      a.db,
      sql`SELECT totp_secret FROM staff_accounts WHERE email = 'owner@kesarfoods.in'`,
    );
    expect(stored?.totp_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored?.totp_secret).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(stored?.totp_secret ?? '')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('stores the demo gateway secrets sealed: no key secret or webhook secret in plain text', async () => {
    const rows = await queryRows<{ internal_name: string; api_secret: string; config: unknown }>(
      a.db,
      sql`SELECT internal_name, api_secret, config FROM payment_gateways ORDER BY id`,
    );
    const stored = JSON.stringify(rows);
    for (const secret of ['kesar_demo_razorpay_secret', 'kesar_demo_razorpay_webhook', 'kesarDemoKey16ch'])
      expect(stored).not.toContain(secret);
    const razorpay = rows.find((r) => r.internal_name === 'razorpay');
    expect(razorpay?.api_secret).toMatch(/^v1:/);
    expect(openSecret(razorpay?.api_secret ?? '')).toBe('kesar_demo_razorpay_secret');
    const config = (
      typeof razorpay?.config === 'string' ? JSON.parse(razorpay.config) : razorpay?.config
    ) as {
      webhook_secret: string;
    };
    expect(openSecret(config.webhook_secret)).toBe('kesar_demo_razorpay_webhook');
    // Cash on delivery has no secret: an empty value stays empty.
    expect(rows.find((r) => r.internal_name === 'cod')?.api_secret).toBe('');
    const [gateway] = await a.db
      .select()
      .from(paymentGateways)
      .where(eq(paymentGateways.internalName, 'razorpay'));
    expect([gateway?.apiSecret, gateway?.config]).toEqual([
      'kesar_demo_razorpay_secret',
      { webhook_secret: 'kesar_demo_razorpay_webhook' },
    ]);
  });

  it('moves id sequences past the explicit ids so that later inserts work', async () => {
    const [category] = await b.db
      .insert(categories)
      .values({ name: 'Later', urlSlug: 'later' })
      .returning({ id: categories.id });
    expect(category?.id).toBe(18);
    const [coupon] = await b.db
      .insert(coupons)
      .values({ code: 'LATER', discountType: 'flat', discountValue: 100 })
      .returning({ id: coupons.id });
    expect(coupon?.id).toBe(7);
  });

  it('writes product images in three sizes, logos and banners; a second run writes nothing', async () => {
    const kaju = (size: string) => join(mediaDir, 'products/1', size, 'kaju-katli.webp');
    for (const [path, width, height] of [
      [kaju(''), 800, 800],
      [kaju('300x300'), 300, 300],
      [kaju('120x120'), 120, 120],
      [join(mediaDir, 'products/1/300x300/kaju-katli-2.webp'), 300, 300],
      [join(mediaDir, 'banners/homepage-sweets.webp'), 1600, 600],
      [join(mediaDir, 'banners/right-namkeen.webp'), 800, 450],
      [join(mediaDir, 'banners/inner-page.webp'), 1600, 300],
      [join(mediaDir, 'clienttestimonials/ananya-sharma.webp'), 300, 300],
      [join(mediaDir, 'imagegallery/events-diwali-mela.webp'), 1200, 800],
      [join(mediaDir, 'imagegallery/300x300/events-diwali-mela.webp'), 300, 300],
      [join(mediaDir, 'payment-gateways/razorpay-logo.png'), 240, 80],
    ] as const) {
      const meta = await sharp(path).metadata();
      expect([meta.width, meta.height], path).toEqual([width, height]);
    }
    const logo = await sharp(join(mediaDir, 'assets/company-logo-main.png')).metadata();
    expect(logo).toMatchObject({ format: 'png', hasAlpha: true });
    expect(await ensureDemoMedia(mediaDir, { overwrite: false })).toBe(0);
  });

  it('hands missing demo media to the drawMedia it is given (the server draws them apart), and calls it only when a file is missing', async () => {
    const asked: DemoMediaOptions[] = [];
    const drawMedia = async (options: DemoMediaOptions) => {
      asked.push(options);
      return ensureDemoMedia(mediaDir, options);
    };
    expect(await demoMediaMissing(mediaDir, { overwrite: false })).toBe(false);
    await ensureDemoShop(a.db, { mediaDir, drawMedia });
    expect(asked).toEqual([]);

    const thumbnail = join(mediaDir, 'products/1/120x120/kaju-katli.webp');
    unlinkSync(thumbnail);
    expect(await demoMediaMissing(mediaDir, { overwrite: false })).toBe(true);
    await ensureDemoShop(a.db, { mediaDir, drawMedia });
    expect(asked).toEqual([{ overwrite: false }]);
    expect(await sharp(thumbnail).metadata()).toMatchObject({ width: 120, height: 120 });
  });

  it('grows the catalogue deterministically for benchmarks, without images', async () => {
    expect(await seedBenchProducts(b.db, 500, 200)).toBe(434);
    expect(await seedBenchProducts(b.db, 500)).toBe(0);
    const rows = await b.db.select().from(products);
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((p) => p.urlSlug)).size).toBe(500);
    expect(benchProduct(66)).toEqual(benchProduct(66));
    expect(benchProduct(66)).toMatchObject({
      name: 'Premium Kaju Katli 500 g',
      categoryId: 5,
      mainImage: null,
    });
    const bench = rows.filter((p) => p.id > 66);
    expect(bench.every((p) => p.mainImage === null && p.sellingPricePaise >= 4_000)).toBe(true);
    expect(bench.some((p) => p.availableStock === 0)).toBe(true);
  });
});

/**
 * Rule: a production start never seeds the demo customer or the demo staff accounts (their
 * passwords are public), the demo
 * coupons or the demo gateway keys; the demo catalogue and pages only with SEED_DEMO_CATALOGUE=1.
 */
describe('production seed', () => {
  let plain: Database;
  let withCatalogue: Database;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'kesar-seed-production-'));
    [plain, withCatalogue] = await Promise.all([freshDatabase(), freshDatabase()]);
    await ensureDemoShop(plain.db, { mediaDir, production: { catalogue: false } });
    await ensureDemoShop(withCatalogue.db, { mediaDir, production: { catalogue: true } });
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withCatalogue?.close()]);
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it.each([
    ['without the catalogue flag', () => plain],
    ['with SEED_DEMO_CATALOGUE', () => withCatalogue],
  ])(
    '%s: no customer, no coupon, and no demo key or webhook secret in the payment methods',
    async (_label, db) => {
      const { db: d } = db();
      expect(await d.select().from(customers)).toEqual([]);
      // Rule: no demo back-office account (their passwords are public); staff:create makes the owner.
      expect(await d.select().from(staffAccounts)).toEqual([]);
      expect(await d.select().from(coupons)).toEqual([]);
      const gateways = await d.select().from(paymentGateways).orderBy(asc(paymentGateways.id));
      expect(gateways.map((g) => g.internalName)).toEqual(['cod', 'razorpay', 'paytm', 'paypal']);
      const stored = JSON.stringify(gateways);
      expect(demoGatewaySecrets).toHaveLength(8);
      for (const secret of demoGatewaySecrets) expect(stored).not.toContain(secret);
      // Paytm's staging website name would send live payments to its test system.
      expect(stored).not.toContain('WEBSTAGING');
      expect(gateways.find((g) => g.internalName === 'paypal')?.config).toEqual({
        currency_code: 'USD',
        currency_value: '0.012',
      });
      expect((await d.select().from(settings)).length).toBeGreaterThan(10);
      // Rule: the demo's GSTIN and FSSAI number never reach a production shop's invoices.
      const registration = await d
        .select({ value: settings.value })
        .from(settings)
        .where(inArray(settings.key, [...registrationSettingKeys]));
      expect(registration.map((r) => r.value)).toEqual(registrationSettingKeys.map(() => ''));
    },
  );

  it('disables demo back-office accounts that still have their published passwords, once, with an audit row', async () => {
    await seedDemoStaff(plain.db);
    // A demo account whose password was changed is the shop's own now and stays open.
    await plain.db
      .update(staffAccounts)
      .set({ passwordHash: 'scrypt$changed' })
      .where(eq(staffAccounts.email, 'staff@kesarfoods.in'));
    expect(await disableDemoStaffWithPublishedPasswords(plain.db)).toEqual([
      'owner@kesarfoods.in',
      'manager@kesarfoods.in',
    ]);
    expect(await disableDemoStaffWithPublishedPasswords(plain.db)).toEqual([]);
    const rows = await plain.db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
    expect(rows.map((r) => [r.email, r.disabledAt !== null])).toEqual([
      ['owner@kesarfoods.in', true],
      ['manager@kesarfoods.in', true],
      ['staff@kesarfoods.in', false],
    ]);
    expect(await plain.db.$count(auditLog, eq(auditLog.action, 'staff.disable'))).toBe(2);
  });

  it('writes the demo catalogue and pages only when asked', async () => {
    expect(await plain.db.select().from(categories)).toEqual([]);
    expect(await plain.db.select().from(products)).toEqual([]);
    expect((await withCatalogue.db.select().from(products)).length).toBe(66);
    expect((await withCatalogue.db.select().from(contents)).length).toBeGreaterThan(0);
  });

  it('seeds once: a second production start changes nothing', async () => {
    const before = await snapshot(plain);
    await ensureDemoShop(plain.db, { mediaDir, production: { catalogue: false } });
    expect(await snapshot(plain)).toEqual(before);
  });
});
