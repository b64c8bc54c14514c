import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCart } from '../cart/cart-store.ts';

/** Cart icon with the number of items, linking /cart (renders 0 on the server: no mismatch). */
export function CartButton() {
  const items = useCart();
  const count = items.length;
  return (
    <Indicator
      label={count}
      size={18}
      color="maroon"
      disabled={count === 0}
      offset={4}
      data-testid="cart-count"
    >
      <ActionIcon
        component={Link}
        to="/cart"
        variant="light"
        color="saffron"
        size={42}
        radius="xl"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      >
        <IconShoppingCart size={22} color="var(--mantine-color-maroon-9)" aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
