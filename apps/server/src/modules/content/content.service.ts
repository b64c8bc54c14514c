import type {
  Asset,
  Banner,
  ContentBlock,
  ImageGalleryItem,
  MenuItem,
  Page,
  Setting,
  ShopFile,
  Testimonial,
  VideoGalleryItem,
} from '@shop/contract/content';
import type { Db } from '@shop/db/client';
import type { SortTerm } from '../../http/collection.ts';
import * as repo from './content.repository.ts';
import { sanitizeInlineValue, sanitizePageHtml, sanitizeRichValue } from './html-sanitizer.ts';

/** Content rules: public rows only, API field names, HTML cleaned before it leaves the server. */

export interface ListRequest<S extends string> {
  filters: Record<string, string | undefined>;
  sort: SortTerm<S>[];
  paging: repo.Paging;
}

export interface ListResult<T> {
  items: T[];
  total: number;
}

export async function listMenus(db: Db, r: ListRequest<repo.MenuSortField>): Promise<ListResult<MenuItem>> {
  const { rows, total } = await repo.findMenus(db, { category: r.filters.category }, r.sort, r.paging);
  return {
    total,
    items: rows.map((m) => ({
      id: m.id,
      parent_id: m.parentId,
      name: m.name,
      url: m.url,
      category: m.category,
      display_order: m.displayOrder,
    })),
  };
}

/** Public settings only; values with markup (footer_copyright_message) are sanitised. */
export async function listSettings(
  db: Db,
  r: ListRequest<repo.SettingSortField>,
): Promise<ListResult<Setting>> {
  const { rows, total } = await repo.findPublicSettings(
    db,
    { moduleName: r.filters.module_name, key: r.filters.key },
    r.sort,
    r.paging,
  );
  return { total, items: rows.map((s) => ({ id: s.id, key: s.key, value: sanitizeInlineValue(s.value) })) };
}

export async function listTestimonials(
  db: Db,
  r: ListRequest<repo.TestimonialSortField>,
): Promise<ListResult<Testimonial>> {
  const { rows, total } = await repo.findTestimonials(db, r.sort, r.paging);
  return {
    total,
    items: rows.map((t) => ({
      id: t.id,
      name: t.name,
      designation: t.designation,
      image: t.image,
      description: t.description,
      display_order: t.displayOrder,
    })),
  };
}

export async function listBanners(db: Db, r: ListRequest<repo.BannerSortField>): Promise<ListResult<Banner>> {
  const { rows, total } = await repo.findBanners(db, { category: r.filters.category }, r.sort, r.paging);
  return {
    total,
    items: rows.map((b) => ({ id: b.id, category: b.category, name: b.name, url: b.url, image: b.image })),
  };
}

export async function listGalleryImages(
  db: Db,
  r: ListRequest<repo.ImageGallerySortField>,
): Promise<ListResult<ImageGalleryItem>> {
  const { rows, total } = await repo.findGalleryImages(
    db,
    { category: r.filters.category },
    r.sort,
    r.paging,
  );
  return {
    total,
    items: rows.map((g) => ({ id: g.id, category: g.category, name: g.name, image: g.image })),
  };
}

export async function listGalleryVideos(
  db: Db,
  r: ListRequest<repo.VideoGallerySortField>,
): Promise<ListResult<VideoGalleryItem>> {
  const { rows, total } = await repo.findGalleryVideos(
    db,
    { category: r.filters.category },
    r.sort,
    r.paging,
  );
  return {
    total,
    items: rows.map((v) => ({ id: v.id, category: v.category, name: v.name, video_id: v.videoId })),
  };
}

export async function listAssets(db: Db, r: ListRequest<repo.AssetSortField>): Promise<ListResult<Asset>> {
  const { rows, total } = await repo.findAssets(db, { name: r.filters.name }, r.sort, r.paging);
  return { total, items: rows.map((a) => ({ id: a.id, name: a.name, image: a.image, alt: a.alt })) };
}

/** Content blocks; those with markup (company_address) are sanitised. */
export async function listContents(
  db: Db,
  r: ListRequest<repo.ContentSortField>,
): Promise<ListResult<ContentBlock>> {
  const { rows, total } = await repo.findContents(db, { name: r.filters.name }, r.sort, r.paging);
  return {
    total,
    items: rows.map((c) => ({ id: c.id, name: c.name, content: sanitizeRichValue(c.content) })),
  };
}

export async function listFiles(db: Db, r: ListRequest<repo.FileSortField>): Promise<ListResult<ShopFile>> {
  const { rows, total } = await repo.findFiles(db, r.sort, r.paging);
  return { total, items: rows.map((f) => ({ id: f.id, name: f.name, file_name: f.fileName })) };
}

/** Active pages; content is sanitised HTML (the `[youtube id=X]` text tag survives). */
export async function listPages(db: Db, r: ListRequest<repo.PageSortField>): Promise<ListResult<Page>> {
  const { rows, total } = await repo.findPages(db, { urlSlug: r.filters.url_slug }, r.sort, r.paging);
  return {
    total,
    items: rows.map((p) => ({
      id: p.id,
      title: p.title,
      url_slug: p.urlSlug,
      content: sanitizePageHtml(p.content),
      meta_keyword: p.metaKeyword,
      meta_description: p.metaDescription,
    })),
  };
}
