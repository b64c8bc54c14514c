import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { formatInr } from '@shop/contract/money';
import { paymentLabel } from '@shop/contract/payment-label';
import { CUSTOMER_CANCELLABLE, type Order } from '@shop/contract/orders';
import { ApiFailure } from '@shop/contract/storefront-context';
import { IconArrowLeft, IconCircleCheck, IconMapPin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, type MetaFunction, useNavigate, useParams } from 'react-router';
import { checkoutOrder } from '../features/checkout/checkout-draft.ts';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { Protected } from '../components/protected.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { OrderSummary } from '../features/checkout/order-summary.tsx';
import { ProductSummary } from '../features/checkout/product-summary.tsx';
import {
  badgeTextColor,
  formatOrderDate,
  formatOrderDateTime,
  paymentLabelColor,
  statusColor,
  statusLabel,
} from '../features/orders/order-format.ts';
import { OrderShipment } from '../features/orders/order-shipment.tsx';
import { OrderInvoice } from '../features/orders/order-invoice.tsx';
import { ordersApi } from '../features/orders/orders-api.ts';
import { errorText, notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Order Details', 'orders', args);

/** /orders/{orderId} (product rules §2 Orders), logged-in area: one own order with real values. */
export default function OrderDetailsRoute() {
  return (
    <>
      <InnerPageBanner title="Order Details" />
      <Container size="xl" py="xl">
        <Protected>
          <OrderDetails />
        </Protected>
      </Container>
    </>
  );
}

function OrderDetails() {
  const { orderId = '' } = useParams();
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!orderId.trim() || Number(orderId) === 0) {
      setError('Order not found.');
      return;
    }
    let current = true;
    ordersApi
      .byAddress(orderId)
      .then((o) => current && setOrder(o))
      .catch(
        (e: unknown) =>
          current &&
          setError(e instanceof ApiFailure && e.status === 404 ? 'Order not found.' : errorText(e)),
      );
    return () => {
      current = false;
    };
  }, [orderId]);

  const back = (
    <Button
      component={Link}
      to="/orders"
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Back to Order History
    </Button>
  );
  if (error)
    return (
      <Stack align="flex-start">
        <Alert color="red" title={error} w="100%">
          This order does not exist or does not belong to your account.
        </Alert>
        {back}
      </Stack>
    );
  if (!order)
    return (
      <Center py={80}>
        <Loader color="saffron" aria-label="Loading order" />
      </Center>
    );
  const a = order.shipping_address;
  const count = order.items.length;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={2} size="h3">
                Order {order.order_id}
              </Title>
              <Text c="gray.7" size="sm">
                Placed on {formatOrderDate(order.created_at)}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge
                color={statusColor[order.status]}
                variant="light"
                c={badgeTextColor(statusColor[order.status])}
                size="lg"
              >
                {statusLabel(order.status)}
              </Badge>
              <Badge
                color={paymentLabelColor(order)}
                variant="light"
                c={badgeTextColor(paymentLabelColor(order))}
                size="lg"
              >
                Payment: {paymentLabel(order)}
              </Badge>
            </Group>
          </Group>
          <ProductSummary
            title={`Product Details - ${count} item(s)`}
            lines={order.items.map((i) => ({
              id: i.item_id,
              name: i.name,
              image: i.image,
              price: i.price,
              qty: i.quantity,
              weight: i.item_weight,
            }))}
          />
          {order.customer_remarks && (
            <Paper withBorder radius="md" p="lg" style={{ overflowWrap: 'anywhere' }}>
              <Text fw={600}>Your remarks</Text>
              <Text size="sm">{order.customer_remarks}</Text>
            </Paper>
          )}
          <OrderActions order={order} onChange={setOrder} />
          <Group>{back}</Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          {/* overflowWrap: remarks, names and addresses typed without spaces wrap inside their cards. */}
          <Paper withBorder radius="md" p="lg">
            <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
              <Group gap={6}>
                <IconMapPin size={18} color="var(--mantine-color-maroon-8)" aria-hidden />
                <Title order={2} size="h4">
                  Delivery Address
                </Title>
              </Group>
              <Text fw={600}>{a.contact_person}</Text>
              <Text size="sm">{a.full_address}</Text>
              <Text size="sm">
                {a.city} - {a.pin_code}
              </Text>
              <Text size="sm" c="gray.7">
                Landmark: {a.landmark}
              </Text>
              <Text size="sm">Mobile: {a.mobile_number}</Text>
              {a.gstin ? <Text size="sm">GSTIN: {a.gstin}</Text> : null}
            </Stack>
          </Paper>
          <OrderSummary
            subtotal={order.subtotal}
            discount={order.discount}
            couponCode={order.coupon_code}
            delivery={{ charge: order.shipping }}
            codFee={order.cod_fee ?? 0}
            storedGst={order.gst}
          >
            <Group justify="space-between">
              <Text size="sm">Payment status</Text>
              <Text size="sm" fw={600}>
                {paymentLabel(order)}
                {order.payment_gateway ? ` (${order.payment_gateway.toUpperCase()})` : ''}
              </Text>
            </Group>
          </OrderSummary>
          <OrderShipment order={order} />
          <OrderInvoice order={order} />
          <RefundList order={order} />
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="md">
              Status History
            </Title>
            <Timeline
              active={(order.status_history?.length ?? 1) - 1}
              bulletSize={22}
              lineWidth={2}
              color="maroon"
            >
              {(order.status_history ?? []).map((h) => (
                <Timeline.Item
                  key={`${h.created_at}-${h.status}-${h.note}`}
                  bullet={<IconCircleCheck size={14} aria-hidden />}
                  title={statusLabel(h.status)}
                >
                  {h.note && (
                    <Text size="sm" c="gray.7">
                      {h.note}
                    </Text>
                  )}
                  <Text size="xs" c="gray.7">
                    {formatOrderDateTime(h.created_at)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * What the customer can still do with the order: pay an unpaid one again ("Pay now": a declined
 * card is not final while the stock is held), and cancel one that is not packed yet (after a
 * confirmation; a prepaid amount is refunded in full automatically).
 */
function OrderActions({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const unpaid =
    order.status === 'pending' && (order.payment_status === 'Pending' || order.payment_status === 'Failed');
  const cancellable = CUSTOMER_CANCELLABLE.includes(order.status);
  if (!unpaid && !cancellable) return null;
  const prepaid = order.payment_status === 'Paid' || order.payment_status === 'Partially Refunded';

  async function cancel() {
    setBusy(true);
    try {
      onChange(await ordersApi.cancel(order.id));
      setConfirming(false);
      notifySuccess('Your order is cancelled.', 4000);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group>
      {unpaid && (
        <Button
          color="saffron.8"
          onClick={() => {
            checkoutOrder.setForRetry({ order });
            navigate('/payment');
          }}
        >
          Pay now
        </Button>
      )}
      {cancellable && (
        <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
          Cancel order
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Cancel order ${order.order_id}?`}
        centered
      >
        <Stack>
          <Text size="sm">
            {prepaid
              ? `The order will be cancelled and the ${formatInr(order.total_amount)} you paid refunded in full to the way you paid.`
              : 'The order will be cancelled and its items put back on sale.'}
          </Text>
          <Group justify="flex-end">
            {/* Focus starts on the safe choice, not on the dialog's close button. */}
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy} data-autofocus>
              Keep order
            </Button>
            <Button color="red.9" onClick={cancel} loading={busy}>
              Yes, cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

const REFUND_STATUS = {
  pending: 'Refund initiated',
  processed: 'Refund processed',
  failed: 'Refund failed: we will contact you',
} as const;

/** The refunds of the order, so the customer sees where the money is. */
function RefundList({ order }: { order: Order }) {
  const refunds = order.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        Refunds
      </Title>
      <Stack gap="sm">
        {refunds.map((r) => (
          <Stack key={r.id} gap={0} data-testid="refund">
            <Group justify="space-between">
              <Text fw={600}>{formatInr(r.amount)}</Text>
              <Badge
                color={r.status === 'failed' ? 'red' : 'grape'}
                variant="light"
                c={badgeTextColor(r.status === 'failed' ? 'red' : 'grape')}
              >
                {REFUND_STATUS[r.status]}
              </Badge>
            </Group>
            <Text size="sm" c="gray.7">
              {r.reason} · {formatOrderDateTime(r.processed_at ?? r.created_at)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
