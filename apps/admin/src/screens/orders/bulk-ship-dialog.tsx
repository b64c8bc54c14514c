import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { BulkShipRow } from '@shop/contract/admin/orders';
import { useState } from 'react';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { useSubmit } from '../../forms/use-submit.ts';

interface Result {
  rows: BulkShipRow[];
  shipped: number;
}

/**
 * Ship from a carrier's file (order number, carrier, tracking number per line): the file is
 * checked first (dry run) and every wrong cell is listed with its line and column; only a file
 * without errors can ship, and then all its orders ship together or none.
 */
export function BulkShipDialog({
  opened,
  onClose,
  onShipped,
}: {
  opened: boolean;
  onClose: () => void;
  onShipped: (count: number) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [report, setReport] = useState<Result | null>(null);
  const { submitting, formError, fieldErrors, submit, clear } = useSubmit(['csv']);

  const close = () => {
    setFile(null);
    setText('');
    setReport(null);
    clear();
    onClose();
  };

  const check = async (picked: File | null) => {
    setFile(picked);
    setReport(null);
    if (!picked) return;
    const csv = await picked.text();
    setText(csv);
    const result = await submit(() => adminApi.post<Result>('orders/bulk/ship', { csv, dry_run: true }));
    if (result) setReport(result);
  };

  const ship = async () => {
    const result = await submit(() =>
      adminApi.post<Result>('orders/bulk/ship', { csv: text, dry_run: false }),
    );
    if (!result) return;
    if (result.shipped > 0) {
      onShipped(result.shipped);
      close();
    } else setReport(result);
  };

  const problems = (report?.rows ?? []).flatMap((row) =>
    row.errors.map((error) => ({ line: row.line, ...error })),
  );
  const count = report?.rows.length ?? 0;

  return (
    <Modal opened={opened} onClose={close} title="Ship from carrier file" size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          A CSV with the columns order number, carrier and tracking number. It is checked first; nothing ships
          until every line is right.
        </Text>
        <FileInput
          label="Carrier file"
          accept=".csv,text/csv"
          value={file}
          onChange={check}
          error={fieldErrors.csv}
          clearable
        />
        <FormError message={formError} />
        {report && problems.length > 0 && (
          <>
            <Alert color="red" role="alert">
              {problems.length} {problems.length === 1 ? 'problem' : 'problems'} found. Fix the file and
              choose it again.
            </Alert>
            <Table striped withTableBorder aria-label="Problems in the file">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {problems.map((p) => (
                  <Table.Tr key={`${p.line}-${p.column}-${p.message}`}>
                    <Table.Td>{p.line}</Table.Td>
                    <Table.Td>{p.column}</Table.Td>
                    <Table.Td>{p.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
        {report && problems.length === 0 && (
          <Alert color="green">
            All {count} {count === 1 ? 'line is' : 'lines are'} ready to ship.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!report || problems.length > 0 || count === 0}
            loading={submitting}
            onClick={ship}
          >
            Ship {count} {count === 1 ? 'order' : 'orders'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
