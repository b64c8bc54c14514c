import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { products } from '../schema/index.ts';
import { categoryById, categoryClosing, LOCKS_ID, productSeeds } from './catalogue-data.ts';
import { rupeesToPaise } from './catalogue-seed.ts';
import { declarationsOf } from './declaration-data.ts';
import { createPrng, slugify } from './prng.ts';
import { weightLabel } from './media/svg-kit.ts';

/**
 * A large, deterministic catalogue for `npm run seed:bench` and `npm run bench` (product rules §11: budgets
 * on 10,000 products). Products are combinations of the demo's base products × a variant × a
 * pack size × a bundle, spread evenly over the leaf categories; images are left out (null) to
 * keep generation fast.
 */

const foodVariants = ['Classic', 'Premium', 'Organic', 'Homestyle', 'Jaipuri', 'Festive', 'Lite', 'Royal'];
const lockVariants = [
  'Classic',
  'Heavy Duty',
  'Antique Finish',
  'Satin Steel',
  'Chrome',
  'Black Matt',
  'Marine',
  'Pro',
];
const variantFactor = [1, 1.25, 1.3, 1.1, 1.05, 1.2, 0.95, 1.4];
/** Pack size multipliers for food and snacks (net weight × m). */
const foodPacks = [1, 0.5, 2, 3, 5];
/** Size options for locks: label, weight and price multipliers. */
const lockSizes: ReadonlyArray<{ label: string; factor: number }> = [
  { label: 'Standard', factor: 1 },
  { label: 'Compact', factor: 0.75 },
  { label: 'Large', factor: 1.35 },
  { label: 'Extra Large', factor: 1.7 },
  { label: 'Commercial', factor: 2.2 },
];
const bundles = [1, 2, 3, 6];
/** Combinations per base product (variants × packs × bundles): 66 × 160 distinct names; slugs stay unique beyond. */
const COMBINATIONS = foodVariants.length * foodPacks.length * bundles.length;

type ProductInsert = typeof products.$inferInsert;

/** Prices end in 9 or 0 like a shop's would: ₹123.4 → ₹129, ₹1,234 → ₹1,239. */
function shopPrice(rupees: number): number {
  const whole = Math.max(40, Math.round(rupees));
  return whole < 100 ? whole : Math.floor(whole / 10) * 10 + 9;
}

/** The n-th bench product (n ≥ 0); the same n always gives the same product. */
export function benchProduct(n: number): ProductInsert {
  const base = productSeeds[n % productSeeds.length];
  if (!base) throw new Error('no base products');
  const combo = Math.floor(n / productSeeds.length) % COMBINATIONS;
  const variantIndex = combo % foodVariants.length;
  const packIndex = Math.floor(combo / foodVariants.length) % foodPacks.length;
  const bundle = bundles[Math.floor(combo / (foodVariants.length * foodPacks.length)) % bundles.length] ?? 1;
  const isLock = categoryById(base.categoryId).parentId === LOCKS_ID;
  const prng = createPrng(0xbe7c4 + n);

  let name: string;
  let weight: number;
  let factor: number;
  if (isLock) {
    const size = lockSizes[packIndex] ?? { label: 'Standard', factor: 1 };
    name = `${lockVariants[variantIndex]} ${base.name} ${size.label}`;
    weight = Math.round(base.weight * size.factor);
    factor = size.factor;
  } else {
    const pack = foodPacks[packIndex] ?? 1;
    weight = Math.round(base.weight * pack);
    name = `${foodVariants[variantIndex]} ${base.name} ${weightLabel(weight)}`;
    // Bigger packs cost less per gram.
    factor = pack ** 0.9;
  }
  if (bundle > 1) name = `${name} (Pack of ${bundle})`;
  const unit = base.price * factor * (variantFactor[variantIndex] ?? 1);
  const price = shopPrice(unit * bundle * (bundle > 1 ? 0.95 : 1));
  const mrp = prng.next() < 0.7 ? shopPrice(price * (1.08 + prng.next() * 0.2)) : price;
  const declarations = declarationsOf(base);
  const stockRoll = prng.next();
  const labelRoll = prng.next();
  return {
    categoryId: base.categoryId,
    name,
    urlSlug: `${slugify(name)}-b${n}`,
    description: `${base.blurb} ${categoryClosing[base.categoryId] ?? ''}`.trim(),
    mainImage: null,
    productLabels: labelRoll < 0.03 ? ['New'] : labelRoll < 0.06 ? ['Bestseller'] : [],
    itemWeight: weight * bundle,
    ...declarations,
    // A pack of N holds N locks, or N times the food's net weight.
    netQuantity: isLock ? bundle : weight * bundle,
    sellingPricePaise: rupeesToPaise(price),
    mrpPaise: rupeesToPaise(mrp),
    availableStock: stockRoll < 0.05 ? 0 : prng.int(1, 250),
    isActive: true,
    displayOrder: 1000 + n,
  };
}

/**
 * Adds generated products until the catalogue holds `total` products, in batches of 1000.
 * Numbering continues from the current count, so calling it again with a larger total adds more.
 * Returns the number of products inserted.
 */
export async function seedBenchProducts(db: Db, total: number, batchSize = 1000): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  const existing = Number(row?.n ?? 0);
  const wanted = total - existing;
  if (wanted <= 0) return 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < wanted; start += batchSize) {
      const size = Math.min(batchSize, wanted - start);
      await tx
        .insert(products)
        .values(Array.from({ length: size }, (_, i) => benchProduct(existing + start + i)));
    }
  });
  return wanted;
}
