import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Order } from '@shop/contract/orders';
import { IconTruckDelivery } from '@tabler/icons-react';
import { formatOrderDate } from './order-format.ts';

/**
 * Order details: the carrier and tracking number of a shipped order, with the carrier's page. The
 * shop's own van may ship without a number: then only the carrier shows.
 */
export function OrderShipment({ order }: { order: Order }) {
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <Paper withBorder radius="md" p="lg" aria-labelledby="shipment-title">
      <Stack gap={4}>
        <Group gap={6}>
          <IconTruckDelivery size={18} color="var(--mantine-color-maroon-8)" aria-hidden />
          <Title order={2} size="h4" id="shipment-title">
            Shipment
          </Title>
        </Group>
        <Text size="sm">
          Shipped on {formatOrderDate(shipment.shipped_at)} with <strong>{shipment.carrier}</strong>
        </Text>
        {shipment.tracking_number && <Text size="sm">Tracking number: {shipment.tracking_number}</Text>}
        {shipment.tracking_url && (
          <Anchor href={shipment.tracking_url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            Track your parcel
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
