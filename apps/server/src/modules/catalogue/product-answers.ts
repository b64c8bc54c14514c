import type { Product } from '@shop/contract/catalogue';
import { paiseToRupees } from '@shop/contract/money';
import { keepJson } from '../../http/json-pieces.ts';
import type { ProductRow } from './catalogue.repository.ts';

/** A product as the public API shows it (the contract's `Product`), from its row. */
export function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    name: r.name,
    url_slug: r.urlSlug,
    description: r.description,
    main_image: r.mainImage,
    main_image_alt: r.mainImageAlt,
    attachments: r.attachments,
    product_labels: r.productLabels,
    item_weight: r.itemWeight,
    selling_price: paiseToRupees(r.sellingPricePaise),
    mrp: r.mrpPaise === null ? null : paiseToRupees(r.mrpPaise),
    available_stock: r.availableStock,
    category_id: r.categoryId,
    food_type: r.foodType === 'veg' || r.foodType === 'non_veg' ? r.foodType : 'not_food',
  };
}

/**
 * Rows whose answers are kept at most: ~0.6 KB each (the answer and its JSON text), so at most
 * ~6 MB — every product of a 10,000-product shop, the most recently listed tenth of 100,000.
 */
export const KEPT_PRODUCT_ANSWERS = 10_000;

/**
 * The answer of each catalogue row a list showed lately, as one object per row marked for its JSON
 * text to be kept (http/json-pieces.ts): a product on many pages — every listing and search that
 * shows it — is built and serialised once, not once per answer. An uncached category listing of 100
 * products spent a fifth of its CPU serialising them.
 *
 * Keyed by the row object itself: the catalogue's memory never edits a row, it puts a freshly read
 * one in its place when the database announces a change (search-index.ts), so a changed product is
 * a new key and its old answer is simply not asked for again. Bounded by count, the oldest entry
 * first out (no reordering on a hit: a popular product that falls out is built again once).
 */
export interface ProductAnswers {
  of(row: ProductRow): Product;
  readonly size: number;
}

export function productAnswers(limit = KEPT_PRODUCT_ANSWERS): ProductAnswers {
  const kept = new Map<ProductRow, Product>();
  return {
    of(row) {
      let product = kept.get(row);
      if (!product) {
        product = keepJson(Object.freeze(toProduct(row)));
        kept.set(row, product);
        if (kept.size > limit) kept.delete(kept.keys().next().value as ProductRow);
      }
      return product;
    },
    get size() {
      return kept.size;
    },
  };
}
