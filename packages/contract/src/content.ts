import { z } from 'zod';

/** Content shapes of the REST API (product rules §3, §7): menus, settings, banners, galleries, pages… */

export const menuCategories = ['header-menus', 'footer-quick-link-menus'] as const;

export const menuSchema = z.object({
  id: z.number().int(),
  /** 0 = top level. */
  parent_id: z.number().int(),
  name: z.string(),
  url: z.string(),
  category: z.string(),
  display_order: z.number().int(),
});
export type MenuItem = z.infer<typeof menuSchema>;

/** A public setting. Values that contain HTML are sanitised by the server. */
export const settingSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
});
export type Setting = z.infer<typeof settingSchema>;

export const testimonialSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  designation: z.string(),
  /** File name under /backend/data/clienttestimonials/ (300x300 variant for display). */
  image: z.string().nullable(),
  description: z.string(),
  display_order: z.number().int(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const bannerCategories = [
  'Homepage Banners',
  'Home Right Video Banners',
  'Home Bottom Video Banners',
  'Inner Page Banners',
] as const;

export const bannerSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  /** File name under /backend/data/banners/ */
  image: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const imageGalleryItemSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  /** File name under /backend/data/imagegallery/ */
  image: z.string(),
});
export type ImageGalleryItem = z.infer<typeof imageGalleryItemSchema>;

export const videoGalleryItemSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  name: z.string(),
  /** Id of the video on the external video site (YouTube). */
  video_id: z.string(),
});
export type VideoGalleryItem = z.infer<typeof videoGalleryItemSchema>;

export const assetSchema = z.object({
  id: z.number().int(),
  /** company-logo-white, company-logo-main, home-more-discover-img1, home-more-discover-img2, home-video-poster */
  name: z.string(),
  /** File name under /backend/data/assets/ */
  image: z.string(),
  alt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

/** A content block; `content` may hold (sanitised) HTML. */
export const contentBlockSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
});
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const shopFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** File name under /backend/data/files/ */
  file_name: z.string(),
});
export type ShopFile = z.infer<typeof shopFileSchema>;

/** A content page; `content` is sanitised HTML and may contain `[youtube id=X]` tags. */
export const pageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url_slug: z.string(),
  content: z.string(),
  meta_keyword: z.string(),
  meta_description: z.string(),
});
export type Page = z.infer<typeof pageSchema>;
