import { Divider, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { productImageUrl } from '@shop/contract/media';
import { formatInr, formatPaise, rupeesToPaise } from '@shop/contract/money';
import { orderTotals } from '@shop/contract/order-totals';
import { IconTicket } from '@tabler/icons-react';
import { OrderTotals } from '../../components/order-totals.tsx';
import type { PayableOrder } from './payable-order.ts';
import { gstAtPayment } from './payment-gst.ts';

/**
 * Right column: the order's items and totals (as the server priced them) and its coupon. The
 * total price breakdown before payment: with `codFeePaise` (cash on delivery chosen) the fee is
 * a row of its own and part of the total, summed by the order-totals function like the server's.
 */
export function PaymentOrderSummary({
  order,
  codFeePaise,
  zoneCodFeePaise,
  deliveryNote,
}: {
  order: PayableOrder;
  codFeePaise: number;
  /** The fee cash on delivery would add (0: none, or not offered). */
  zoneCodFeePaise: number;
  deliveryNote?: string | undefined;
}) {
  const totals = orderTotals({
    lines: [{ unitPricePaise: rupeesToPaise(order.subtotal), quantity: 1 }],
    discountPaise: rupeesToPaise(order.discount),
    delivery: { chargePaise: rupeesToPaise(order.shipping ?? 0), freeAbovePaise: null },
    codFeePaise,
  });
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Title order={2} size="h4" mb="sm">
          Order Summary
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          Order {order.order_id}
        </Text>
        <Stack gap="xs">
          {order.items.map((item) => (
            <Group key={item.item_id} wrap="nowrap" gap="sm" align="center">
              <Image
                src={item.image ? productImageUrl(item.item_id, item.image, '120x120') : undefined}
                alt={item.name}
                w={50}
                h={50}
                radius="sm"
                fit="cover"
              />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {item.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {formatInr(item.price)} x {item.quantity}
                </Text>
              </Stack>
              <Text size="sm" fw={600}>
                {formatInr(item.line_total)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider my="sm" />
        <Stack gap={6}>
          <OrderTotals
            totals={totals}
            couponCode={order.coupon_code}
            deliveryNote={deliveryNote}
            gst={gstAtPayment(order, codFeePaise)}
            totalTestId="payment-total"
          />
          <Text size="xs" c="gray.7" data-testid="price-inclusions">
            {zoneCodFeePaise > 0
              ? `All prices include GST. There are no handling or payment fees; cash on delivery adds ${formatPaise(zoneCodFeePaise)}.`
              : 'All prices include GST. There are no handling, payment or cash-on-delivery fees.'}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" shadow="xs">
        <Group gap="xs" mb={4}>
          <IconTicket size={20} aria-hidden="true" />
          <Title order={2} size="h5">
            Coupon
          </Title>
        </Group>
        {order.coupon_code ? (
          <Text size="sm">
            Coupon <strong>{order.coupon_code}</strong> applied: you save {formatInr(order.discount)}.
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            No coupon applied to this order.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
