import type { Product, ProductDetail } from '@shop/contract/catalogue';
import { paiseToRupees } from '@shop/contract/money';
import { keepBrotliCopy } from '../../http/brotli-copies.ts';
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
 * Products up to which a catalogue keeps every answer: ~1 KB each with its JSON (10,000 took 4.5 MB
 * of heap and 5.0 MB of buffers), so up to ~20 MB; and the detail of each product asked for, ~1.2 KB
 * more with its brotli copy (10,000 details: 10–14 MiB more RSS in the bench's detail runs). A
 * larger catalogue keeps none: see `productAnswers`.
 */
export const KEEP_ANSWERS_UP_TO_PRODUCTS = 20_000;

/**
 * The answer of each catalogue row, as one frozen object per row with its JSON text kept
 * (http/json-pieces.ts): a product on many pages — every listing and search that shows it — is
 * built and serialised once, not once per answer. An uncached category listing of 100 products
 * spent a fifth of its CPU serialising them.
 *
 * Keyed by the row object itself (weakly): the catalogue's memory never edits a row, it puts a
 * freshly read one in its place when the database announces a change (search-index.ts), so a
 * changed product is a new key, and the old answer goes with the old row.
 *
 * Only a catalogue of at most `limit` products keeps its answers, all of them for as long as their
 * rows. A bounded memory of the latest answers was tried for larger catalogues: at 100,000 products,
 * where random listings mostly miss it, each answer lived a fraction of a second — long enough for
 * V8 to move it to its old generation — and listings cost 1.5–2.5 times the CPU they cost without
 * it (ADR 0012, "2026-11-28, night").
 */
export interface ProductAnswers {
  of(row: ProductRow): Product;
  /**
   * A product's detail (its answer with the declarations and the consumer-care contact its page
   * shows), made by `make` and kept like the answer, with its brotli copy (http/brotli-copies.ts):
   * details are asked for with URLs the response cache does not keep, and each was serialised and
   * compressed afresh. Made again when the shop's consumer-care contact the detail carries changed.
   */
  detailOf(row: ProductRow, consumerCare: string, make: () => ProductDetail): Readonly<ProductDetail>;
}

export function productAnswers(
  catalogueSize: () => number,
  limit = KEEP_ANSWERS_UP_TO_PRODUCTS,
): ProductAnswers {
  const kept = new WeakMap<ProductRow, Readonly<Product>>();
  const details = new WeakMap<ProductRow, { consumerCare: string; detail: Readonly<ProductDetail> }>();
  return {
    of(row) {
      const known = kept.get(row);
      if (known) return known;
      if (catalogueSize() > limit) return toProduct(row);
      const product = keepJson(toProduct(row));
      kept.set(row, product);
      return product;
    },
    detailOf(row, consumerCare, make) {
      const known = details.get(row);
      if (known?.consumerCare === consumerCare) return known.detail;
      const detail = make();
      if (catalogueSize() > limit) return detail;
      // Frozen as the answers inside it are: it reaches a page's loaders as it is.
      Object.freeze(detail.declarations.net_quantity);
      Object.freeze(detail.declarations.unit_sale_price);
      Object.freeze(detail.declarations);
      keepBrotliCopy(Object.freeze(detail));
      details.set(row, { consumerCare, detail });
      return detail;
    },
  };
}
