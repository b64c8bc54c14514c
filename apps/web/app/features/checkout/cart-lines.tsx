import { ActionIcon, Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { productImageUrl } from '@shop/contract/media';
import { formatInr } from '@shop/contract/money';
import { productPath } from '@shop/contract/product-path';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type CartItem, cart, maxCartQuantity } from '../../lib/cart-store.ts';
import classes from './checkout.module.css';
import { EMPTY_CART_HEADING_ID } from './empty-cart.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

const lineTotal = (i: CartItem) => (Math.round(i.selling_price * 100) * i.qty) / 100;
const imageOf = (i: CartItem, size: '120x120') =>
  i.main_image ? productImageUrl(i.id, i.main_image, size) : undefined;
const setQty = (i: CartItem, qty: number) => cart.setQty(i, qty);

/** A line's name links to the product's page. */
function ProductName({ item, lineClamp }: { item: CartItem; lineClamp?: number }) {
  return (
    <Anchor component={Link} to={productPath(item)} fw={600} c="dark.8" lineClamp={lineClamp}>
      {item.name}
    </Anchor>
  );
}

/**
 * Removing a line takes the focused button away with it, and focus would fall back to the start
 * of the page: it moves to the next line's remove button (the previous one's for the last line),
 * or to the "Your cart is empty" heading once no line is left.
 */
function removeKeepingFocus(item: CartItem, button: HTMLElement) {
  const line = button.closest('tr, li');
  const neighbour = line?.nextElementSibling ?? line?.previousElementSibling;
  cart.remove(item.id);
  requestAnimationFrame(() => {
    const next = neighbour?.querySelector<HTMLElement>('[data-remove-line]');
    (next ?? document.getElementById(EMPTY_CART_HEADING_ID))?.focus();
  });
}

function RemoveButton({ item }: { item: CartItem }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size={36}
      aria-label={`Remove ${item.name} from cart`}
      data-remove-line
      onClick={(event) => removeKeepingFocus(item, event.currentTarget)}
    >
      <IconTrash size={20} aria-hidden />
    </ActionIcon>
  );
}

/** The cart lines: a table on desktop, a list of cards on phones (≤ 768 px). */
export function CartLines({ items }: { items: CartItem[] }) {
  return (
    <>
      <div className={classes.desktopOnly}>
        <Table verticalSpacing="md" horizontalSpacing="md" striped={false} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Quantity</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="cart-line">
                <Table.Td w={140}>
                  <img
                    src={imageOf(item, '120x120')}
                    alt={item.name}
                    className={classes.thumb}
                    width={120}
                    height={120}
                  />
                </Table.Td>
                <Table.Td>
                  <ProductName item={item} />
                  <Text size="sm" c="gray.7">
                    {item.item_weight} gm
                  </Text>
                </Table.Td>
                <Table.Td>{formatInr(item.selling_price)}</Table.Td>
                <Table.Td>
                  <QuantityStepper
                    name={item.name}
                    qty={item.qty}
                    max={maxCartQuantity(item)}
                    onChange={(q) => setQty(item, q)}
                  />
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatInr(lineTotal(item))}
                </Table.Td>
                <Table.Td w={56}>
                  <RemoveButton item={item} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Stack className={classes.mobileOnly} gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Paper component="li" key={item.id} withBorder p="sm" radius="md" data-testid="cart-line-mobile">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <img
                src={imageOf(item, '120x120')}
                alt={item.name}
                className={classes.mobileThumb}
                width={84}
                height={84}
              />
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <ProductName item={item} lineClamp={2} />
                    <Text size="sm" c="gray.7">
                      {item.item_weight} gm · {formatInr(item.selling_price)}
                    </Text>
                  </div>
                  <RemoveButton item={item} />
                </Group>
                <Group justify="space-between" wrap="nowrap">
                  <QuantityStepper
                    name={item.name}
                    qty={item.qty}
                    max={maxCartQuantity(item)}
                    onChange={(q) => setQty(item, q)}
                  />
                  <Text fw={700}>{formatInr(lineTotal(item))}</Text>
                </Group>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
