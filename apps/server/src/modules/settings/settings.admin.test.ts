import { readdirSync, readFileSync } from 'node:fs';
import type { AdminSetting } from '@shop/contract/admin/settings';
import { PAGE_META_MODULES, settingMessages } from '@shop/contract/admin/settings';
import { metaModules } from '@shop/db/seed/content-data';
import { staffMessages } from '@shop/contract/admin/staff';
import type { Collection } from '@shop/contract/collection';
import type { Setting } from '@shop/contract/content';
import { gstMessages } from '@shop/contract/gst';
import { auditLog } from '@shop/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';
import { settingValue } from './settings.service.ts';

let t: StaffHarness<'owner' | 'manager'>;
beforeAll(async () => {
  t = await staffHarness(['owner', 'manager']);
});
afterAll(() => t.close());

const put = (values: Record<string, string | number>, who: 'owner' | 'manager' = 'owner') =>
  t.as(who, 'PUT', '/settings', { values });

const settingIn = (items: AdminSetting[], key: string) => items.find((s) => s.key === key)?.value;

describe('typed settings', () => {
  it('lists each setting with its kind, where it shows and its value (the minimum order in paise)', async () => {
    const res = await t.as('owner', 'GET', '/settings');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: AdminSetting[] }>().items;
    expect(items.find((s) => s.key === 'minimum_order_amount')).toMatchObject({
      type: 'money',
      value: 19_900,
      preview_path: '/cart',
      shows: expect.stringContaining('cart'),
    });
    expect(items.find((s) => s.key === 'seller_gstin')).toMatchObject({
      type: 'gstin',
      value: '08AAKCK4242M1Z5',
    });
    expect(items.every((s) => s.shows.length > 10)).toBe(true);
  });

  it('checks every value by its kind and names each wrong key; nothing is saved when one is wrong', async () => {
    const res = await put({
      company_email_address: 'not-an-email',
      company_contact_number: '12345',
      social_links_facebook: 'facebook.com/kesar',
      // The message asks for https://: plain http is refused as well.
      social_links_instagram: 'http://instagram.com/kesar',
      // The home page plays a YouTube video: another site's link would show nothing there.
      home_youtube_video_url: 'https://vimeo.com/76979871',
      minimum_order_amount: 12.5,
      seller_gstin: '08AAKCK4242M1Z6',
      fssai_licence_number: '1234',
      no_such_setting: 'x',
      site_name: 'Kesar Foods',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'company_email_address', message: settingMessages.email },
      { field: 'company_contact_number', message: settingMessages.phone },
      { field: 'social_links_facebook', message: settingMessages.url },
      { field: 'social_links_instagram', message: settingMessages.url },
      { field: 'home_youtube_video_url', message: settingMessages.youtube },
      { field: 'minimum_order_amount', message: settingMessages.money },
      { field: 'seller_gstin', message: gstMessages.gstinCheck },
      { field: 'fssai_licence_number', message: gstMessages.fssai },
      { field: 'no_such_setting', message: settingMessages.unknown },
    ]);
    expect(await settingValue(t.ctx.db, 'site_name')).toBeUndefined();
  });

  it('refuses a GSTIN of another state than the state of registration', async () => {
    // 27 is Maharashtra; the demo shop is registered in Rajasthan. Check character computed.
    const res = await put({ seller_gstin: '27AAKCK4242M1Z5' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'seller_gstin', message: gstMessages.gstinOtherState }]);
  });

  it('saves good values in the form the shop reads, audits each change, and the storefront API shows them at once', async () => {
    const before = await t.request({
      method: 'GET',
      url: '/backend/api/web/settings?SettingsSearch[module_name]=frontend&per-page=200',
    });
    expect(before.statusCode).toBe(200);
    const res = await put({
      site_name: 'Kesar Foods & Locks Jaipur',
      company_whatsapp_number: '+91 98290 12345',
      minimum_order_amount: 24_950,
      footer_copyright_message: '© <strong>Kesar</strong><script>alert(1)</script>',
    });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: AdminSetting[] }>().items;
    expect(settingIn(items, 'minimum_order_amount')).toBe(24_950);
    expect(await settingValue(t.ctx.db, 'minimum_order_amount')).toBe('249.5');
    expect(await settingValue(t.ctx.db, 'company_whatsapp_number')).toBe('919829012345');
    expect(await settingValue(t.ctx.db, 'footer_copyright_message')).toBe('© <strong>Kesar</strong>');

    const cart = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/price_cart',
      payload: { items: [] },
    });
    expect(cart.json()).toMatchObject({ minimum_order_amount: 249.5 });
    const after = await t.request({
      method: 'GET',
      url: '/backend/api/web/settings?SettingsSearch[module_name]=frontend&per-page=200',
    });
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.json<Collection<Setting>>().items.find((s) => s.key === 'site_name')?.value).toBe(
      'Kesar Foods & Locks Jaipur',
    );

    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, 'minimum_order_amount')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'setting.update',
      before: { value: '199' },
      after: { value: '249.5' },
    });
  });

  it('§2 every storefront page reads a module whose title, description and keywords templates the demo shop seeds', () => {
    // The module each route passes to pageMeta / privatePageMeta (the account and checkout pages
    // had none seeded, and so no meta keywords).
    const routes = new URL('../../../../web/app/routes/', import.meta.url);
    const read = readdirSync(routes)
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) => {
        const source = readFileSync(new URL(file, routes), 'utf8');
        return [
          ...source.matchAll(/privatePageMeta\('[^']*', '([a-z_]+)'/g),
          ...source.matchAll(/module: '([a-z_]+)'/g),
        ].map((match) => match[1]);
      });
    expect(read.length).toBeGreaterThan(20);
    expect(
      [...new Set(read)].filter((module) => !(metaModules as readonly string[]).includes(module ?? '')),
    ).toEqual([]);
  });

  it("§2 every page kind's title, description and keywords templates are editable, and the storefront reads them at once", async () => {
    // The same page kinds as the storefront reads and the demo shop seeds (home has its own three).
    expect(PAGE_META_MODULES.map((m) => m.module).sort()).toEqual(
      metaModules.filter((m) => m !== 'home').sort(),
    );
    const listed = (await t.as('owner', 'GET', '/settings')).json<{ items: AdminSetting[] }>().items;
    expect(listed.find((s) => s.key === 'category_title')).toMatchObject({
      group: 'Page titles and descriptions',
      value: '{TITLE} | Kesar Foods & Locks',
    });
    const res = await put({
      category_title: 'Buy {TITLE} online | Kesar',
      contact_us_meta_keywords: 'contact, kesar foods',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.request({
      method: 'GET',
      url: '/backend/api/web/settings?SettingsSearch[module_name]=frontend&per-page=200',
    });
    const values = new Map(after.json<Collection<Setting>>().items.map((s) => [s.key, s.value]));
    expect(values.get('category_title')).toBe('Buy {TITLE} online | Kesar');
    expect(values.get('contact_us_meta_keywords')).toBe('contact, kesar foods');
  });

  it('is the owner’s: a manager is refused', async () => {
    const res = await put({ site_name: 'Hijacked' }, 'manager');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: staffMessages.noPermission });
  });
});
