import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORDER_STATUSES, type Order, type OrderStatus, orderStatusLabels } from '@shop/contract/orders';
import { IconPackage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, type MetaFunction, useNavigate } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { Protected } from '../components/protected.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { OrderCard } from '../features/orders/order-card.tsx';
import { ordersApi } from '../features/orders/orders-api.ts';
import { reorder } from '../features/orders/reorder.ts';
import { errorText, notifyError } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Order History', 'orders', args);

/** /orders (product rules §2 Orders), logged-in area: the customer's orders, newest first. */
export default function OrdersRoute() {
  return (
    <>
      <InnerPageBanner title="Order History" />
      <Container size="xl" py="xl">
        <Protected>
          <OrderHistory />
        </Protected>
      </Container>
    </>
  );
}

function OrderHistory() {
  const navigate = useNavigate();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  // '' shows every order; a status narrows the list on the server.
  const [status, setStatus] = useState<OrderStatus | ''>('');

  useEffect(() => {
    let current = true;
    ordersApi
      .list(status || undefined)
      .then((r) => current && setOrders(r.items))
      .catch((e: unknown) => current && setError(errorText(e)));
    return () => {
      current = false;
    };
  }, [status]);

  async function onReorder(order: Order) {
    setBusyId(order.id);
    try {
      const notices = await reorder(order);
      for (const message of notices) notifications.show({ message, color: 'yellow', autoClose: 6000 });
      navigate('/cart');
    } catch (e) {
      notifyError(e);
    } finally {
      setBusyId(null);
    }
  }

  if (error)
    return (
      <Alert color="red" title="Could not load your orders">
        {error}
      </Alert>
    );
  if (!orders)
    return (
      <Center py={80}>
        <Loader color="saffron" aria-label="Loading orders" />
      </Center>
    );
  if (orders.length === 0 && !status)
    return (
      <Paper withBorder radius="md" p="xl" maw={560} mx="auto" ta="center">
        <Stack align="center">
          <IconPackage size={48} color="var(--mantine-color-saffron-8)" aria-hidden />
          <Title order={2} size="h3">
            No orders yet
          </Title>
          <Text c="gray.7">When you place an order, it will appear here.</Text>
          <Button component={Link} to="/" color="maroon">
            Continue Shopping
          </Button>
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Your Orders ({orders.length})
        </Title>
        <NativeSelect
          label="Show"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as OrderStatus | '')}
          data={[
            { value: '', label: 'All orders' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabels[s] })),
          ]}
          w={180}
        />
      </Group>
      {orders.length === 0 && (
        <Text c="gray.7">No {orderStatusLabels[status || 'pending'].toLowerCase()} orders.</Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} onReorder={() => onReorder(o)} reordering={busyId === o.id} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
