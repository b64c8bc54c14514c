import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatInr } from '@shop/contract/money';
import { paymentLabel } from '@shop/contract/payment-label';
import type { Order } from '@shop/contract/orders';
import { IconEye, IconRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  badgeTextColor,
  formatOrderDate,
  paymentLabelColor,
  statusColor,
  statusLabel,
} from './order-format.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** One card of the Order History grid (product rules §2 Orders), with real values. */
export function OrderCard({
  order,
  onReorder,
  reordering,
}: {
  order: Order;
  onReorder: () => void;
  reordering: boolean;
}) {
  const count = order.items.length;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow="xs"
      component="article"
      aria-label={`Order ${order.order_id}`}
      data-testid="order-card"
    >
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <Field label="Order Id">
            {/* One line: an order number broken at its hyphens reads as two numbers. */}
            <Text fw={700} fz={{ base: 'sm', lg: 'md' }} style={{ whiteSpace: 'nowrap' }}>
              {order.order_id}
            </Text>
          </Field>
          <Field label="Order Date">
            <Text>{formatOrderDate(order.created_at)}</Text>
          </Field>
          <Field label="Order Status">
            <Badge
              color={statusColor[order.status]}
              variant="light"
              c={badgeTextColor(statusColor[order.status])}
            >
              {statusLabel(order.status)}
            </Badge>
          </Field>
          <Field label="Payment Status">
            <Badge
              color={paymentLabelColor(order)}
              variant="light"
              c={badgeTextColor(paymentLabelColor(order))}
            >
              {paymentLabel(order)}
            </Badge>
          </Field>
        </SimpleGrid>
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            {count} {count === 1 ? 'item' : 'items'}
          </Text>
          <Text fw={700} c="maroon.8">
            {formatInr(order.total_amount)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            component={Link}
            to={`/orders/${order.id}`}
            variant="light"
            color="saffron"
            c="saffron.9"
            leftSection={<IconEye size={16} aria-hidden />}
          >
            View Details
          </Button>
          <Button
            color="maroon"
            leftSection={<IconRepeat size={16} aria-hidden />}
            onClick={onReorder}
            loading={reordering}
          >
            Re-Order
          </Button>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
