import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { AdminCustomerDetail, AdminCustomerRow } from '@shop/contract/admin/customers';
import { formatPaise } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import { paymentLabel } from '@shop/contract/payment-label';
import { IconArrowLeft } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../api.ts';
import { ScrollTable } from '../../tables/scroll-table.tsx';
import { ConfirmAction } from '../../forms/confirm-action.tsx';
import { formatDateTime } from '../../forms/dates.ts';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { LoadFailed } from '../../layout/load-failed.tsx';
import { statusColor } from '../orders/order-labels.ts';
import { CustomerState } from './customers-page.tsx';

/** One customer: state, addresses, newest orders; block/unblock and resend the verification code. */
export default function CustomerPage() {
  const { id } = useParams();
  const [customer, setCustomer] = useState<AdminCustomerDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const load = useCallback(() => {
    adminApi.get<AdminCustomerDetail>(`customers/${id}`).then(setCustomer).catch(setError);
  }, [id]);
  useEffect(load, [load]);

  if (error)
    return (
      <LoadFailed
        retry={() => {
          setError(null);
          load();
        }}
      />
    );
  if (!customer) return <Text c="dimmed">Loading…</Text>;

  const setBlocked = async (blocked: boolean) => {
    const row = await adminApi.post<AdminCustomerRow>(
      `customers/${customer.id}/${blocked ? 'block' : 'unblock'}`,
    );
    setCustomer({ ...customer, ...row });
    notifySaved(
      blocked ? 'The customer is blocked and logged out everywhere.' : 'The customer can log in again.',
    );
  };
  const resend = async () => {
    setSending(true);
    try {
      const { message } = await adminApi.post<{ message: string }>(
        `customers/${customer.id}/resend-verification`,
      );
      notifySaved(message);
    } catch (e) {
      notifyFailed(e);
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to="/customers" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} /> Customers
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ wordBreak: 'break-all' }}>
            {customer.email}
          </Title>
          <Group gap="xs" mt={4}>
            <CustomerState customer={customer} />
            <Text size="sm" c="dimmed">
              Joined {formatDateTime(customer.created_at)} · {customer.order_count} orders
            </Text>
          </Group>
        </div>
        <Group gap="xs">
          {!customer.email_verified && (
            <Button variant="default" loading={sending} onClick={resend}>
              Resend verification
            </Button>
          )}
          {customer.blocked ? (
            <ConfirmAction
              label="Unblock"
              confirmColor="green"
              variant="default"
              question="The customer will be able to log in and order again."
              action={() => setBlocked(false)}
            />
          ) : (
            <ConfirmAction
              label="Block"
              color="red"
              variant="light"
              question="The customer is logged out everywhere and can neither log in nor order until unblocked."
              action={() => setBlocked(true)}
            />
          )}
        </Group>
      </Group>
      {customer.blocked && (
        <Alert color="red" title="Blocked">
          Blocked since {formatDateTime(customer.blocked_at)}. They see: “Your account has been blocked.
          Please contact us to have it unblocked.”
        </Alert>
      )}
      <Title order={2} size="h4">
        Addresses
      </Title>
      {customer.addresses.length === 0 ? (
        <Text c="dimmed">No saved addresses.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {customer.addresses.map((a) => (
            <Card key={a.id} withBorder padding="sm">
              <Group gap="xs">
                <Text fw={600}>{a.contact_person}</Text>
                {a.is_default && <Badge size="xs">Default</Badge>}
              </Group>
              <Text size="sm">{a.full_address}</Text>
              <Text size="sm">
                {a.city} {a.pin_code}
              </Text>
              <Text size="sm" c="dimmed">
                {a.mobile_number}
              </Text>
              {a.gstin && <Text size="sm">GSTIN {a.gstin}</Text>}
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Title order={2} size="h4">
        Orders
      </Title>
      {customer.orders.length === 0 ? (
        <Text c="dimmed">No orders yet.</Text>
      ) : (
        <ScrollTable label="Orders" minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Placed</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Payment</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {customer.orders.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/orders/${o.id}`} fw={600} size="sm">
                      {o.order_id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateTime(o.created_at)}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[o.status]} variant="light" size="sm">
                      {orderStatusLabels[o.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{paymentLabel(o)}</Table.Td>
                  <Table.Td ta="right">{formatPaise(o.total_paise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
