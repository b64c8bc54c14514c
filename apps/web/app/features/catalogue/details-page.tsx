import type { ProductDetail } from '@shop/contract/catalogue';
import { formatInr } from '@shop/contract/money';
import { descriptionText } from '@shop/contract/product-description';
import { formatNetQuantity, formatUnitSalePrice, MRP_TAX_NOTE } from '@shop/contract/package-declarations';
import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';
import { FoodMarkLabel } from './food-mark-label.tsx';
import { ProductPageImages } from './details-images.tsx';
import { ProductCartActions } from './product-cart-actions.tsx';
import { ProductDeclarations } from './declarations-list.tsx';
import classes from './details-page.module.css';
import { StockState } from './stock-state.tsx';

/**
 * (Not named product-*: those files make the tiles' chunk every listing page loads; see
 * shell-chunks.ts.)
 *
 * The body of /product/{id}/{slug} (below the page banner): the images; the veg / non-veg mark,
 * price with MRP and unit sale price, net quantity, stock and the cart buttons; `aside` (the
 * delivery check); the description; and the declarations. Nothing here depends on who is looking,
 * so the server's HTML can be cached and shared (the cart buttons fill in after hydration).
 */
export function ProductPageView({
  product,
  fssaiLicenceNumber,
  aside,
}: {
  product: ProductDetail;
  fssaiLicenceNumber: string;
  aside?: ReactNode;
}) {
  const d = product.declarations;
  const mrp = product.mrp && product.mrp > product.selling_price ? product.mrp : null;
  return (
    <Container className={classes.page}>
      <div className={classes.top}>
        <ProductPageImages product={product} />
        <div className={classes.summary}>
          <div className={classes.badges}>
            <FoodMarkLabel foodType={product.food_type} />
            <StockState inStock={product.available_stock > 0} />
          </div>
          <div className={classes.priceBlock}>
            <p className={classes.price} data-testid="product-price">
              {formatInr(product.selling_price)}
            </p>
            {mrp && (
              <p className={classes.mrp}>
                MRP <s>{formatInr(mrp)}</s>
              </p>
            )}
          </div>
          <p className={classes.taxNote}>
            {mrp ? 'Price' : 'MRP'} {MRP_TAX_NOTE}
            {d.unit_sale_price && <> · {formatUnitSalePrice(d.unit_sale_price)}</>}
          </p>
          {d.net_quantity && (
            <p className={classes.quantity}>
              Net quantity: <strong>{formatNetQuantity(d.net_quantity)}</strong>
            </p>
          )}
          <div className={classes.cart}>
            <ProductCartActions product={product} withRemove fullWidth={false} />
          </div>
          {aside}
        </div>
      </div>
      {descriptionText(product.description) && (
        <section className={classes.section} aria-labelledby="description-heading">
          <h2 id="description-heading" className={classes.sectionTitle}>
            Description
          </h2>
          <div
            className={classes.description}
            // HTML sanitised by the server on every write (contract/product-description.ts).
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        </section>
      )}
      <ProductDeclarations product={product} fssaiLicenceNumber={fssaiLicenceNumber} />
    </Container>
  );
}
