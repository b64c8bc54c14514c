import { Badge, Button, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import type { AdminGrievance, GrievanceStatus } from '@shop/contract/grievances';
import { useState } from 'react';
import { adminApi } from '../../api.ts';
import { formatDateTime } from '../../forms/dates.ts';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { ServerTable } from '../../tables/server-table.tsx';

const STATUS_COLOR: Record<GrievanceStatus, string> = {
  open: 'red',
  in_progress: 'yellow',
  resolved: 'green',
};

/**
 * Grievance tickets (Consumer Protection (E-Commerce) Rules 2020: acknowledged at once, resolved
 * within a month): open ones first to hand, each with the complaint; resolving mails the
 * complainant what was done.
 */
export default function GrievancesPage() {
  const [status, setStatus] = useState<'open,in_progress' | GrievanceStatus | ''>('open,in_progress');
  const [reload, setReload] = useState(0);
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        Grievances
      </Title>
      <ServerTable<AdminGrievance>
        path="grievances"
        filters={{ status: status || undefined }}
        search="Ticket number or e-mail"
        reloadKey={reload}
        idAccessor="ticket_number"
        noRecordsText="No grievances here."
        toolbar={
          <SegmentedControl
            value={status}
            onChange={(v) => setStatus(v as typeof status)}
            data={[
              { value: 'open,in_progress', label: 'To resolve' },
              { value: 'resolved', label: 'Resolved' },
              { value: '', label: 'All' },
            ]}
          />
        }
        rowExpansion={{
          content: ({ record }) => <Ticket grievance={record} onChange={() => setReload((n) => n + 1)} />,
        }}
        columns={[
          { accessor: 'ticket_number', title: 'Ticket' },
          { accessor: 'created_at', title: 'Received', render: (g) => formatDateTime(g.created_at) },
          {
            accessor: 'name',
            title: 'From',
            render: (g) => (
              <Stack gap={0}>
                <Text size="sm">{g.name}</Text>
                <Text size="xs" c="dimmed">
                  {g.email_address}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'category_label', title: 'About' },
          { accessor: 'resolve_by', title: 'Resolve by', render: (g) => formatDateTime(g.resolve_by) },
          {
            accessor: 'status',
            title: 'Status',
            render: (g) => <Badge color={STATUS_COLOR[g.status]}>{g.status_label}</Badge>,
          },
        ]}
      />
    </Stack>
  );
}

function Ticket({ grievance, onChange }: { grievance: AdminGrievance; onChange: () => void }) {
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function move(body: { status: 'in_progress' } | { status: 'resolved'; resolution: string }) {
    setError(null);
    try {
      await adminApi.post(`grievances/${grievance.ticket_number}/status`, body);
      notifySaved(
        body.status === 'resolved' ? 'Resolved; the customer has been mailed.' : 'Marked in progress.',
      );
      onChange();
    } catch (e) {
      const fields = (e as { fieldErrors?: Record<string, string> }).fieldErrors;
      if (fields?.resolution) setError(fields.resolution);
      else notifyFailed(e);
    }
  }
  return (
    <Stack gap="xs" p="sm">
      <Text size="sm">
        {grievance.contact_number}
        {grievance.order_number ? ` · order ${grievance.order_number}` : ''}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {grievance.description}
      </Text>
      {grievance.status === 'resolved' ? (
        <Text size="sm" c="green.9">
          Resolved {formatDateTime(grievance.resolved_at)}: {grievance.resolution}
        </Text>
      ) : (
        <>
          <Textarea
            label="What was done"
            description="Mailed to the customer when you resolve the ticket."
            value={resolution}
            onChange={(e) => setResolution(e.currentTarget.value)}
            error={error}
            autosize
            minRows={2}
          />
          <Group>
            {grievance.status === 'open' && (
              <Button variant="default" onClick={() => void move({ status: 'in_progress' })}>
                Mark in progress
              </Button>
            )}
            <Button onClick={() => void move({ status: 'resolved', resolution })}>Resolve</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
