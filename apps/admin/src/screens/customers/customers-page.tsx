import { Anchor, Badge, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { AdminCustomerRow } from '@shop/contract/admin/customers';
import { Link } from 'react-router';
import { formatDateTime } from '../../forms/dates.ts';
import { ServerTable } from '../../tables/server-table.tsx';
import { useUrlParam } from '../../tables/url-state.ts';

export function CustomerState({
  customer,
}: {
  customer: Pick<AdminCustomerRow, 'blocked' | 'email_verified'>;
}) {
  if (customer.blocked) return <Badge color="red">Blocked</Badge>;
  if (!customer.email_verified) return <Badge color="yellow">Not verified</Badge>;
  return <Badge color="green">Active</Badge>;
}

/** The shop's customers, newest first; search by e-mail, name or mobile number (server-paged). */
export default function CustomersPage() {
  const [state, setState] = useUrlParam('state');
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Customers
        </Title>
        <Text c="dimmed" size="sm">
          Search by e-mail, name or mobile number. Open a customer for their orders and addresses, to block
          them or to send their verification code again.
        </Text>
      </div>
      <SegmentedControl
        w="fit-content"
        value={state || 'all'}
        onChange={(value) => setState(value === 'all' ? '' : value)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'unverified', label: 'Not verified' },
          { value: 'blocked', label: 'Blocked' },
        ]}
      />
      <ServerTable<AdminCustomerRow>
        path="customers"
        filters={{ state }}
        noRecordsText="No customers match."
        columns={[
          {
            accessor: 'email',
            title: 'Customer',
            render: (c) => (
              <Stack gap={0}>
                <Anchor
                  component={Link}
                  to={`/customers/${c.id}`}
                  fw={600}
                  style={{ wordBreak: 'break-all' }}
                >
                  {c.email}
                </Anchor>
                {c.name && (
                  <Text size="xs" c="dimmed">
                    {c.name}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'mobile_number',
            title: 'Mobile',
            render: (c) => c.mobile_number || '—',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          { accessor: 'order_count', title: 'Orders', textAlign: 'right' },
          {
            accessor: 'blocked',
            title: 'Status',
            render: (c) => (
              <Group gap={4}>
                <CustomerState customer={c} />
              </Group>
            ),
          },
          {
            accessor: 'created_at',
            title: 'Joined',
            render: (c) => formatDateTime(c.created_at),
            noWrap: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
        ]}
      />
    </Stack>
  );
}
