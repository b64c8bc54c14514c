import { BarChart, DonutChart } from '@mantine/charts';
import '@mantine/charts/styles.layer.css';
import {
  Anchor,
  Card,
  Grid,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { Dashboard, DashboardRange } from '@shop/contract/admin/dashboard';
import { formatPaise } from '@shop/contract/money';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { adminApi } from '../../api.ts';
import { LoadFailed } from '../../layout/load-failed.tsx';
import { useUrlParam } from '../../tables/url-state.ts';

const METHOD_NAMES: Record<string, string> = {
  cod: 'Cash on delivery',
  razorpay: 'Razorpay',
  paytm: 'Paytm',
  paypal: 'PayPal',
  offline: 'Paid offline',
};
/** Axis labels: ₹12.5L, ₹3.2K — the bars' exact amounts are in the tooltip. */
function compactRupees(value: number): string {
  if (value >= 1_00_00_000) return `₹${(value / 1_00_00_000).toFixed(1)}Cr`;
  if (value >= 1_00_000) return `₹${(value / 1_00_000).toFixed(1)}L`;
  if (value >= 1_000) return `₹${(value / 1_000).toFixed(1)}K`;
  return `₹${value}`;
}
const METHOD_COLOURS = ['orange.6', 'blue.6', 'teal.6', 'grape.6', 'gray.6'];

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 26 }} fw={700} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * The shop at a glance for staff who handle orders: sales of today, 7 or 30 days, what waits to
 * be packed and shipped, low stock, failed mails and refunds (GET dashboard). Revenue is after
 * refunds; the average, the chart and the methods are sales before them (dashboard.service.ts),
 * and their labels say so.
 */
export function DashboardPanel() {
  const [rangeParam, setRange] = useUrlParam('range');
  const range: DashboardRange = rangeParam === '7d' || rangeParam === '30d' ? rangeParam : 'today';
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    adminApi
      .get<Dashboard>('dashboard', { range })
      .then(setData)
      .catch(() => setFailed(true));
  }, [range]);
  useEffect(load, [load]);

  if (failed) return <LoadFailed retry={load} />;
  const days = (data?.by_day ?? []).map((d) => ({
    // The day is India's; shown as such whatever the browser's time zone.
    day: new Date(`${d.day}T12:00:00+05:30`).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Kolkata',
    }),
    Sales: d.revenue_paise / 100,
  }));
  const methods = (data?.by_method ?? []).map((m, i) => ({
    name: METHOD_NAMES[m.method] ?? m.method,
    value: m.revenue_paise / 100,
    color: METHOD_COLOURS[i % METHOD_COLOURS.length] ?? 'gray.6',
  }));
  const rupees = (value: number) => formatPaise(Math.round(value * 100));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Dashboard
        </Title>
        <SegmentedControl
          value={range}
          onChange={(value) => setRange(value === 'today' ? '' : value)}
          data={[
            { value: 'today', label: 'Today' },
            { value: '7d', label: '7 days' },
            { value: '30d', label: '30 days' },
          ]}
        />
      </Group>
      {!data ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Figure
              label="Revenue"
              value={formatPaise(data.revenue_paise)}
              hint="Paid + COD confirmed, less refunds"
            />
            <Figure label="Orders" value={data.orders.toLocaleString('en-IN')} />
            <Figure
              label="Average order"
              value={formatPaise(data.average_order_paise)}
              hint="Sales ÷ orders, before refunds"
            />
            <Figure
              label="Refunds"
              value={formatPaise(data.refunds.amount_paise)}
              hint={`${data.refunds.count} processed`}
            />
            <Figure
              label="To pack"
              value={String(data.pending_shipments.confirmed)}
              hint="Confirmed orders"
            />
            <Figure label="To ship" value={String(data.pending_shipments.packed)} hint="Packed orders" />
            <Figure
              label="Low stock"
              value={String(data.low_stock_total)}
              hint="Products at or below threshold"
            />
            <Figure label="Failed mails" value={String(data.failed_mails)} hint="Never delivered" />
          </SimpleGrid>
          {/* Two thirds and one third side by side on wide screens, one above the other on phones
              (a fixed 'span 2' made a second, empty column there and narrowed the methods card). */}
          <Grid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Card withBorder padding="md" radius="md" h="100%">
                <Text fw={600} mb="sm">
                  Sales by day (before refunds)
                </Text>
                <BarChart
                  h={240}
                  data={days}
                  dataKey="day"
                  series={[{ name: 'Sales', color: 'orange.6' }]}
                  valueFormatter={rupees}
                  tickLine="y"
                  yAxisProps={{ tickFormatter: compactRupees, width: 64 }}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Card withBorder padding="md" radius="md" h="100%">
                <Text fw={600} mb="sm">
                  Sales by payment method
                </Text>
                {methods.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    No sales in this period.
                  </Text>
                ) : (
                  <Group justify="center">
                    <DonutChart
                      data={methods}
                      valueFormatter={rupees}
                      withLabelsLine={false}
                      size={180}
                      thickness={28}
                    />
                  </Group>
                )}
                <Stack gap={2} mt="sm">
                  {data.by_method.map((m) => (
                    <Group key={m.method} justify="space-between">
                      <Text size="sm">{METHOD_NAMES[m.method] ?? m.method}</Text>
                      <Text size="sm">
                        {m.orders} · {formatPaise(m.revenue_paise)}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Card>
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder padding="md" radius="md">
              <Text fw={600} mb="sm">
                Top products
              </Text>
              {data.top_products.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No sales in this period.
                </Text>
              ) : (
                <Table>
                  <Table.Tbody>
                    {data.top_products.map((p) => (
                      <Table.Tr key={p.product_id}>
                        <Table.Td>{p.name}</Table.Td>
                        <Table.Td ta="right">{p.quantity}</Table.Td>
                        <Table.Td ta="right">{formatPaise(p.revenue_paise)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            <Card withBorder padding="md" radius="md">
              <Group justify="space-between" mb="sm">
                <Text fw={600}>Low stock</Text>
                <Anchor component={Link} to="/stock/low" size="sm">
                  Low stock
                </Anchor>
              </Group>
              {data.low_stock.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Nothing is running low.
                </Text>
              ) : (
                <Table>
                  <Table.Tbody>
                    {data.low_stock.map((p) => (
                      <Table.Tr key={p.product_id}>
                        <Table.Td>{p.name}</Table.Td>
                        <Table.Td
                          ta="right"
                          c={p.available_stock === 0 ? 'red' : undefined}
                          style={{ whiteSpace: 'nowrap' }}
                        >
                          {p.available_stock} left
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
