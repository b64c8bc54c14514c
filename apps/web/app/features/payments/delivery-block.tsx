import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { PayableOrder } from './payable-order.ts';

/** Where the order goes: contact person, full address, pincode and mobile number. */
export function DeliveryBlock({ address }: { address: PayableOrder['shipping_address'] }) {
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Title order={2} size="h4" mb="sm">
        <IconMapPin size={20} aria-hidden="true" style={{ verticalAlign: '-3px', marginRight: 6 }} />
        Delivery Address
      </Title>
      {/* A name or address typed without spaces wraps instead of widening the page. */}
      <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
        <Text fw={700} data-testid="delivery-contact">
          {address.contact_person}
        </Text>
        <Text data-testid="delivery-address">
          {address.full_address}
          {address.city ? `, ${address.city}` : ''}
        </Text>
        {address.landmark ? <Text size="sm">Landmark: {address.landmark}</Text> : null}
        {address.gstin ? <Text size="sm">GSTIN: {address.gstin}</Text> : null}
        <Text data-testid="delivery-pincode">
          <Text span fw={600}>
            Pincode:
          </Text>{' '}
          {address.pin_code}
        </Text>
        <Text data-testid="delivery-mobile">
          <Text span fw={600}>
            Mobile:
          </Text>{' '}
          {address.mobile_number}
        </Text>
      </Stack>
    </Paper>
  );
}
