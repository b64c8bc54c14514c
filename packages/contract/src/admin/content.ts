import { z } from 'zod';
import { storableTimeField } from '../storable-time.ts';
import { bannerCategories, menuCategories } from '../content.ts';
import { productImageUploadSchema } from './product-images.ts';
import { youtubeIdOf } from '../youtube-tag.ts';

/**
 * Back-office shapes of the shop's content: pages, banners, testimonials, photo and video
 * galleries, menus, newsletter subscribers and contact messages. Field names follow the public
 * API's (snake_case); the server sanitises page HTML before storing it.
 */

export const contentAdminMessages = {
  slug: 'Use lower-case letters, digits and hyphens only (e.g. about-us).',
  slugTaken: 'Another page already uses this address.',
  link: 'Give a path on this shop (starting with /) or a full https:// address.',
  fileName: 'Choose a file already in the media library, or upload a new image.',
  videoId: 'Give a YouTube video id or its watch / share link.',
  schedule: 'The end must be after the start.',
  parentMenu: 'The parent must be a top-level or second-level item of the same menu.',
  parentSelf: 'An item cannot be its own parent.',
  parentHasChildren: 'An item with sub-items cannot move under another item.',
  notFound: 'This item no longer exists. Please reload the page.',
  menuHasChildren: 'Remove or move its sub-items first.',
} as const;

const PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
/** A link the storefront can follow: a path on the shop, or an absolute http(s) address. */
const LINK = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s/]+[^\s]*)$/i;

const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1).max(max);
const displayOrder = z.number().int().min(0).max(1_000_000).default(0);
const fileName = z.string().trim().regex(FILE_NAME, contentAdminMessages.fileName);
const link = z.string().trim().max(500).regex(LINK, contentAdminMessages.link);

// ── Pages ───────────────────────────────────────────────────────────────────────────────────

export const pageInputSchema = z.object({
  title: requiredText(200),
  url_slug: z.string().trim().toLowerCase().min(1).max(120).regex(PAGE_SLUG, contentAdminMessages.slug),
  /** Rich text as HTML; `[youtube id=X]` tags in the text become players on the storefront. */
  content: z.string().max(200_000),
  meta_keyword: text(500).default(''),
  meta_description: text(500).default(''),
  /** Published: shown on the storefront at /page/{url_slug}. */
  is_active: z.boolean().default(false),
});
export type PageInput = z.input<typeof pageInputSchema>;

export const adminPageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url_slug: z.string(),
  content: z.string(),
  meta_keyword: z.string(),
  meta_description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

// ── Banners ─────────────────────────────────────────────────────────────────────────────────

export const bannerInputSchema = z
  .object({
    category: z.enum(bannerCategories),
    name: text(200).default(''),
    url: link.nullable().default(null),
    /** A file already under /backend/data/banners/. */
    image: fileName,
    display_order: displayOrder,
    is_active: z.boolean().default(true),
    /** Shown from this moment (inclusive); null: from now. */
    starts_at: storableTimeField.nullable().default(null),
    /** Shown until this moment (exclusive); null: until switched off. */
    ends_at: storableTimeField.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: contentAdminMessages.schedule });
  });
export type BannerInput = z.input<typeof bannerInputSchema>;

export const adminBannerSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  image: z.string(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Shown on the storefront right now (active and inside its schedule). */
  live: z.boolean(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

// ── Testimonials ────────────────────────────────────────────────────────────────────────────

export const testimonialInputSchema = z.object({
  name: requiredText(200),
  designation: text(200).default(''),
  /** A file already under /backend/data/clienttestimonials/, or none. */
  image: fileName.nullable().default(null),
  description: requiredText(2_000),
  display_order: displayOrder,
});
export type TestimonialInput = z.input<typeof testimonialInputSchema>;

export const adminTestimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  designation: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  display_order: z.number().int(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;

// ── Galleries ───────────────────────────────────────────────────────────────────────────────

/** Gallery categories are the slugs of /gallery/{category} (events, factory, …). */
const galleryCategory = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(80)
  .regex(PAGE_SLUG, contentAdminMessages.slug);

export const photoInputSchema = z.object({
  category: galleryCategory,
  name: requiredText(200),
  /** A file already under /backend/data/imagegallery/. */
  image: fileName,
  display_order: displayOrder,
});
export type PhotoInput = z.input<typeof photoInputSchema>;

export const adminPhotoSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  image: z.string(),
  display_order: z.number().int(),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;

export const videoInputSchema = z.object({
  category: galleryCategory,
  name: text(200).default(''),
  /** A YouTube id or link; stored as the id. */
  video_id: z.string().transform((value, ctx) => {
    const id = youtubeIdOf(value);
    if (!id) ctx.addIssue({ code: 'custom', message: contentAdminMessages.videoId });
    return id ?? z.NEVER;
  }),
  display_order: displayOrder,
});
export type VideoInput = z.input<typeof videoInputSchema>;

export const adminVideoSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  video_id: z.string(),
  display_order: z.number().int(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

// ── Menus ───────────────────────────────────────────────────────────────────────────────────

export const menuInputSchema = z.object({
  category: z.enum(menuCategories),
  /** 0: top level. */
  parent_id: z.number().int().min(0).max(2_147_483_647).default(0),
  name: requiredText(80),
  url: link,
  display_order: displayOrder,
});
export type MenuInput = z.input<typeof menuInputSchema>;

export const adminMenuItemSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  parent_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  display_order: z.number().int(),
});
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;

// ── Newsletter subscribers and contact messages ─────────────────────────────────────────────

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  created_at: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email_address: z.string(),
  contact_number: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  /** When it was marked handled; null while open. */
  handled_at: z.string().nullable(),
  handled_by: z.number().int().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageUpdateSchema = z.object({ handled: z.boolean() });

/** Filters of the contact message list. */
export const contactMessageFilters = ['open', 'handled', 'all'] as const;
export type ContactMessageFilter = (typeof contactMessageFilters)[number];

/** Columns of the contact messages CSV export, in order (times in UTC). */
export const CONTACT_MESSAGE_CSV_COLUMNS = [
  'id',
  'received_at',
  'name',
  'email_address',
  'contact_number',
  'subject',
  'message',
  'handled_at',
  'handled_by_staff_id',
] as const;

/** A page of a back-office list. */
export function adminListSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}

/** The media files a content item may link, by name. */
export const mediaFolderListSchema = z.object({ files: z.array(z.string()) });
export type MediaFolderList = z.infer<typeof mediaFolderListSchema>;

/**
 * A new image for a media folder (a banner, a testimonial's photo, a gallery photo): JSON with the
 * file in base64, as a product's images. The server reads format and size from the file itself.
 */
export const mediaUploadSchema = productImageUploadSchema.pick({ file_name: true, data_base64: true });
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/** The stored name of the upload (what the row's `image` takes) and the folder's files after it. */
export const mediaUploadedSchema = mediaFolderListSchema.extend({ file: z.string() });
export type MediaUploaded = z.infer<typeof mediaUploadedSchema>;
