import { Group, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Button, IconButton } from '../../components/ui/button.tsx';
import { CartPlusIcon } from '../../components/ui/icons.tsx';
import { type CartItem, cart, maxCartQuantity, useCart } from '../../lib/cart-store.ts';
import { type Product, toCartProduct } from './product.ts';
import classes from './product-cart-actions.module.css';

interface Props {
  product: Product;
  /** Also show 'Remove from Cart' (the product modal). */
  withRemove?: boolean;
  fullWidth?: boolean;
}

/**
 * The product button states (product rules §2): 'Out of Stock' (disabled) at stock 0, 'Add to Cart', and
 * in the cart a quantity stepper (max = stock, at most one order's worth: cart-store `maxCartQuantity`) with 'View Cart' and optionally 'Remove from Cart'.
 * The cart store renders empty on the server, so SSR always shows 'Add to Cart' (no mismatch).
 */
export function ProductCartActions(props: Props) {
  // The button pressed may go away with its press (Add to Cart becomes the stepper, the stepper
  // at 0 becomes Add to Cart, + is disabled at the limit): the focus then moves to the control
  // that took its place instead of falling back to the top of the page.
  const box = useRef<HTMLDivElement>(null);
  const pressed = useRef(false);
  const line = useCart().find((i) => i.id === props.product.id);
  const qty = line?.qty ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the product's line changes.
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    const lost =
      !active ||
      active === document.body ||
      !active.isConnected ||
      (active instanceof HTMLButtonElement && active.disabled);
    if (!lost) return;
    const next =
      box.current?.querySelector<HTMLElement>('[data-takes-focus]:not(:disabled)') ??
      box.current?.querySelector<HTMLElement>('button:not(:disabled), a[href]');
    next?.focus();
  }, [qty]);
  return (
    <div
      ref={box}
      style={{ display: 'contents' }}
      onClickCapture={() => {
        pressed.current = true;
      }}
    >
      <CartActions {...props} line={line} />
    </div>
  );
}

function CartActions({
  product,
  withRemove = false,
  fullWidth = true,
  line,
}: Props & { line: CartItem | undefined }) {
  const stock = Math.max(0, product.available_stock);

  if (stock === 0 && !line) {
    return (
      <Button disabled fullWidth={fullWidth} color="gray">
        Out of Stock
      </Button>
    );
  }
  if (!line) {
    return (
      <Button
        fullWidth={fullWidth}
        color="maroon"
        leftSection={<CartPlusIcon />}
        sectionClassName={classes.addSection}
        onClick={() => cart.add(toCartProduct(product))}
        data-takes-focus
      >
        Add to Cart
      </Button>
    );
  }
  const setQty = (qty: number) => cart.setQty(toCartProduct(product), qty);
  return (
    <Stack gap={8}>
      <div className={classes.row}>
        <Group gap={6} wrap="nowrap" role="group" aria-label={`Quantity of ${product.name}`}>
          <IconButton
            variant="filled"
            color="maroon"
            size={34}
            aria-label="Decrease quantity"
            onClick={() => setQty(line.qty - 1)}
          >
            <IconMinus size={16} aria-hidden />
          </IconButton>
          <Text fw={700} miw={28} ta="center" aria-live="polite" data-testid="cart-qty">
            {line.qty}
          </Text>
          <IconButton
            variant="filled"
            color="maroon"
            size={34}
            aria-label="Increase quantity"
            data-takes-focus
            disabled={line.qty >= maxCartQuantity(product)}
            onClick={() => setQty(line.qty + 1)}
          >
            <IconPlus size={16} aria-hidden />
          </IconButton>
        </Group>
        <Button to="/cart" variant="light" color="saffron" size="sm" className={classes.viewCart}>
          View Cart
        </Button>
      </div>
      {withRemove && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => cart.remove(product.id)}
        >
          Remove from Cart
        </Button>
      )}
    </Stack>
  );
}
