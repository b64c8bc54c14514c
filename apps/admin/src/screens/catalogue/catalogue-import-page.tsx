import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import {
  type CatalogueImportReport,
  catalogueCsvColumns,
  catalogueCsvGuide,
  MAX_CSV_BYTES,
} from '@shop/contract/admin/catalogue-import';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminApiError, adminApi } from '../../api.ts';
import { ScrollTable } from '../../tables/scroll-table.tsx';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';

const TOO_LARGE = 'The file is larger than 8 MB. Split it into smaller files.';

interface Chosen {
  name: string;
  content: string;
}

const count = (n: number) => n.toLocaleString('en-IN');

/**
 * Catalogue import and export: download the template or the current products / stock, drop a CSV
 * file to check it (the dry run lists every problem with its line and column), then import it —
 * all rows or none. The column guide is below, as in the template.
 */
export default function CatalogueImportPage() {
  const [file, setFile] = useState<Chosen | null>(null);
  const [report, setReport] = useState<CatalogueImportReport | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function check(chosen: Chosen) {
    setFile(chosen);
    setReport(null);
    setError(null);
    setBusy('check');
    try {
      setReport(
        await adminApi.post<CatalogueImportReport>('catalogue/csv/dry-run', {
          content: chosen.content,
          file_name: chosen.name,
        }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function importFile() {
    if (!file) return;
    setBusy('import');
    setError(null);
    try {
      const done = await adminApi.post<CatalogueImportReport>('catalogue/csv/import', {
        content: file.content,
        file_name: file.name,
      });
      setReport(done);
      notifySaved(`Imported: ${count(done.creates)} new, ${count(done.updates)} updated.`);
    } catch (e) {
      // The catalogue changed since the check: show what the server found now.
      if (e instanceof AdminApiError && e.status === 422) await check(file);
      else setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  const download = (path: string, query: Record<string, string> | undefined, name: string) =>
    adminApi.download(path, query, name).catch(notifyFailed);

  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        Import and export
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={500}>Export</Text>
          <Text size="sm" c="dimmed">
            The export has the import's columns: edit it in a spreadsheet and import it again. Rows are
            matched by id; a row without id is a new product. Columns left out of a file are not changed.
          </Text>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => download('catalogue/csv/export', { kind: 'products' }, 'products.csv')}
            >
              Export products
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => download('catalogue/csv/export', { kind: 'stock' }, 'stock.csv')}
            >
              Export stock
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => download('catalogue/csv/template', undefined, 'catalogue-template.csv')}
            >
              Download template
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={500}>Import</Text>
          <Dropzone
            onDrop={async ([dropped]) => {
              if (dropped) await check({ name: dropped.name, content: await dropped.text() });
            }}
            onReject={([rejected]) =>
              setError(
                rejected?.errors[0]?.code === 'file-too-large'
                  ? TOO_LARGE
                  : 'Please choose a CSV file (comma-separated, as a spreadsheet saves it).',
              )
            }
            maxSize={MAX_CSV_BYTES}
            maxFiles={1}
            accept={['text/csv', 'application/vnd.ms-excel', 'text/plain', '.csv']}
            loading={busy === 'check'}
            aria-label="Choose a CSV file"
          >
            <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
              <IconUpload size={28} stroke={1.5} />
              <div>
                <Text size="sm">Drop a CSV file here, or click to choose</Text>
                <Text size="xs" c="dimmed">
                  Up to 8 MB. It is checked first; nothing changes until you press Import.
                </Text>
              </div>
            </Group>
          </Dropzone>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {report && file && <Report report={report} fileName={file.name} />}
          {report && !report.applied && report.problems.length === 0 && report.rows > 0 && (
            <Group>
              <Button onClick={importFile} loading={busy === 'import'}>
                Import {count(report.rows)} products
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Text fw={500} mb="xs">
          Columns
        </Text>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {catalogueCsvColumns.map((column) => (
              <Table.Tr key={column}>
                <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  <code>{column}</code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{catalogueCsvGuide[column]}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

/**
 * The stock the file would set for existing products: an earlier export imported again undoes the
 * sales and deliveries since, so the owner sees it before importing.
 */
function StockChanges({ report }: { report: CatalogueImportReport }) {
  const total = report.stock_change_count;
  if (total === 0) return null;
  const named = report.stock_changes.map((c) => `${c.name} ${c.from} → ${c.to}`).join(', ');
  const more = total - report.stock_changes.length;
  return (
    <Alert
      color="yellow"
      title={`The stock of ${count(total)} ${total === 1 ? 'product' : 'products'} changes`}
      data-testid="import-stock-changes"
    >
      The file sets stock to its own figures: {named}
      {more > 0 ? `, and ${count(more)} more` : ''}. Sales and deliveries since the file was exported would be
      undone for them. To leave stock as it is, delete the stock column before importing.
    </Alert>
  );
}

function Report({ report, fileName }: { report: CatalogueImportReport; fileName: string }) {
  const summary = `${count(report.rows)} rows: ${count(report.creates)} new, ${count(report.updates)} updates`;
  if (report.applied)
    return (
      <Alert color="green" title="Imported" data-testid="import-report">
        {fileName}: {summary}. The shop shows the changes now.
      </Alert>
    );
  if (report.problems.length === 0)
    return (
      <Stack gap="xs">
        <Alert color="blue" title="Ready to import" data-testid="import-report">
          {fileName}: {summary}. No problems found.
        </Alert>
        <StockChanges report={report} />
      </Stack>
    );
  const total = report.problems.length + report.more_problems;
  return (
    <Stack gap="xs" data-testid="import-report">
      <Alert color="red" title={`${count(total)} ${total === 1 ? 'problem' : 'problems'} to fix`}>
        {fileName}: nothing was imported. Fix these lines in your spreadsheet, save it as CSV and drop it
        again.
      </Alert>
      <ScrollTable label="Problems in the file" minWidth={320}>
        <Table striped withTableBorder data-testid="import-problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.problems.map((p) => (
              <Table.Tr key={`${p.line}-${p.column}-${p.message}`}>
                <Table.Td>{p.line}</Table.Td>
                <Table.Td>{p.column ?? '—'}</Table.Td>
                <Table.Td>{p.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {report.more_problems > 0 && (
        <Text size="sm" c="dimmed">
          And {count(report.more_problems)} more.
        </Text>
      )}
    </Stack>
  );
}
