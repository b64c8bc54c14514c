import { formatInr } from '@shop/contract/money';
import { IconPhotoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FoodMark } from './product-food-mark.tsx';
import { type Product, formatWeight, productThumbUrl } from './product.ts';
import { ProductCartActions } from './product-cart-actions.tsx';
import { useOpenProduct } from './product-modal.tsx';
import classes from './product-tile.module.css';
import { productPath } from './product-url.ts';

interface Props {
  product: Product;
  /** Above-the-fold tiles load eagerly. */
  eager?: boolean;
}

/**
 * A product tile: 300x300 image, name, weight and price, and FSSAI's veg / non-veg mark on food.
 * Clicking the image opens the product modal; the name links to the product's own page.
 */
export function ProductTile({ product, eager = false }: Props) {
  const openProduct = useOpenProduct();
  const image = productThumbUrl(product);
  const mrp = product.mrp && product.mrp > product.selling_price ? product.mrp : null;
  return (
    <article className={classes.tile} data-testid="product-tile">
      <button
        type="button"
        className={classes.open}
        onClick={() => openProduct(product)}
        aria-label={`View ${product.name}`}
        aria-haspopup="dialog"
      >
        <div className={classes.imageBox}>
          {image ? (
            <img
              src={image}
              alt={product.main_image_alt || product.name}
              width={300}
              height={300}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className={classes.image}
            />
          ) : (
            <IconPhotoOff size={48} color="var(--mantine-color-gray-5)" aria-hidden />
          )}
        </div>
      </button>
      {product.available_stock === 0 && (
        <span className={classes.soldOut} aria-hidden>
          Sold out
        </span>
      )}
      {/* Plain elements, not Mantine's Card/Stack/Group/Text: a category page renders dozens of
          tiles, and each Mantine component costs script, server rendering and hydration time. */}
      <div className={classes.body}>
        {/* Beside the heading, not in it: the heading's name stays the product's name. */}
        <div className={classes.nameRow}>
          <FoodMark foodType={product.food_type} />
          <h3 className={classes.name}>
            <Link to={productPath(product)} className={classes.nameLink}>
              {product.name}
            </Link>
          </h3>
        </div>
        <div className={classes.facts}>
          <div className={classes.prices}>
            <p className={classes.price} data-testid="product-price">
              {formatInr(Number(product.selling_price))}
            </p>
            {mrp && <p className={classes.mrp}>{formatInr(mrp)}</p>}
          </div>
          <p className={classes.weight}>{formatWeight(product.item_weight)}</p>
        </div>
      </div>
      <div className={classes.actions}>
        <ProductCartActions product={product} />
      </div>
    </article>
  );
}
