import { Button, Code, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AuditEntry } from '@shop/contract/admin/audit';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { adminApi } from '../../api.ts';
import { formatDateTime } from '../../forms/dates.ts';
import { notifyFailed } from '../../forms/notify.ts';
import { ServerTable } from '../../tables/server-table.tsx';
import { useUrlParam } from '../../tables/url-state.ts';

function Change({ label, value }: { label: string; value: unknown }) {
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </Code>
    </div>
  );
}

/**
 * Who changed what and when, newest first. Filters live in the page's address (a filtered view
 * can be bookmarked or shared); the CSV export takes the same filters. A row opens (a click on it,
 * or its Show button from the keyboard) to show the record before and after the change (secrets
 * already masked by the server).
 */
export default function AuditPage() {
  const [entity, setEntity] = useUrlParam('entity');
  const [entityId, setEntityId] = useUrlParam('entity_id');
  const [action, setAction] = useUrlParam('action');
  const [staffId, setStaffId] = useUrlParam('staff_id');
  const [from, setFrom] = useUrlParam('from');
  const [to, setTo] = useUrlParam('to');
  const [exporting, setExporting] = useState(false);
  // Open rows, controlled here so that a button (reached with Tab) opens a row as a click on it does.
  const [expanded, setExpanded] = useState<unknown[]>([]);
  const toggle = (id: unknown) =>
    setExpanded((open) => (open.includes(id) ? open.filter((o) => o !== id) : [...open, id]));
  const filters = { entity, entity_id: entityId, action, staff_id: staffId, from, to };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await adminApi.download('audit/export.csv', filters, 'audit-log.csv');
    } catch (error) {
      notifyFailed(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Audit log
          </Title>
          <Text c="dimmed" size="sm">
            Every change made in the back office: who, when, what, before and after.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={exporting}
          onClick={exportCsv}
        >
          Export CSV
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <TextInput
          label="Entity"
          placeholder="product"
          value={entity}
          onChange={(e) => setEntity(e.currentTarget.value.trim())}
        />
        <TextInput
          label="Entity id"
          value={entityId}
          onChange={(e) => setEntityId(e.currentTarget.value.trim())}
        />
        <TextInput
          label="Action"
          placeholder="session.sign_in_failed"
          value={action}
          onChange={(e) => setAction(e.currentTarget.value.trim())}
        />
        <TextInput
          label="Staff id"
          inputMode="numeric"
          value={staffId}
          onChange={(e) => setStaffId(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </SimpleGrid>
      <ServerTable<AuditEntry>
        path="audit"
        search={false}
        filters={filters}
        noRecordsText="No changes match these filters."
        columns={[
          { accessor: 'at', title: 'When', render: (e) => formatDateTime(e.at), noWrap: true },
          { accessor: 'staff_email', title: 'Who', render: (e) => e.staff_email ?? 'System' },
          { accessor: 'action', title: 'Action', render: (e) => <Code>{e.action}</Code> },
          {
            accessor: 'entity',
            title: 'What',
            render: (e) => (e.entity_id ? `${e.entity} #${e.entity_id}` : e.entity),
          },
          {
            accessor: 'ip',
            title: 'IP address',
            render: (e) => e.ip ?? '—',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'changes',
            title: 'Before and after',
            render: (e) => {
              const shown = expanded.includes(e.id);
              return (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  aria-expanded={shown}
                  aria-label={`${shown ? 'Hide' : 'Show'} before and after: ${e.action}`}
                  // The row's own click toggles it too: one toggle a click.
                  onClick={(click) => {
                    click.stopPropagation();
                    toggle(e.id);
                  }}
                >
                  {shown ? 'Hide' : 'Show'}
                </Button>
              );
            },
          },
        ]}
        rowExpansion={{
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }} p="sm">
              <Change label="Before" value={record.before} />
              <Change label="After" value={record.after} />
            </SimpleGrid>
          ),
        }}
      />
    </Stack>
  );
}
