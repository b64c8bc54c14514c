import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminOrderRow } from '@shop/contract/admin/orders';
import { formatPaise } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import { paymentLabel } from '@shop/contract/payment-label';
import { IconBookmark, IconDownload, IconPackage, IconPrinter, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminApi, adminUrl } from '../../api.ts';
import { formatDateTime } from '../../forms/dates.ts';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { ServerTable } from '../../tables/server-table.tsx';
import { useUrlParam } from '../../tables/url-state.ts';
import { BulkShipDialog } from './bulk-ship-dialog.tsx';
import {
  methodLabel,
  methodOptions,
  paymentStatusOptions,
  statusColor,
  statusOptions,
} from './order-labels.ts';
import { deleteView, loadViews, saveView } from './saved-views.ts';

interface BulkOutcome {
  id: number;
  ok: boolean;
  message: string | null;
}

const csv = (value: string) => (value ? value.split(',') : []);

/**
 * The order list: filters, search and sort live in the page's address (a view can be shared as
 * a link or saved under a name in this browser); ticked rows can be marked packed or have their
 * packing slips printed; the export takes the current filters.
 */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useUrlParam('status');
  const [paymentStatus, setPaymentStatus] = useUrlParam('payment_status');
  const [method, setMethod] = useUrlParam('method');
  const [from, setFrom] = useUrlParam('from');
  const [to, setTo] = useUrlParam('to');
  const [pincode, setPincode] = useUrlParam('pincode');
  const [coupon, setCoupon] = useUrlParam('coupon');
  const filters = { status, payment_status: paymentStatus, method, from, to, pincode, coupon };
  const [selected, setSelected] = useState<AdminOrderRow[]>([]);
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [views, setViews] = useState(loadViews);
  const [shipOpen, setShipOpen] = useState(false);

  const reload = () => {
    setSelected([]);
    setReloadKey((k) => k + 1);
  };

  const exportCsv = async () => {
    setBusy('export');
    try {
      await adminApi.download('orders/export.csv', { ...filters, q: params.get('q') }, 'orders.csv');
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(null);
    }
  };

  const markPacked = async () => {
    setBusy('pack');
    try {
      const outcomes = await adminApi.post<BulkOutcome[]>('orders/bulk/pack', {
        ids: selected.map((o) => o.id),
      });
      const done = outcomes.filter((o) => o.ok).length;
      const refused = outcomes.filter((o) => !o.ok);
      if (done) notifySaved(`${done} ${done === 1 ? 'order' : 'orders'} marked packed.`);
      for (const outcome of refused) {
        const number = selected.find((o) => o.id === outcome.id)?.order_id ?? outcome.id;
        notifyFailed(`${number}: ${outcome.message ?? 'not packed'}`);
      }
      reload();
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(null);
    }
  };

  const packingSlips = () => {
    window.open(adminUrl('orders/packing-slips.pdf', { ids: selected.map((o) => o.id).join(',') }), '_blank');
  };

  const saveCurrentView = () => {
    const name = window.prompt('Name of this view')?.trim();
    if (!name) return;
    const query = new URLSearchParams(params);
    query.delete('page');
    setViews(saveView({ name, query: query.toString() }));
    notifySaved(`View "${name}" saved.`);
  };

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Orders
          </Title>
          <Text c="dimmed" size="sm">
            Newest first. Tick orders to mark them packed or print their packing slips.
          </Text>
        </div>
        <Group gap="xs">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconBookmark size={18} />}>
                Saved views
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {views.length === 0 && <Menu.Label>No saved views yet</Menu.Label>}
              {views.map((view) => (
                <Menu.Item
                  key={view.name}
                  onClick={() => setParams(new URLSearchParams(view.query), { replace: true })}
                  rightSection={
                    <Anchor
                      size="xs"
                      c="red"
                      component="button"
                      aria-label={`Delete view ${view.name}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        setViews(deleteView(view.name));
                      }}
                    >
                      Delete
                    </Anchor>
                  }
                >
                  {view.name}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Item onClick={saveCurrentView}>Save current view…</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" leftSection={<IconTruck size={18} />} onClick={() => setShipOpen(true)}>
            Ship from carrier file
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={18} />}
            loading={busy === 'export'}
            onClick={exportCsv}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
        <MultiSelect
          label="Status"
          data={statusOptions}
          value={csv(status)}
          onChange={(v) => setStatus(v.join(','))}
          clearable
        />
        <MultiSelect
          label="Payment"
          data={paymentStatusOptions}
          value={csv(paymentStatus)}
          onChange={(v) => setPaymentStatus(v.join(','))}
          clearable
        />
        <Select
          label="Method"
          data={methodOptions}
          value={method || null}
          onChange={(v) => setMethod(v ?? '')}
          clearable
        />
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        <TextInput
          label="Pincode"
          // Fewer digits match every pincode that starts so (a region or a city).
          placeholder="560001, or 560"
          inputMode="numeric"
          maxLength={6}
          value={pincode}
          onChange={(e) => setPincode(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <TextInput label="Coupon" value={coupon} onChange={(e) => setCoupon(e.currentTarget.value.trim())} />
      </SimpleGrid>
      {selected.length > 0 && (
        <Group gap="xs" role="toolbar" aria-label="Selected orders">
          <Text size="sm" fw={600}>
            {selected.length} selected
          </Text>
          <Button
            size="compact-sm"
            leftSection={<IconPackage size={16} />}
            loading={busy === 'pack'}
            onClick={markPacked}
          >
            Mark packed
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPrinter size={16} />}
            onClick={packingSlips}
          >
            Packing slips
          </Button>
        </Group>
      )}
      <ServerTable<AdminOrderRow>
        path="orders"
        search="Order number, e-mail or mobile"
        filters={filters}
        reloadKey={reloadKey}
        defaultSort={{ key: 'created_at', direction: 'desc' }}
        noRecordsText="No orders match these filters."
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        columns={[
          {
            accessor: 'order_id',
            title: 'Order',
            noWrap: true,
            render: (o) => (
              <div>
                <Anchor component={Link} to={`/orders/${o.id}`} fw={600} size="sm">
                  {o.order_id}
                </Anchor>
                {/* On a phone the customer column is hidden: the name goes under the number. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {o.contact_person}
                </Text>
              </div>
            ),
          },
          {
            accessor: 'created_at',
            title: 'Placed',
            sortable: true,
            noWrap: true,
            render: (o) => formatDateTime(o.created_at),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'contact_person',
            title: 'Customer',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (o) => (
              <div>
                <Text size="sm">{o.contact_person}</Text>
                <Text size="xs" c="dimmed">
                  {o.pincode} {o.city}
                </Text>
              </div>
            ),
          },
          {
            accessor: 'status',
            title: 'Status',
            render: (o) => (
              <Badge color={statusColor[o.status]} variant="light" size="sm" style={{ overflow: 'visible' }}>
                {orderStatusLabels[o.status]}
              </Badge>
            ),
          },
          {
            accessor: 'payment_status',
            title: 'Payment',
            render: (o) => `${paymentLabel(o)} · ${methodLabel(o.payment_gateway)}`,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'total',
            title: 'Total',
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (o) => formatPaise(o.total_paise),
          },
        ]}
      />
      <BulkShipDialog
        opened={shipOpen}
        onClose={() => setShipOpen(false)}
        onShipped={(n) => {
          notifySaved(`${n} ${n === 1 ? 'order' : 'orders'} shipped.`);
          reload();
        }}
      />
    </Stack>
  );
}
