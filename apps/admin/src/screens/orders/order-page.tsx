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
  Timeline,
  Title,
} from '@mantine/core';
import type { AdminOrderDetail } from '@shop/contract/admin/orders';
import { formatPaise } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import { paymentLabel } from '@shop/contract/payment-label';
import { invoiceMessages } from '@shop/contract/invoices';
import { IconArrowLeft, IconFileInvoice, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminApi, adminUrl } from '../../api.ts';
import { ScrollTable } from '../../tables/scroll-table.tsx';
import { formatDateTime } from '../../forms/dates.ts';
import { PageLoader } from '../../layout/page-loader.tsx';
import { NoteForm, OrderActions } from './order-actions.tsx';
import { methodLabel, paymentRowStatusLabel, refundStatusLabels, statusColor } from './order-labels.ts';

type Order = AdminOrderDetail;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Who made a change, by name when a staff member did (an account since removed reads "Staff"). */
function who(event: { actor: string; staff_name: string | null }): string {
  if (event.actor === 'staff') return event.staff_name ?? 'Staff';
  return event.actor === 'customer' ? 'Customer' : 'Shop';
}

/** One order: what was bought (with the GST split), money in and out, its timeline, notes and the actions its status allows. */
export default function OrderPage() {
  const { id } = useParams();
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    adminApi
      .get<Order>(`orders/${id}`)
      .then(setOrder)
      .catch((e: Error) => setError(e.message));
  }, [id]);
  useEffect(load, [load]);

  if (error)
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  if (!order) return <PageLoader />;
  const address = order.shipping_address as Record<string, string>;

  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to="/orders" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Orders
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              Order {order.order_id}
            </Title>
            <Badge color={statusColor[order.status]} size="lg" variant="light">
              {orderStatusLabels[order.status]}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            Placed {formatDateTime(order.created_at)} · {paymentLabel(order)} ·{' '}
            {methodLabel(order.payment_gateway)}
          </Text>
        </div>
        <Group gap="xs">
          {order.tax_documents && (
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconFileInvoice size={16} />}
              component="a"
              href={adminUrl(order.tax_documents.invoice.download_path)}
              download
            >
              {invoiceMessages.download}
            </Button>
          )}
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPrinter size={16} />}
            component="a"
            href={adminUrl('orders/packing-slips.pdf', { ids: order.id })}
            target="_blank"
          >
            Packing slip
          </Button>
        </Group>
      </Group>
      <OrderActions order={order} onDone={setOrder} onStale={load} />
      {order.shipment && (
        <Alert color="teal" title="Shipment">
          {order.shipment.tracking_number
            ? `${order.shipment.carrier}, tracking number ${order.shipment.tracking_number}`
            : order.shipment.carrier}
          {order.shipment.tracking_url && (
            <>
              {' · '}
              <Anchor href={order.shipment.tracking_url} target="_blank" rel="noreferrer">
                Track
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <Section title="Items">
        <ScrollTable label="Items" minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>HSN</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Taxable</Table.Th>
                <Table.Th ta="right">GST</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((line) => (
                <Table.Tr key={line.product_id}>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td>{line.hsn_code ?? '—'}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{formatPaise(line.unit_price_paise)}</Table.Td>
                  <Table.Td ta="right">{formatPaise(line.taxable_paise)}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{line.gst_rate}%</Text>
                    <Text size="xs" c="dimmed">
                      {line.igst_paise > 0
                        ? `IGST ${formatPaise(line.igst_paise)}`
                        : `CGST ${formatPaise(line.cgst_paise)} + SGST ${formatPaise(line.sgst_paise)}`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatPaise(line.line_total_paise)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <Stack gap={2} align="flex-end" mt="sm">
          <Text size="sm">Subtotal {formatPaise(order.subtotal_paise)}</Text>
          {order.discount_paise > 0 && (
            <Text size="sm">
              Discount{order.coupon_code ? ` (${order.coupon_code})` : ''} −
              {formatPaise(order.discount_paise)}
            </Text>
          )}
          <Text size="sm">Delivery {formatPaise(order.shipping_paise)}</Text>
          {order.cod_fee_paise > 0 && (
            <Text size="sm">Cash on delivery fee {formatPaise(order.cod_fee_paise)}</Text>
          )}
          <Text fw={700}>Total {formatPaise(order.total_paise)}</Text>
        </Stack>
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Delivery address">
          {/* A name, e-mail or note typed without spaces wraps instead of running out of the card. */}
          <div style={{ overflowWrap: 'anywhere' }}>
            <Text fw={600}>{address.contact_person}</Text>
            <Text size="sm">{address.full_address}</Text>
            {address.landmark && <Text size="sm">{address.landmark}</Text>}
            <Text size="sm">
              {address.city} {address.pin_code}
            </Text>
            <Text size="sm">Mobile {address.mobile_number}</Text>
            {address.gstin && <Text size="sm">GSTIN {address.gstin}</Text>}
            {order.customer_email && <Text size="sm">{order.customer_email}</Text>}
            {order.customer_remarks && (
              <Text size="sm" mt="xs" c="dimmed">
                Customer's note: {order.customer_remarks}
              </Text>
            )}
          </div>
        </Section>
        <Section title="Payments and refunds">
          {order.payments.length === 0 && <Text size="sm">No payments yet.</Text>}
          {order.payments.map((p) => (
            <Text size="sm" key={`p${p.id}`}>
              {methodLabel(p.gateway)} · {paymentRowStatusLabel(p.status, order.status)} ·{' '}
              {formatPaise(p.amount_paise)} ·{' '}
              {/* The gateway's payment id, or the reference of money confirmed as paid offline. */}
              {p.gateway_payment_id ? `${p.gateway_payment_id} · ` : ''}
              {formatDateTime(p.created_at)}
            </Text>
          ))}
          {order.refunds.length > 0 && (
            <Stack gap={4} mt="sm" aria-label="Refunds">
              {order.refunds.map((r) => (
                <Text size="sm" key={`r${r.id}`}>
                  Refund {formatPaise(r.amount_paise)} · {refundStatusLabels[r.status]} · {r.reason}
                  {r.reference ? ` · ${r.reference}` : ''} · {formatDateTime(r.created_at)}
                </Text>
              ))}
            </Stack>
          )}
          <Text size="sm" c="dimmed" mt="sm">
            Refundable: {formatPaise(order.refundable_paise)}
          </Text>
        </Section>
        <Section title="Tax invoice">
          {order.tax_documents ? (
            <Stack gap={4}>
              <Text size="sm">
                <Anchor href={adminUrl(order.tax_documents.invoice.download_path)} download>
                  {order.tax_documents.invoice.number}
                </Anchor>{' '}
                · {formatPaise(order.tax_documents.invoice.total_paise)} ·{' '}
                {formatDateTime(order.tax_documents.invoice.issued_at)}
              </Text>
              {order.tax_documents.credit_notes.map((note) => (
                <Text size="sm" key={note.id}>
                  <Anchor href={adminUrl(note.download_path)} download>
                    {invoiceMessages.downloadCreditNote(note.number)}
                  </Anchor>{' '}
                  · <span style={{ whiteSpace: 'nowrap' }}>−{formatPaise(note.total_paise)}</span> ·{' '}
                  {formatDateTime(note.issued_at)}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm">{invoiceMessages.noInvoiceYet}</Text>
          )}
        </Section>
        <Section title="Timeline">
          <Timeline bulletSize={14} lineWidth={2} active={order.timeline.length}>
            {order.timeline.map((event) => (
              <Timeline.Item
                key={`${event.created_at}-${event.status}`}
                title={orderStatusLabels[event.status]}
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.created_at)} · {who(event)}
                </Text>
                {event.note && <Text size="sm">{event.note}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </Section>
        <Section title="Internal notes">
          <Stack gap="xs">
            {order.notes.length === 0 && <Text size="sm">No notes yet.</Text>}
            {order.notes.map((note) => (
              <div key={note.id}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(note.created_at)} · {note.staff_id ? (note.staff_name ?? 'Staff') : 'Shop'}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.body}
                </Text>
              </div>
            ))}
            <NoteForm order={order} onAdded={load} />
          </Stack>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
