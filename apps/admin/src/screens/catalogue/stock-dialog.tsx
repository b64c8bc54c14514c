import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type StockHistory,
  stockAdjustReasons,
  type StockReason,
  stockReasonLabels,
} from '@shop/contract/admin/catalogue';
import { type FormEvent, useEffect, useState } from 'react';
import { adminApi } from '../../api.ts';
import { ScrollTable } from '../../tables/scroll-table.tsx';
import { formatDateTime } from '../../forms/dates.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';

/**
 * Adjust a product's stock with a reason — units in or out, or the counted number — and see its
 * stock history (adjustments, sales, orders given back) below.
 */
export function StockDialog(props: {
  product: { id: number; name: string } | null;
  onClose: () => void;
  onChanged: (stock: number) => void;
}) {
  const { product } = props;
  const [history, setHistory] = useState<StockHistory | null>(null);
  const [mode, setMode] = useState<'change' | 'set_to'>('change');
  const phone = useMediaQuery('(max-width: 30em)');
  const [reason, setReason] = useState<string>('received');
  const [amount, setAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const { submit, submitting, formError, fieldErrors, clear } = useSubmit([
    'change',
    'set_to',
    'reason',
    'note',
  ]);

  useEffect(() => {
    setHistory(null);
    setAmount('');
    setNote('');
    clear();
    if (product)
      adminApi.get<StockHistory>(`products/${product.id}/stock`).then(setHistory).catch(notifyFailed);
  }, [product, clear]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!product) return;
    const value = typeof amount === 'number' ? amount : Number.NaN;
    const body = { reason, note, [mode]: Number.isFinite(value) ? value : undefined };
    const answer = await submit(() => adminApi.post<StockHistory>(`products/${product.id}/stock`, body));
    if (answer) {
      setHistory(answer);
      setAmount('');
      setNote('');
      notifySaved(`Stock of ${product.name} is now ${answer.available_stock}.`);
      props.onChanged(answer.available_stock);
    }
  }

  return (
    <Modal
      opened={product !== null}
      onClose={props.onClose}
      title={product ? `Stock: ${product.name}` : ''}
      size="lg"
    >
      <Stack gap="md">
        <Text>
          In stock now: <strong data-testid="stock-now">{history?.available_stock ?? '…'}</strong>
        </Text>
        <form onSubmit={onSubmit}>
          <Stack gap="sm">
            <FormError message={formError} />
            <SegmentedControl
              fullWidth
              // Side by side the two labels overflow a phone's dialog: stacked there.
              orientation={phone ? 'vertical' : 'horizontal'}
              value={mode}
              onChange={(v) => {
                setMode(v as 'change' | 'set_to');
                if (v === 'set_to') setReason('correction');
              }}
              data={[
                { value: 'change', label: 'Add or remove units' },
                { value: 'set_to', label: 'Set counted stock' },
              ]}
            />
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label="Reason"
                data={stockAdjustReasons.map((r) => ({ value: r, label: stockReasonLabels[r] }))}
                value={reason}
                onChange={(v) => setReason(v ?? 'received')}
                // A counted stock is always a correction (stockAdjustSchema).
                disabled={mode === 'set_to'}
                allowDeselect={false}
                error={fieldErrors.reason}
              />
              <NumberInput
                label={
                  mode === 'set_to'
                    ? 'Counted stock'
                    : reason === 'damaged'
                      ? 'Units out (−)'
                      : reason === 'correction'
                        ? 'Units (+ in, − out)'
                        : 'Units in (+)'
                }
                value={amount}
                onChange={setAmount}
                allowDecimal={false}
                allowNegative={mode === 'change'}
                min={mode === 'change' ? undefined : 0}
                error={fieldErrors[mode] ?? fieldErrors.change}
                required
              />
            </Group>
            <TextInput
              label="Note"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              maxLength={500}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={submitting}>
                Save stock
              </Button>
            </Group>
          </Stack>
        </form>
        <ScrollTable label="Stock history" minWidth={520}>
          <Table striped aria-label="Stock history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th ta="right">Stock after</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history?.items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" size="sm">
                      No stock changes recorded yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {history?.items.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatDateTime(m.created_at)}</Table.Td>
                  <Table.Td>
                    {stockReasonLabels[m.reason as StockReason]}
                    {m.order_id ? ` #${m.order_id}` : ''}
                  </Table.Td>
                  <Table.Td ta="right" c={m.change < 0 ? 'red.8' : 'green.8'}>
                    {m.change > 0 ? `+${m.change}` : m.change}
                  </Table.Td>
                  <Table.Td ta="right">{m.stock_after}</Table.Td>
                  <Table.Td>{m.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Modal>
  );
}
