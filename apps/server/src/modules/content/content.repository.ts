import type { Db } from '@shop/db/client';
import {
  assets,
  banners,
  contents,
  files,
  imageGallery,
  menus,
  pages,
  settings,
  testimonials,
  videoGallery,
} from '@shop/db/schema/index';
import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SortTerm } from '../../http/collection.ts';

/** Drizzle queries of the content tables; every list is one query with its total (count over()). */

export interface Paging {
  limit: number;
  offset: number;
}

type Columns = Record<string, AnyPgColumn>;
/** The selected row of `C`: each column's data type, null where the column is nullable. */
type RowOf<C extends Columns> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};

/**
 * A page of rows of one table. `sortable` maps API sort names to columns; the id is always the
 * last order term so that pages never overlap.
 */
async function pageOf<C extends Columns, S extends string>(
  db: Db,
  table: PgTable,
  columns: C,
  where: SQL | undefined,
  sortable: Record<S, AnyPgColumn>,
  sort: SortTerm<S>[],
  id: AnyPgColumn,
  paging: Paging,
) {
  const rows = (await db
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(table)
    .where(where)
    .orderBy(...sort.map((s) => (s.direction === 'asc' ? asc : desc)(sortable[s.field])), asc(id))
    .limit(paging.limit)
    .offset(paging.offset)) as unknown as Array<RowOf<C> & { total: number }>;
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows, total };
}

const eqIf = (column: AnyPgColumn, value: string | undefined) =>
  value === undefined ? undefined : eq(column, value);

export const menuSort = {
  display_order: menus.displayOrder,
  id: menus.id,
  name: menus.name,
  parent_id: menus.parentId,
};
export type MenuSortField = keyof typeof menuSort;
export function findMenus(
  db: Db,
  filter: { category?: string },
  sort: SortTerm<MenuSortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    menus,
    {
      id: menus.id,
      parentId: menus.parentId,
      name: menus.name,
      url: menus.url,
      category: menus.category,
      displayOrder: menus.displayOrder,
    },
    eqIf(menus.category, filter.category),
    menuSort,
    sort,
    menus.id,
    paging,
  );
}

export const settingSort = { id: settings.id, key: settings.key };
export type SettingSortField = keyof typeof settingSort;
/** Only public settings ever leave the database through the API. */
export function findPublicSettings(
  db: Db,
  filter: { moduleName?: string; key?: string },
  sort: SortTerm<SettingSortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    settings,
    { id: settings.id, key: settings.key, value: settings.value },
    and(
      eq(settings.isPublic, true),
      eqIf(settings.moduleName, filter.moduleName),
      eqIf(settings.key, filter.key),
    ),
    settingSort,
    sort,
    settings.id,
    paging,
  );
}

/** One setting's value (public or not) for server-side use, e.g. where to send enquiries. */
export async function findSettingValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

export const testimonialSort = {
  display_order: testimonials.displayOrder,
  id: testimonials.id,
  name: testimonials.name,
};
export type TestimonialSortField = keyof typeof testimonialSort;
export function findTestimonials(db: Db, sort: SortTerm<TestimonialSortField>[], paging: Paging) {
  return pageOf(
    db,
    testimonials,
    {
      id: testimonials.id,
      name: testimonials.name,
      designation: testimonials.designation,
      image: testimonials.image,
      description: testimonials.description,
      displayOrder: testimonials.displayOrder,
    },
    undefined,
    testimonialSort,
    sort,
    testimonials.id,
    paging,
  );
}

export const bannerSort = { display_order: banners.displayOrder, id: banners.id, name: banners.name };
export type BannerSortField = keyof typeof bannerSort;
export function findBanners(
  db: Db,
  filter: { category?: string },
  sort: SortTerm<BannerSortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    banners,
    {
      id: banners.id,
      category: banners.category,
      name: banners.name,
      url: banners.url,
      image: banners.image,
    },
    and(eq(banners.isActive, true), eqIf(banners.category, filter.category)),
    bannerSort,
    sort,
    banners.id,
    paging,
  );
}

export const imageGallerySort = {
  display_order: imageGallery.displayOrder,
  id: imageGallery.id,
  name: imageGallery.name,
};
export type ImageGallerySortField = keyof typeof imageGallerySort;
export function findGalleryImages(
  db: Db,
  filter: { category?: string },
  sort: SortTerm<ImageGallerySortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    imageGallery,
    {
      id: imageGallery.id,
      category: imageGallery.category,
      name: imageGallery.name,
      image: imageGallery.image,
    },
    eqIf(imageGallery.category, filter.category),
    imageGallerySort,
    sort,
    imageGallery.id,
    paging,
  );
}

export const videoGallerySort = {
  display_order: videoGallery.displayOrder,
  id: videoGallery.id,
  name: videoGallery.name,
};
export type VideoGallerySortField = keyof typeof videoGallerySort;
export function findGalleryVideos(
  db: Db,
  filter: { category?: string },
  sort: SortTerm<VideoGallerySortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    videoGallery,
    {
      id: videoGallery.id,
      category: videoGallery.category,
      name: videoGallery.name,
      videoId: videoGallery.videoId,
    },
    eqIf(videoGallery.category, filter.category),
    videoGallerySort,
    sort,
    videoGallery.id,
    paging,
  );
}

export const assetSort = { id: assets.id, name: assets.name };
export type AssetSortField = keyof typeof assetSort;
export function findAssets(
  db: Db,
  filter: { name?: string },
  sort: SortTerm<AssetSortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    assets,
    { id: assets.id, name: assets.name, image: assets.image, alt: assets.alt },
    eqIf(assets.name, filter.name),
    assetSort,
    sort,
    assets.id,
    paging,
  );
}

export const contentSort = { id: contents.id, name: contents.name };
export type ContentSortField = keyof typeof contentSort;
export function findContents(
  db: Db,
  filter: { name?: string },
  sort: SortTerm<ContentSortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    contents,
    { id: contents.id, name: contents.name, content: contents.content },
    eqIf(contents.name, filter.name),
    contentSort,
    sort,
    contents.id,
    paging,
  );
}

export const fileSort = { id: files.id, name: files.name };
export type FileSortField = keyof typeof fileSort;
export function findFiles(db: Db, sort: SortTerm<FileSortField>[], paging: Paging) {
  return pageOf(
    db,
    files,
    { id: files.id, name: files.name, fileName: files.fileName },
    undefined,
    fileSort,
    sort,
    files.id,
    paging,
  );
}

export const pageSort = { id: pages.id, title: pages.title };
export type PageSortField = keyof typeof pageSort;
export function findPages(
  db: Db,
  filter: { urlSlug?: string },
  sort: SortTerm<PageSortField>[],
  paging: Paging,
) {
  return pageOf(
    db,
    pages,
    {
      id: pages.id,
      title: pages.title,
      urlSlug: pages.urlSlug,
      content: pages.content,
      metaKeyword: pages.metaKeyword,
      metaDescription: pages.metaDescription,
    },
    and(eq(pages.isActive, true), eqIf(pages.urlSlug, filter.urlSlug)),
    pageSort,
    sort,
    pages.id,
    paging,
  );
}
