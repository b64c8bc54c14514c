import { Divider, Group, Text } from '@mantine/core';
import { formatPaise } from '@shop/contract/money';
import type { OrderTotals as Totals } from '@shop/contract/order-totals';
import { orderMessages } from '@shop/contract/orders';
import type { ReactNode } from 'react';

/**
 * An order's totals as the order-totals function summed them (paise): subtotal, discount (with
 * the coupon's code), delivery ('calculated at next step' while no address is chosen, 'Free' at
 * zero, with an optional note such as the ETA), the cash-on-delivery fee when there is one and,
 * below a rule, the total. Only the rows: the caller's stack spaces them.
 */
export function OrderTotals({
  totals,
  couponCode,
  deliveryKnown = true,
  deliveryNote,
  totalTestId = 'summary-total',
}: {
  totals: Totals;
  couponCode?: string | null;
  /** False until the delivery address is chosen. */
  deliveryKnown?: boolean;
  deliveryNote?: ReactNode;
  totalTestId?: string;
}) {
  return (
    <>
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text fw={600} data-testid="summary-subtotal">
          {formatPaise(totals.subtotalPaise)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text>Discount{couponCode ? ` (${couponCode})` : ''}</Text>
        <Text fw={600} c={totals.discountPaise > 0 ? 'green.9' : undefined} data-testid="summary-discount">
          {totals.discountPaise > 0 ? `-${formatPaise(totals.discountPaise)}` : formatPaise(0)}
        </Text>
      </Group>
      <div>
        <Group justify="space-between">
          <Text>Delivery</Text>
          {deliveryKnown ? (
            <Text fw={600} data-testid="summary-delivery">
              {totals.deliveryPaise === 0 ? 'Free' : formatPaise(totals.deliveryPaise)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {orderMessages.shippingAtNextStep}
            </Text>
          )}
        </Group>
        {deliveryNote && (
          <Text size="xs" c="gray.7" ta="right" data-testid="summary-delivery-note">
            {deliveryNote}
          </Text>
        )}
      </div>
      {totals.codFeePaise > 0 && (
        <Group justify="space-between">
          <Text>Cash on delivery fee</Text>
          <Text fw={600} data-testid="summary-cod-fee">
            {formatPaise(totals.codFeePaise)}
          </Text>
        </Group>
      )}
      <Divider />
      <Group justify="space-between">
        <Text fw={700} size="lg">
          Total
        </Text>
        <Text fw={800} size="lg" c="maroon.9" data-testid={totalTestId}>
          {formatPaise(totals.totalPaise)}
        </Text>
      </Group>
    </>
  );
}
