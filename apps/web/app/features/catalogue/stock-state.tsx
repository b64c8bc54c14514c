import classes from './stock-state.module.css';

/**
 * 'In stock' or 'Sold out' beside a product's name, on its page and in its modal alike. Not
 * "Out of Stock": that is the disabled button's text (product rules §4), said once.
 */
export function StockState({ inStock }: { inStock: boolean }) {
  return (
    <span className={inStock ? classes.inStock : classes.soldOut} data-testid="stock-state">
      {inStock ? 'In stock' : 'Sold out'}
    </span>
  );
}
