import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AdminBanner,
  type AdminMenuItem,
  type AdminPage,
  type AdminPhoto,
  type AdminTestimonial,
  type AdminVideo,
  contentAdminMessages,
  type MediaUpload,
  type bannerInputSchema,
  type menuInputSchema,
  type pageInputSchema,
  type photoInputSchema,
  type testimonialInputSchema,
  type videoInputSchema,
} from '@shop/contract/admin/content';
import { canonicalYoutubeTags } from '@shop/contract/youtube-tag';
import type { DbOrTx } from '@shop/db/client';
import { banners, imageGallery, menus, pages, testimonials, videoGallery } from '@shop/db/schema/index';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { sanitizePageHtml } from '../../http/html-sanitizer.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { checkImage, storedName, storeRecordedOriginal } from '../media/image-uploads.service.ts';
import { queueVariants } from '../media/media-variants.service.ts';
import type { ContentKind, Editor } from './content-editing.ts';

/**
 * The back office's content: pages, banners, testimonials, photo and video galleries and menus,
 * each a ContentKind (content-editing.ts writes and audits them all the same way).
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const at = (value: string | null) => (value ? new Date(value) : null);

// ── Pages ───────────────────────────────────────────────────────────────────────────────────

/**
 * What a page's HTML becomes when saved: cleaned by the same rules as every page the storefront
 * serves (scripts, event handlers and javascript: links go), with its `[youtube id=X]` tags in the
 * one form the storefront turns into players, whatever quotes the editor wrote.
 */
export function pageHtmlToStore(html: string): string {
  return canonicalYoutubeTags(sanitizePageHtml(canonicalYoutubeTags(html)));
}

export const pageKind: ContentKind<typeof pages, z.output<typeof pageInputSchema>, AdminPage> = {
  entity: 'page',
  table: pages,
  orderBy: [asc(pages.title), asc(pages.id)],
  notFound: contentAdminMessages.notFound,
  values: (p) => ({
    title: p.title,
    urlSlug: p.url_slug,
    content: pageHtmlToStore(p.content),
    metaKeyword: p.meta_keyword,
    metaDescription: p.meta_description,
    isActive: p.is_active,
    updatedAt: new Date(),
  }),
  view: (p) => ({
    id: p.id,
    title: p.title,
    url_slug: p.urlSlug,
    content: p.content,
    meta_keyword: p.metaKeyword,
    meta_description: p.metaDescription,
    is_active: p.isActive,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }),
  async check(db, input, id) {
    const [other] = await db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.urlSlug, input.url_slug), id === undefined ? undefined : ne(pages.id, id)))
      .limit(1);
    if (other) throw AppError.invalid('url_slug', contentAdminMessages.slugTaken);
  },
};

// ── Banners ─────────────────────────────────────────────────────────────────────────────────

/** A banner shows while active and inside its schedule (start inclusive, end exclusive). */
export function bannerIsLive(
  b: { isActive: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  return b.isActive && (!b.startsAt || b.startsAt <= now) && (!b.endsAt || b.endsAt > now);
}

export const bannerKind: ContentKind<typeof banners, z.output<typeof bannerInputSchema>, AdminBanner> = {
  entity: 'banner',
  table: banners,
  orderBy: [asc(banners.category), asc(banners.displayOrder), asc(banners.id)],
  notFound: contentAdminMessages.notFound,
  values: (b) => ({
    category: b.category,
    name: b.name,
    url: b.url,
    image: b.image,
    displayOrder: b.display_order,
    isActive: b.is_active,
    startsAt: at(b.starts_at),
    endsAt: at(b.ends_at),
  }),
  view: (b) => ({
    id: b.id,
    category: b.category,
    name: b.name,
    url: b.url,
    image: b.image,
    display_order: b.displayOrder,
    is_active: b.isActive,
    starts_at: iso(b.startsAt),
    ends_at: iso(b.endsAt),
    live: bannerIsLive(b, new Date()),
  }),
};

// ── Testimonials ────────────────────────────────────────────────────────────────────────────

export const testimonialKind: ContentKind<
  typeof testimonials,
  z.output<typeof testimonialInputSchema>,
  AdminTestimonial
> = {
  entity: 'testimonial',
  table: testimonials,
  orderBy: [asc(testimonials.displayOrder), asc(testimonials.id)],
  notFound: contentAdminMessages.notFound,
  values: (t) => ({
    name: t.name,
    designation: t.designation,
    image: t.image,
    description: t.description,
    displayOrder: t.display_order,
  }),
  view: (t) => ({
    id: t.id,
    name: t.name,
    designation: t.designation,
    image: t.image,
    description: t.description,
    display_order: t.displayOrder,
  }),
};

// ── Galleries ───────────────────────────────────────────────────────────────────────────────

export const photoKind: ContentKind<typeof imageGallery, z.output<typeof photoInputSchema>, AdminPhoto> = {
  entity: 'gallery_photo',
  table: imageGallery,
  orderBy: [asc(imageGallery.category), asc(imageGallery.displayOrder), asc(imageGallery.id)],
  notFound: contentAdminMessages.notFound,
  values: (p) => ({ category: p.category, name: p.name, image: p.image, displayOrder: p.display_order }),
  view: (p) => ({
    id: p.id,
    category: p.category,
    name: p.name,
    image: p.image,
    display_order: p.displayOrder,
  }),
};

export const videoKind: ContentKind<typeof videoGallery, z.output<typeof videoInputSchema>, AdminVideo> = {
  entity: 'gallery_video',
  table: videoGallery,
  orderBy: [asc(videoGallery.category), asc(videoGallery.displayOrder), asc(videoGallery.id)],
  notFound: contentAdminMessages.notFound,
  values: (v) => ({ category: v.category, name: v.name, videoId: v.video_id, displayOrder: v.display_order }),
  view: (v) => ({
    id: v.id,
    category: v.category,
    name: v.name,
    video_id: v.videoId,
    display_order: v.displayOrder,
  }),
};

// ── Menus ───────────────────────────────────────────────────────────────────────────────────

/** The storefront's menus go three levels deep (Products › Food › Sweets). */
export const MENU_DEPTH = 3;

async function menuRows(db: DbOrTx, category: string) {
  return db
    .select({ id: menus.id, parentId: menus.parentId })
    .from(menus)
    .where(eq(menus.category, category));
}

export const menuKind: ContentKind<typeof menus, z.output<typeof menuInputSchema>, AdminMenuItem> = {
  entity: 'menu_item',
  table: menus,
  orderBy: [asc(menus.category), asc(menus.parentId), asc(menus.displayOrder), asc(menus.id)],
  notFound: contentAdminMessages.notFound,
  values: (m) => ({
    category: m.category,
    parentId: m.parent_id,
    name: m.name,
    url: m.url,
    displayOrder: m.display_order,
  }),
  view: (m) => ({
    id: m.id,
    category: m.category,
    parent_id: m.parentId,
    name: m.name,
    url: m.url,
    display_order: m.displayOrder,
  }),
  /** The parent is an item of the same menu, and the item with its sub-items stays three levels deep. */
  async check(db, input, id) {
    if (input.parent_id === 0) {
      if (id === undefined) return;
    } else if (input.parent_id === id) {
      throw AppError.invalid('parent_id', contentAdminMessages.parentSelf);
    }
    const rows = await menuRows(db, input.category);
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    const depthOf = (itemId: number): number => {
      let depth = 0;
      for (let at = itemId, guard = 0; at !== 0 && guard < 50; guard++) {
        depth += 1;
        at = parentOf.get(at) ?? 0;
      }
      return depth;
    };
    const heightOf = (itemId: number): number => {
      const children = rows.filter((r) => r.parentId === itemId);
      return 1 + Math.max(0, ...children.map((c) => heightOf(c.id)));
    };
    if (input.parent_id !== 0) {
      if (!parentOf.has(input.parent_id))
        throw AppError.invalid('parent_id', contentAdminMessages.parentMenu);
      // Moving under one of its own sub-items would make a loop.
      for (let at = input.parent_id, guard = 0; at !== 0 && guard < 50; guard++) {
        if (at === id) throw AppError.invalid('parent_id', contentAdminMessages.parentMenu);
        at = parentOf.get(at) ?? 0;
      }
    }
    const height = id !== undefined && parentOf.has(id) ? heightOf(id) : 1;
    const parentDepth = input.parent_id === 0 ? 0 : depthOf(input.parent_id);
    if (parentDepth + height > MENU_DEPTH)
      throw AppError.invalid(
        'parent_id',
        height > 1 ? contentAdminMessages.parentHasChildren : contentAdminMessages.parentMenu,
      );
  },
  async checkDelete(db, row) {
    const [child] = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, row.id)).limit(1);
    if (child) throw new AppError('conflict', contentAdminMessages.menuHasChildren);
  },
};

// ── Media the content links ─────────────────────────────────────────────────────────────────

/** The media folders content rows link files from. */
export const contentMediaFolders = ['banners', 'clienttestimonials', 'imagegallery'] as const;
export type ContentMediaFolder = (typeof contentMediaFolders)[number];

/** The files of one media folder (originals only, not the resized copies), by name. */
export async function mediaFilesIn(mediaDir: string, folder: ContentMediaFolder): Promise<string[]> {
  try {
    const entries = await readdir(join(mediaDir, folder), { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && /\.(jpe?g|png|webp|gif|svg)$/i.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Keeps an uploaded image in a content media folder under a fresh name (never the uploaded one,
 * so a replaced picture is never served from a cache) and queues its resized copies; the upload
 * and its audit entry are recorded together. Returns the stored name.
 */
export async function uploadMediaFile(
  editor: Editor,
  mediaDir: string,
  folder: ContentMediaFolder,
  upload: MediaUpload,
): Promise<string> {
  const data = Buffer.from(upload.data_base64, 'base64');
  const { extension, width, height } = await checkImage(data);
  const file = storedName(upload.file_name, extension);
  await storeRecordedOriginal(mediaDir, [folder], file, data, () =>
    editor.db.transaction(async (tx) => {
      await queueVariants(tx, [folder], file);
      await recordAudit(tx, {
        staffId: editor.staffId,
        ip: editor.ip,
        action: 'media.upload',
        entity: 'media',
        entityId: `${folder}/${file}`,
        after: { folder, file, uploaded_as: upload.file_name, bytes: data.length, width, height },
      });
    }),
  );
  return file;
}

/** Refuses a file name that is not in the folder (422 on `field`), so no row links a missing image. */
export async function requireMediaFile(
  mediaDir: string,
  folder: ContentMediaFolder,
  file: string | null,
  field = 'image',
): Promise<void> {
  if (file === null) return;
  try {
    await access(join(mediaDir, folder, file));
  } catch {
    throw AppError.invalid(field, contentAdminMessages.fileName);
  }
}

/** The next moment a banner's schedule starts or ends (the storefront's banner list changes then). */
export async function nextBannerBoundary(db: DbOrTx): Promise<Date | undefined> {
  const [row] = await db
    .select({
      start: sql`min(${banners.startsAt}) filter (where ${banners.startsAt} > now())`.mapWith(
        banners.startsAt,
      ),
      end: sql`min(${banners.endsAt}) filter (where ${banners.endsAt} > now())`.mapWith(banners.endsAt),
    })
    .from(banners)
    .where(eq(banners.isActive, true));
  const times = [row?.start, row?.end].filter((d): d is Date => d instanceof Date);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : undefined;
}
