import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Menu items; parent_id 0 is top level; category is 'header-menus' or 'footer-quick-link-menus'. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    url: text('url').notNull(),
    category: text('category').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('menus_category_idx').on(t.category, t.displayOrder)],
);

/**
 * Banner categories: Homepage Banners, Home Right Video Banners, Home Bottom Video Banners, Inner
 * Page Banners. A banner shows while it is active and inside its optional schedule: from
 * starts_at (inclusive) until ends_at (exclusive); an unset end shows it until switched off.
 */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  name: text('name').notNull().default(''),
  url: text('url'),
  image: text('image').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

export const testimonials = pgTable('client_testimonials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  designation: text('designation').notNull().default(''),
  image: text('image'),
  description: text('description').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
});

/** Named images: company-logo-white, company-logo-main, home-more-discover-img1/2, home-video-poster. */
export const assets = pgTable('assets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  image: text('image').notNull(),
  alt: text('alt').notNull().default(''),
});

/**
 * Key/value settings. Only rows with is_public reach the browser; secrets never live here
 * (gateway secrets are in payment_gateways and the environment).
 */
export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: text('value').notNull().default(''),
  moduleName: text('module_name').notNull().default('frontend'),
  isPublic: boolean('is_public').notNull().default(true),
});

/** Content blocks keyed by name (header_top_text, company_address, …); content may hold HTML. */
export const contents = pgTable('contents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  content: text('content').notNull().default(''),
});

/** Downloadable files (the catalogue PDF) under /backend/data/files/. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  fileName: text('file_name').notNull(),
});

export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    urlSlug: text('url_slug').notNull(),
    content: text('content').notNull().default(''),
    metaKeyword: text('meta_keyword').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_slug_idx').on(t.urlSlug)],
);

export const imageGallery = pgTable(
  'image_gallery',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('image_gallery_category_idx').on(t.category, t.displayOrder)],
);

export const videoGallery = pgTable(
  'video_gallery',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    name: text('name').notNull().default(''),
    videoId: text('video_id').notNull(),
    displayOrder: integer('display_order').notNull().default(0),
  },
  (t) => [index('video_gallery_category_idx').on(t.category, t.displayOrder)],
);

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  /** Stored lower-cased so one address is one subscription. */
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const contactEnquiries = pgTable('contact_enquiries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  emailAddress: text('email_address').notNull(),
  contactNumber: text('contact_number').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
  /** When a member of staff marked the message as dealt with (null: still open). */
  handledAt: timestamp('handled_at', { withTimezone: true }),
  /** The staff account that marked it handled. */
  handledBy: integer('handled_by'),
});

/** Solved captcha challenges, kept until they expire so that none can be replayed. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: integer('expires_at').notNull(),
});
