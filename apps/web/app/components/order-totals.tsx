import { Divider, Group, Text } from '@mantine/core';
import { formatInr } from '@shop/contract/money';
import { orderMessages } from '@shop/contract/orders';

/**
 * An order's totals in rupees: subtotal, discount (with the coupon's code), shipping ('calculated
 * at next step' while it is not known yet, 'Free' at zero) and, below a rule, the total. Only the
 * rows: the caller's stack spaces them.
 */
export function OrderTotals({
  subtotal,
  discount,
  couponCode,
  shipping,
  total,
  totalTestId = 'summary-total',
}: {
  subtotal: number;
  discount: number;
  couponCode?: string | null;
  /** Undefined until the delivery address is chosen. */
  shipping?: number;
  total: number;
  totalTestId?: string;
}) {
  return (
    <>
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text fw={600} data-testid="summary-subtotal">
          {formatInr(subtotal)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text>Discount{couponCode ? ` (${couponCode})` : ''}</Text>
        <Text fw={600} c={discount > 0 ? 'green.9' : undefined} data-testid="summary-discount">
          {discount > 0 ? `-${formatInr(discount)}` : formatInr(0)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text>Shipping</Text>
        {shipping === undefined ? (
          <Text size="sm" c="dimmed">
            {orderMessages.shippingAtNextStep}
          </Text>
        ) : (
          <Text fw={600}>{shipping === 0 ? 'Free' : formatInr(shipping)}</Text>
        )}
      </Group>
      <Divider />
      <Group justify="space-between">
        <Text fw={700} size="lg">
          Total
        </Text>
        <Text fw={800} size="lg" c="maroon.9" data-testid={totalTestId}>
          {formatInr(total)}
        </Text>
      </Group>
    </>
  );
}
