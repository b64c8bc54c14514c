import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { OrderTotals } from '../../components/order-totals.tsx';

/**
 * The Order Summary card of cart, shipping and order details: the order's totals and what the
 * page adds below them.
 */
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
        <OrderTotals
          subtotal={subtotal}
          discount={discount}
          couponCode={couponCode}
          shipping={shipping}
          total={total}
        />
        {children}
      </Stack>
    </Paper>
  );
}
