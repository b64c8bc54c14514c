import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@shop/contract/messages';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The heading's id: focus lands on it when the cart's last line is removed (cart-lines.tsx). */
export const EMPTY_CART_HEADING_ID = 'empty-cart-heading';

/** 'Your cart is empty' with a hint and 'Continue Shopping' to / (cart and shipping). */
export function EmptyCart() {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="saffron">
          <IconShoppingCartOff size={40} aria-hidden />
        </ThemeIcon>
        <Title order={2} id={EMPTY_CART_HEADING_ID} tabIndex={-1}>
          {messages.emptyCart}
        </Title>
        <Text c="gray.7">
          Looks like you have not added anything yet. Browse our sweets, snacks and locks and add your
          favourites to the cart.
        </Text>
        <Button component={Link} to="/" color="maroon" size="md">
          Continue Shopping
        </Button>
      </Stack>
    </Paper>
  );
}
