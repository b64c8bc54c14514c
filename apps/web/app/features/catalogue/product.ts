import { productImageUrl } from '@shop/contract/media';
import type { CartProduct } from '../../lib/cart-store.ts';

import type { Product } from '@shop/contract/catalogue';

export type { Product };

/** The product fields the cart keeps. */
export function toCartProduct(product: Product): CartProduct {
  return {
    id: product.id,
    name: product.name,
    main_image: product.main_image,
    item_weight: product.item_weight,
    selling_price: Number(product.selling_price),
    available_stock: product.available_stock,
    url_slug: product.url_slug,
  };
}

/** The 300x300 tile image, or null when the product has no image. */
export function productThumbUrl(product: Pick<Product, 'id' | 'main_image'>): string | null {
  return product.main_image ? productImageUrl(product.id, product.main_image, '300x300') : null;
}

export function productLargeUrl(product: Pick<Product, 'id' | 'main_image'>): string | null {
  return product.main_image ? productImageUrl(product.id, product.main_image, 'original') : null;
}

/** '250 gm' (weights are shown in grams). */
export function formatWeight(grams: number): string {
  return `${grams} gm`;
}
