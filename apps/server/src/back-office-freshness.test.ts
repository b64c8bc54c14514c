import type { AddressInfo } from 'node:net';
import type { AdminBanner } from '@shop/contract/admin/content';
import type { Banner, Setting } from '@shop/contract/content';
import type { Collection } from '@shop/contract/collection';
import { openDatabase } from '@shop/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { ADMIN, signInStaff } from './modules/staff/staff.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const API = '/backend/api/web';

/**
 * Freshness of back-office edits: a banner or a setting saved on one instance shows in the
 * cached storefront answers of another instance on the same database within 1 s.
 */
describe('a back-office change reaches every instance’s storefront API within 1 s', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherBase: string;
  let closeOtherDatabase: () => Promise<void>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const otherDatabase = t.database.url ? await openDatabase({ url: t.database.url }) : t.database;
    closeOtherDatabase = otherDatabase === t.database ? async () => undefined : () => otherDatabase.close();
    other = await buildApp({
      config: t.ctx.config,
      database: otherDatabase,
      storefront: false,
      jobs: false,
      logger: false,
    });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    owner = (await signInStaff(t.app, 'owner')).headers;
  });
  afterAll(async () => {
    await other.app.close();
    await closeOtherDatabase();
    await t.close();
  });

  async function get<T>(path: string) {
    const res = await fetch(`${otherBase}${API}/${path}`);
    return { cache: res.headers.get('x-cache'), body: (await res.json()) as T };
  }

  /** Resolves with the time the other instance hears of a change to `table`. */
  function heard(table: string) {
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${table} change within 1 s`)), 1_000);
      const stop = other.ctx.changes.subscribe((event) => {
        if (event.kind === 'change' && event.change.table === table) {
          clearTimeout(timer);
          stop();
          resolve(performance.now());
        }
      });
    });
  }

  it('a new banner', async () => {
    const url = 'banners?per-page=200&BannersSearch[category]=Homepage%20Banners';
    await get(url);
    await get(url); // kept from its second request
    expect((await get(url)).cache).toBe('HIT');
    const media = await t.request({ method: 'GET', url: `${ADMIN}/content/media/banners`, headers: owner });
    const image = media.json<{ files: string[] }>().files[0];

    const arrived = heard('banners');
    const saved = await t.request({
      method: 'POST',
      url: `${ADMIN}/content/banners`,
      headers: owner,
      payload: { category: 'Homepage Banners', name: 'Zz Fresh Banner', image, display_order: 99 },
    });
    const answered = performance.now();
    expect(saved.json<AdminBanner>().live).toBe(true);
    expect((await arrived) - answered).toBeLessThan(1_000);
    const after = await get<Collection<Banner>>(url);
    expect(after.cache).toBe('MISS');
    expect(after.body.items.map((b) => b.name)).toContain('Zz Fresh Banner');
  });

  it('a setting', async () => {
    const url = 'settings?SettingsSearch[module_name]=frontend&per-page=200';
    await get(url);
    await get(url); // kept from its second request
    expect((await get(url)).cache).toBe('HIT');
    const arrived = heard('settings');
    const saved = await t.request({
      method: 'PUT',
      url: `${ADMIN}/settings`,
      headers: owner,
      payload: { values: { company_contact_number: '+91 141 400 1234' } },
    });
    const answered = performance.now();
    expect(saved.statusCode).toBe(200);
    expect((await arrived) - answered).toBeLessThan(1_000);
    const after = await get<Collection<Setting>>(url);
    expect(after.body.items.find((s) => s.key === 'company_contact_number')?.value).toBe('+91 141 400 1234');
  });
});
