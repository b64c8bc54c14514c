import { IconShoppingCart } from '@tabler/icons-react';
import { IconButton } from '../components/ui/button.tsx';
import { useCart } from '../lib/cart-store.ts';
import classes from './layout.module.css';

/** Cart icon with the number of items, linking /cart (renders 0 on the server: no mismatch). */
export function CartButton() {
  const items = useCart();
  const count = items.length;
  return (
    <span className={classes.cartButton} data-testid="cart-count">
      <IconButton
        to="/cart"
        variant="light"
        color="saffron"
        size={42}
        round
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      >
        <IconShoppingCart size={22} color="var(--mantine-color-maroon-9)" aria-hidden />
      </IconButton>
      {count > 0 && (
        <span className={classes.cartCount} aria-hidden>
          {count}
        </span>
      )}
    </span>
  );
}
