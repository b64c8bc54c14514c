import type { DbOrTx } from '../client.ts';
import { categories, productAttachments, products } from '../schema/index.ts';
import {
  type CategorySeed,
  categoryClosing,
  categorySeeds,
  categorySlug,
  categoryUrl,
  type ProductSeed,
  productSeeds,
  taxClassOf,
} from './catalogue-data.ts';
import { declarationsOf } from './declaration-data.ts';
import { slugify } from './prng.ts';

type CategoryRow = typeof categories.$inferInsert;
type ProductRow = typeof products.$inferInsert & { id: number };
type AttachmentRow = typeof productAttachments.$inferInsert & { id: number };

/** A product with the derived facts the rows and the images share. */
export interface DemoProduct {
  id: number;
  seed: ProductSeed;
  slug: string;
  mainImage: string;
  /** Extra image file names, in display order. */
  attachments: string[];
}

export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);

/** Products with ids 1…n in list order; attachments named `{slug}-2.webp`, `{slug}-3.webp`. */
export const demoProducts: readonly DemoProduct[] = productSeeds.map((seed, index) => {
  const slug = slugify(seed.name);
  const extra = seed.extraImages ?? 0;
  return {
    id: index + 1,
    seed,
    slug,
    mainImage: `${slug}.webp`,
    attachments: Array.from({ length: extra }, (_, i) => `${slug}-${i + 2}.webp`),
  };
});

export function categoryRows(): CategoryRow[] {
  return categorySeeds.map((c: CategorySeed) => ({
    id: c.id,
    parentId: c.parentId,
    name: c.name,
    urlSlug: categorySlug(c),
    url: categoryUrl(c),
    displayOrder: c.displayOrder,
    isActive: true,
  }));
}

export function productRows(): ProductRow[] {
  const orderInCategory = new Map<number, number>();
  return demoProducts.map(({ id, seed, slug, mainImage }) => {
    const order = (orderInCategory.get(seed.categoryId) ?? 0) + 1;
    orderInCategory.set(seed.categoryId, order);
    const closing = categoryClosing[seed.categoryId] ?? '';
    return {
      id,
      categoryId: seed.categoryId,
      name: seed.name,
      urlSlug: slug,
      description: `${seed.blurb} ${closing}`.trim(),
      mainImage,
      productLabels: [...(seed.labels ?? [])],
      itemWeight: seed.weight,
      sellingPricePaise: rupeesToPaise(seed.price),
      mrpPaise: rupeesToPaise(seed.mrp ?? seed.price),
      availableStock: seed.stock,
      hsnCode: taxClassOf(seed).hsn,
      gstRate: taxClassOf(seed).rate,
      ...declarationsOf(seed),
      isActive: true,
      displayOrder: order,
    };
  });
}

export function attachmentRows(): AttachmentRow[] {
  const rows: AttachmentRow[] = [];
  for (const product of demoProducts) {
    product.attachments.forEach((fileName, index) => {
      rows.push({
        id: rows.length + 1,
        productId: product.id,
        fileName,
        kind: 'image',
        displayOrder: index + 1,
      });
    });
  }
  return rows;
}

/** Categories, products and their attachments: three bulk inserts. */
export async function seedCatalogue(tx: DbOrTx): Promise<void> {
  await tx.insert(categories).values(categoryRows());
  await tx.insert(products).values(productRows());
  const attachments = attachmentRows();
  if (attachments.length > 0) await tx.insert(productAttachments).values(attachments);
}
