import type { DbOrTx } from '../client.ts';
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
} from '../schema/index.ts';
import {
  assetSeeds,
  bannerSeeds,
  catalogueFile,
  contentSeeds,
  galleryImageSeeds,
  menuSeeds,
  settingSeeds,
  testimonialSeeds,
  videoSeeds,
} from './content-data.ts';
import { pageSeeds } from './page-data.ts';

/** 1-based position of each item among the items of the same group, for display_order. */
function orderWithin<T>(items: readonly T[], groupOf: (item: T) => string): number[] {
  const counters = new Map<string, number>();
  return items.map((item) => {
    const next = (counters.get(groupOf(item)) ?? 0) + 1;
    counters.set(groupOf(item), next);
    return next;
  });
}

/** The shop's settings (company details, page titles and meta texts, minimum order amount). */
export async function seedSettings(tx: DbOrTx): Promise<void> {
  await tx.insert(settings).values(
    Object.entries(settingSeeds).map(([key, value]) => ({
      key,
      value,
      moduleName: 'frontend',
      isPublic: true,
    })),
  );
}

/** Settings, content blocks, menus, pages, banners, testimonials, assets, galleries and files. */
export async function seedContent(tx: DbOrTx): Promise<void> {
  await seedSettings(tx);
  await tx
    .insert(contents)
    .values(Object.entries(contentSeeds).map(([name, content]) => ({ name, content })));
  await tx.insert(menus).values([...menuSeeds]);
  await tx.insert(pages).values(pageSeeds.map((page, index) => ({ id: index + 1, ...page, isActive: true })));

  const bannerOrder = orderWithin(bannerSeeds, (b) => b.category);
  await tx.insert(banners).values(
    bannerSeeds.map((b, index) => ({
      id: index + 1,
      category: b.category,
      name: b.name,
      url: b.url,
      image: b.image,
      displayOrder: bannerOrder[index] ?? 0,
      isActive: true,
    })),
  );
  await tx.insert(testimonials).values(
    testimonialSeeds.map((t, index) => ({
      id: index + 1,
      name: t.name,
      designation: t.designation,
      image: t.image,
      description: t.description,
      displayOrder: index + 1,
    })),
  );
  await tx.insert(assets).values(assetSeeds.map((a, index) => ({ id: index + 1, ...a })));

  const imageOrder = orderWithin(galleryImageSeeds, (g) => g.category);
  await tx
    .insert(imageGallery)
    .values(
      galleryImageSeeds.map((g, index) => ({ id: index + 1, ...g, displayOrder: imageOrder[index] ?? 0 })),
    );
  const videoOrder = orderWithin(videoSeeds, (v) => v.category);
  await tx
    .insert(videoGallery)
    .values(videoSeeds.map((v, index) => ({ id: index + 1, ...v, displayOrder: videoOrder[index] ?? 0 })));
  await tx.insert(files).values({ id: 1, ...catalogueFile });
}
