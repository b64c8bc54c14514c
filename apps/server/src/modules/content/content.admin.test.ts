import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  AdminBanner,
  AdminMenuItem,
  AdminPage,
  ContactMessage,
  MediaUploaded,
} from '@shop/contract/admin/content';
import { contentAdminMessages } from '@shop/contract/admin/content';
import { imageMessages } from '@shop/contract/admin/product-images';
import { staffMessages } from '@shop/contract/admin/staff';
import type { Collection } from '@shop/contract/collection';
import type { Banner, Page } from '@shop/contract/content';
import { storableTimeMessage } from '@shop/contract/storable-time';
import { auditLog, contactEnquiries, newsletterSubscriptions } from '@shop/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embedYoutubeTags } from '../../../../web/app/features/content/youtube-tags.ts';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';
import { pageHtmlToStore } from './content-admin.service.ts';

const API = '/backend/api/web';

let t: StaffHarness<'manager' | 'staff'>;
let bannerImage: string;

beforeAll(async () => {
  t = await staffHarness(['manager', 'staff']);
  const media = await t.as('manager', 'GET', '/content/media/banners');
  bannerImage = media.json<{ files: string[] }>().files[0] ?? '';
});
afterAll(() => t.close());

async function admin<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.as('manager', method, `/${url}`, payload as Record<string, unknown> | undefined);
  const json = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: json ? res.json<T>() : (undefined as T), res };
}

async function publicGet<T>(url: string) {
  const res = await t.request({ method: 'GET', url: `${API}/${url}` });
  return res.json<T>();
}

async function lastAudit(entity: string, entityId: string | number) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('page HTML as the back office stores it', () => {
  it('drops scripts, event handlers and javascript: links, and keeps headings, lists, links and tables', () => {
    const stored = pageHtmlToStore(
      '<h2 onclick="x()">Our story</h2><script>alert(1)</script><ul><li>One</li></ul>' +
        '<a href="javascript:alert(1)">bad</a><a href="/page/faq" target="_blank">FAQ</a>' +
        '<table><tbody><tr><td>ok</td></tr></tbody></table><img src="x" onerror="alert(1)">',
    );
    expect(stored).toBe(
      '<h2>Our story</h2><ul><li>One</li></ul><a>bad</a>' +
        '<a href="/page/faq" target="_blank" rel="noopener noreferrer">FAQ</a>' +
        '<table><tbody><tr><td>ok</td></tr></tbody></table><img src="x" />',
    );
  });

  it('keeps [youtube] tags in the one form the storefront plays, whatever quotes the editor wrote', () => {
    const stored = pageHtmlToStore(
      '<p>[youtube id=&quot;dQw4w9WgXcQ&quot;]</p><p>[youtube id="ysz5S6PUM-U"]</p><p>[youtube id=\'abcdefghijk\']</p>',
    );
    expect(stored).toBe(
      '<p>[youtube id=dQw4w9WgXcQ]</p><p>[youtube id=ysz5S6PUM-U]</p><p>[youtube id=abcdefghijk]</p>',
    );
    expect(embedYoutubeTags(stored, 'Tour').match(/<iframe/g)).toHaveLength(3);
  });
});

describe('pages in the back office', () => {
  it('creates a draft, publishes it, and the storefront API serves it sanitised with its video tag', async () => {
    const created = await admin<AdminPage>('POST', 'content/pages', {
      title: 'Zz Diwali Hampers',
      url_slug: 'zz-diwali-hampers',
      content:
        '<h2>Gift boxes</h2><p onmouseover="x()">See the film [youtube id="dQw4w9WgXcQ"]</p><script>1</script>',
      meta_description: 'Hampers for Diwali',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Zz Diwali Hampers',
      is_active: false,
      content: '<h2>Gift boxes</h2><p>See the film [youtube id=dQw4w9WgXcQ]</p>',
    });
    const draft = await publicGet<Collection<Page>>('pages?PageSearch[url_slug]=zz-diwali-hampers');
    expect(draft.items).toEqual([]);

    const published = await admin<AdminPage>('PUT', `content/pages/${created.body.id}`, {
      ...created.body,
      is_active: true,
    });
    expect(published.status).toBe(200);
    const live = await publicGet<Collection<Page>>('pages?PageSearch[url_slug]=zz-diwali-hampers');
    expect(live.items[0]?.content).toBe('<h2>Gift boxes</h2><p>See the film [youtube id=dQw4w9WgXcQ]</p>');
    // The round trip: what the editor loads again is what it saved, and the storefront plays it.
    const reloaded = await admin<AdminPage>('GET', `content/pages/${created.body.id}`);
    expect(reloaded.body.content).toBe(live.items[0]?.content);
    expect(embedYoutubeTags(live.items[0]?.content ?? '', 'Zz Diwali Hampers')).toContain(
      'youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );

    const audit = await lastAudit('page', created.body.id);
    expect(audit).toMatchObject({ action: 'page.update', ip: expect.any(String) });
    expect(audit?.before).toMatchObject({ is_active: false });
    expect(audit?.after).toMatchObject({ is_active: true });
  });

  it('refuses an address another page uses, and a malformed one, with 422 on url_slug', async () => {
    const taken = await admin<{ field: string; message: string }[]>('POST', 'content/pages', {
      title: 'Copy',
      url_slug: 'zz-diwali-hampers',
      content: '',
    });
    expect(taken.status).toBe(422);
    expect(taken.body).toEqual([{ field: 'url_slug', message: contentAdminMessages.slugTaken }]);
    const bad = await admin<{ field: string; message: string }[]>('POST', 'content/pages', {
      title: 'Bad',
      url_slug: 'About Us!',
      content: '',
    });
    expect(bad.status).toBe(422);
    expect(bad.body[0]).toMatchObject({ field: 'url_slug', message: contentAdminMessages.slug });
  });

  it('is closed to a staff member without the content permission', async () => {
    const res = await t.as('staff', 'GET', '/content/pages');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: staffMessages.noPermission });
  });
});

describe('banners with a schedule', () => {
  const names = async () =>
    (
      await publicGet<Collection<Banner>>(
        'banners?per-page=200&BannersSearch[category]=Inner%20Page%20Banners',
      )
    ).items.map((b) => b.name);

  const banner = (name: string, schedule: { starts_at?: string | null; ends_at?: string | null }) => ({
    category: 'Inner Page Banners',
    name,
    image: bannerImage,
    ...schedule,
  });

  it('shows a banner only inside its schedule', async () => {
    const hour = 3600_000;
    const future = await admin<AdminBanner>(
      'POST',
      'content/banners',
      banner('Zz Future', { starts_at: new Date(Date.now() + hour).toISOString() }),
    );
    const past = await admin<AdminBanner>(
      'POST',
      'content/banners',
      banner('Zz Past', { ends_at: new Date(Date.now() - hour).toISOString() }),
    );
    const now = await admin<AdminBanner>(
      'POST',
      'content/banners',
      banner('Zz Now', {
        starts_at: new Date(Date.now() - hour).toISOString(),
        ends_at: new Date(Date.now() + hour).toISOString(),
      }),
    );
    expect([future.status, past.status, now.status]).toEqual([201, 201, 201]);
    expect([future.body.live, past.body.live, now.body.live]).toEqual([false, false, true]);
    const shown = await names();
    expect(shown).toContain('Zz Now');
    expect(shown).not.toContain('Zz Future');
    expect(shown).not.toContain('Zz Past');
  });

  it('refuses a schedule in a year the database cannot keep (year 0), with a 422 naming the field', async () => {
    const refused = await admin(
      'POST',
      'content/banners',
      banner('Zz Year Zero', { starts_at: '0000-01-01T00:00:00Z' }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual([{ field: 'starts_at', message: storableTimeMessage }]);
  });

  it('a cached banner list changes when a start passes, with no write to mark it', async () => {
    const startsAt = new Date(Date.now() + 1_500);
    const created = await admin<AdminBanner>(
      'POST',
      'content/banners',
      banner('Zz Flash Sale', { starts_at: startsAt.toISOString() }),
    );
    expect(created.status).toBe(201);
    const url = 'banners?per-page=200&BannersSearch[category]=Inner%20Page%20Banners';
    await publicGet(url);
    await publicGet(url); // kept from its second request
    const warm = await t.request({ method: 'GET', url: `${API}/${url}` });
    expect(warm.headers['x-cache']).toBe('HIT');
    expect(await names()).not.toContain('Zz Flash Sale');
    // Polls the public API: the answer must change within a second of the start.
    await vi.waitFor(async () => expect(await names()).toContain('Zz Flash Sale'), {
      timeout: startsAt.getTime() - Date.now() + 1_000,
      interval: 50,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
  });

  it('refuses an end before the start, and an image that is not in the media library', async () => {
    const backwards = await admin<{ field: string; message: string }[]>(
      'POST',
      'content/banners',
      banner('Zz Backwards', { starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }),
    );
    expect(backwards.status).toBe(422);
    expect(backwards.body[0]).toMatchObject({ field: 'ends_at', message: contentAdminMessages.schedule });
    const missing = await admin<{ field: string; message: string }[]>('POST', 'content/banners', {
      ...banner('Zz Missing', {}),
      image: 'no-such-file.webp',
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual([{ field: 'image', message: contentAdminMessages.fileName }]);
  });
});

describe('media library uploads', () => {
  const banner = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 180, g: 40, b: 40 } } })
      .webp()
      .toBuffer();

  it('adds a new banner picture under a fresh name, audited; a banner links it and the storefront shows it', async () => {
    const data = await banner(1600, 500);
    const upload = await admin<MediaUploaded>('POST', 'content/media/banners', {
      file_name: 'Diwali Sale 2026.webp',
      data_base64: data.toString('base64'),
    });
    expect(upload.status).toBe(201);
    expect(upload.body.file).toMatch(/^diwali-sale-2026-[0-9a-f]{8}\.webp$/);
    expect(upload.body.files).toContain(upload.body.file);
    const stored = await readFile(join(t.ctx.config.mediaDir, 'banners', upload.body.file));
    expect(stored.equals(data)).toBe(true);
    expect(await lastAudit('media', `banners/${upload.body.file}`)).toMatchObject({
      action: 'media.upload',
      after: { folder: 'banners', uploaded_as: 'Diwali Sale 2026.webp', width: 1600, height: 500 },
    });

    const created = await admin<AdminBanner>('POST', 'content/banners', {
      category: 'Inner Page Banners',
      name: 'Zz Diwali upload',
      image: upload.body.file,
    });
    expect(created.status).toBe(201);
    const shown = await publicGet<Collection<Banner>>(
      'banners?per-page=200&BannersSearch[category]=Inner%20Page%20Banners',
    );
    expect(shown.items.find((b) => b.name === 'Zz Diwali upload')?.image).toContain(upload.body.file);
    const picture = await t.request({ method: 'GET', url: `/backend/data/banners/${upload.body.file}` });
    expect(picture.statusCode).toBe(200);
  });

  it('refuses what is not a usable picture, an unknown folder, and a staff member without the content permission', async () => {
    const notImage = await admin<{ field: string; message: string }[]>('POST', 'content/media/banners', {
      file_name: 'notes.txt',
      data_base64: Buffer.from('not a picture').toString('base64'),
    });
    expect(notImage.status).toBe(422);
    expect(notImage.body).toEqual([{ field: 'data_base64', message: imageMessages.notImage }]);
    const tiny = await admin<{ field: string; message: string }[]>('POST', 'content/media/imagegallery', {
      file_name: 'tiny.webp',
      data_base64: (await banner(120, 80)).toString('base64'),
    });
    expect(tiny.body).toEqual([{ field: 'data_base64', message: imageMessages.tooSmall }]);
    const missing = await admin<{ field: string }[]>('POST', 'content/media/banners', {
      file_name: 'x.webp',
    });
    expect(missing.status).toBe(422);
    expect(missing.body[0]?.field).toBe('data_base64');
    const folder = await admin('POST', 'content/media/products', {
      file_name: 'x.webp',
      data_base64: (await banner(400, 400)).toString('base64'),
    });
    expect(folder.status).toBe(404);
    expect(folder.body).toMatchObject({ name: 'Not Found', status: 404 });
    const staff = await t.as('staff', 'POST', '/content/media/banners', {
      file_name: 'x.webp',
      data_base64: (await banner(400, 400)).toString('base64'),
    });
    expect(staff.statusCode).toBe(403);
    // Over 10 MB: refused from its Content-Length, in words about the image.
    const huge = await t.request({
      method: 'POST',
      url: '/backend/api/admin/content/media/banners',
      headers: { ...t.signedIn.manager.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ file_name: 'huge.webp', data_base64: 'A'.repeat(15 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: imageMessages.tooLarge });
    expect((await admin<{ files: string[] }>('GET', 'content/media/banners')).body.files).not.toContain(
      expect.stringMatching(/^(notes|tiny|x)-/),
    );
  });
});

describe('menus', () => {
  it('adds an item under a header menu entry and keeps the menu three levels deep', async () => {
    const all = await admin<{ items: AdminMenuItem[] }>('GET', 'content/menus');
    const header = all.body.items.filter((m) => m.category === 'header-menus');
    const byId = new Map(header.map((m) => [m.id, m]));
    const depth = (m: AdminMenuItem): number =>
      m.parent_id === 0 ? 1 : 1 + depth(byId.get(m.parent_id) ?? m);
    const third = header.find((m) => depth(m) === 3);
    const top = header.find((m) => m.parent_id === 0 && m.name === 'Products');
    if (!third || !top) throw new Error('demo menus changed');

    const tooDeep = await admin<{ field: string; message: string }[]>('POST', 'content/menus', {
      category: 'header-menus',
      parent_id: third.id,
      name: 'Zz Fourth level',
      url: '/zz',
    });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.body[0]?.field).toBe('parent_id');

    const added = await admin<AdminMenuItem>('POST', 'content/menus', {
      category: 'header-menus',
      parent_id: top.id,
      name: 'Zz Gift Hampers',
      url: '/page/zz-diwali-hampers',
      display_order: 9,
    });
    expect(added.status).toBe(201);
    const menus = await publicGet<Collection<{ name: string; parent_id: number }>>('menus?per-page=200');
    expect(menus.items.find((m) => m.name === 'Zz Gift Hampers')?.parent_id).toBe(top.id);

    const deleteParent = await admin('DELETE', `content/menus/${top.id}`);
    expect(deleteParent.status).toBe(409);
    expect((await admin('DELETE', `content/menus/${added.body.id}`)).status).toBe(204);
  });
});

describe('newsletter subscribers and contact messages', () => {
  it('exports subscribers as CSV with formula-looking addresses made harmless', async () => {
    await t.ctx.db
      .insert(newsletterSubscriptions)
      .values([{ email: 'zz.reader@example.in' }, { email: '=cmd|zz@example.in' }]);
    const list = await admin<{ items: { email: string }[]; total: number }>(
      'GET',
      'newsletter/subscribers?q=zz',
    );
    expect(list.body.items.map((s) => s.email).sort()).toEqual([
      '=cmd|zz@example.in',
      'zz.reader@example.in',
    ]);
    const csv = await admin<string>('GET', 'newsletter/subscribers/export.csv');
    expect(csv.res.headers['content-type']).toContain('text/csv');
    expect(csv.res.body.split('\r\n')[0]).toBe('\uFEFFemail,subscribed_at');
    expect(csv.res.body).toContain('\r\nzz.reader@example.in,');
    expect(csv.res.body).toContain("\r\n'=cmd|zz@example.in,");
  });

  it('marks a contact message handled: it leaves the open list and records who did it', async () => {
    const [row] = await t.ctx.db
      .insert(contactEnquiries)
      .values({
        name: 'Zz Asha',
        emailAddress: 'asha@example.in',
        contactNumber: '9876543210',
        subject: 'Bulk order',
        message: 'Need 200 boxes',
      })
      .returning();
    if (!row) throw new Error('insert failed');
    const open = await admin<{ items: ContactMessage[] }>('GET', 'contact-messages');
    expect(open.body.items.map((m) => m.id)).toContain(row.id);

    const handled = await admin<ContactMessage>('PATCH', `contact-messages/${row.id}`, { handled: true });
    expect(handled.status).toBe(200);
    expect(handled.body.handled_at).not.toBeNull();
    expect(handled.body.handled_by).toEqual(expect.any(Number));
    const after = await admin<{ items: ContactMessage[] }>('GET', 'contact-messages?status=open');
    expect(after.body.items.map((m) => m.id)).not.toContain(row.id);
    const done = await admin<{ items: ContactMessage[] }>('GET', 'contact-messages?status=handled');
    expect(done.body.items.map((m) => m.id)).toContain(row.id);
    expect(await lastAudit('contact_message', row.id)).toMatchObject({ action: 'contact_message.handled' });
  });

  it("exports contact messages as CSV (the list's filter, newest first, formulas made harmless, line breaks kept)", async () => {
    const rows = await t.ctx.db
      .insert(contactEnquiries)
      .values([
        {
          name: 'Yy Ravi, Jaipur',
          emailAddress: 'ravi@example.in',
          contactNumber: '9812345670',
          subject: '=HYPERLINK("http://evil.example")',
          message: 'Is the "Kesar peda" eggless?\nPlease reply soon.',
        },
        {
          name: 'Yy Meera',
          emailAddress: 'meera@example.in',
          contactNumber: '9812345671',
          subject: 'Late delivery',
          message: 'Order KFL-1 is late',
          handledAt: new Date('2026-11-20T10:00:00Z'),
        },
      ])
      .returning();
    const [ravi, meera] = rows;
    if (!ravi || !meera) throw new Error('insert failed');

    const all = await admin<string>('GET', 'contact-messages/export.csv?status=all');
    expect(all.status).toBe(200);
    expect(all.res.headers['content-type']).toContain('text/csv');
    expect(all.res.headers['content-disposition']).toMatch(/^attachment; filename="contact-messages-all-/);
    const lines = all.res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'id,received_at,name,email_address,contact_number,subject,message,handled_at,handled_by_staff_id',
    );
    expect(all.res.body).toContain(
      `\r\n${ravi.id},${ravi.createdAt.toISOString()},"Yy Ravi, Jaipur",ravi@example.in,9812345670,` +
        `"'=HYPERLINK(""http://evil.example"")","Is the ""Kesar peda"" eggless?\nPlease reply soon.",,\r\n`,
    );
    expect(all.res.body).toContain(`\r\n${meera.id},`);
    expect(all.res.body).toContain(',2026-11-20T10:00:00.000Z,');
    // Newest first (same time: the later message first).
    expect(all.res.body.indexOf(`\r\n${meera.id},`)).toBeLessThan(all.res.body.indexOf(`\r\n${ravi.id},`));

    // The export follows the list's filter: open messages only by default.
    const open = await admin<string>('GET', 'contact-messages/export.csv');
    expect(open.res.body).toContain(`\r\n${ravi.id},`);
    expect(open.res.body).not.toContain(`\r\n${meera.id},`);
    const handled = await admin<string>('GET', 'contact-messages/export.csv?status=handled');
    expect(handled.res.body).toContain(`\r\n${meera.id},`);
    expect(handled.res.body).not.toContain(`\r\n${ravi.id},`);

    const refused = await t.as('staff', 'GET', '/contact-messages/export.csv');
    expect(refused.statusCode).toBe(403);
  });
});
