import {
  Alert,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Order } from '@shop/contract/orders';
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

  useEffect(() => {
    let current = true;
    ordersApi
      .list()
      .then((r) => current && setOrders(r.items))
      .catch((e: unknown) => current && setError(errorText(e)));
    return () => {
      current = false;
    };
  }, []);

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
  if (orders.length === 0)
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
      <Title order={2} size="h3">
        Your Orders ({orders.length})
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} onReorder={() => onReorder(o)} reordering={busyId === o.id} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
