import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatInr } from '@shop/contract/money';
import { orderMessages } from '@shop/contract/orders';
import type { ReactNode } from 'react';

/** Subtotal, discount, shipping ('calculated at next step' until known) and total, in rupees. */
export function OrderSummary({
  subtotal,
  discount,
  couponCode,
  shipping,
  children,
  title = 'Order Summary',
}: {
  subtotal: number;
  discount: number;
  couponCode?: string | null;
  /** Rupees, or undefined for the cart's 'calculated at next step'. */
  shipping?: number;
  children?: ReactNode;
  title?: string;
}) {
  const total = Math.max(0, Math.round((subtotal - discount) * 100) / 100 + (shipping ?? 0));
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group justify="space-between">
          <Text>Subtotal</Text>
          <Text fw={600} data-testid="summary-subtotal">
            {formatInr(subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>Discount{couponCode ? ` (${couponCode})` : ''}</Text>
          <Text fw={600} c={discount > 0 ? 'green.8' : undefined} data-testid="summary-discount">
            {discount > 0 ? `-${formatInr(discount)}` : formatInr(0)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>Shipping</Text>
          <Text size="sm" c={shipping === undefined ? 'dimmed' : undefined}>
            {shipping === undefined
              ? orderMessages.shippingAtNextStep
              : shipping === 0
                ? 'Free'
                : formatInr(shipping)}
          </Text>
        </Group>
        <Divider />
        <Group justify="space-between">
          <Text fw={700} size="lg">
            Total
          </Text>
          <Text fw={800} size="lg" c="maroon.8" data-testid="summary-total">
            {formatInr(total)}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
