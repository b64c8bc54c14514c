import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ContactMessage, ContactMessageFilter, Subscriber } from '@shop/contract/admin/content';
import { IconDownload } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { formatDateTime } from '../../forms/dates.ts';
import { useAdminList } from '../../tables/use-admin-list.ts';

const PAGE_SIZE = 50;

/** Contact messages to answer (marked handled when done) and the newsletter's subscribers, each with a CSV export. */
export default function MessagesPage() {
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        Messages and subscribers
      </Title>
      <Tabs defaultValue="messages" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="messages">Contact messages</Tabs.Tab>
          <Tabs.Tab value="subscribers">Newsletter subscribers</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="md">
          <ContactMessages />
        </Tabs.Panel>
        <Tabs.Panel value="subscribers" pt="md">
          <Subscribers />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ContactMessages() {
  const [status, setStatus] = useState<ContactMessageFilter>('open');
  const [page, setPage] = useState(1);
  const list = useAdminList<ContactMessage>('contact-messages', {
    status,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });

  async function mark(message: ContactMessage, handled: boolean) {
    try {
      await adminApi.patch(`contact-messages/${message.id}`, { handled });
      notifySaved(handled ? 'Marked as handled.' : 'Opened again.');
      list.reload();
    } catch (error) {
      notifyFailed(error);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          w="fit-content"
          value={status}
          onChange={(v) => {
            setStatus(v as ContactMessageFilter);
            setPage(1);
          }}
          data={[
            { value: 'open', label: 'To answer' },
            { value: 'handled', label: 'Handled' },
            { value: 'all', label: 'All' },
          ]}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            adminApi
              .download('contact-messages/export.csv', { status }, `contact-messages-${status}.csv`)
              .catch(notifyFailed)
          }
        >
          Export CSV
        </Button>
      </Group>
      <FormError message={list.error} />
      <DataTable
        withTableBorder
        minHeight={160}
        fetching={list.loading}
        records={list.items}
        totalRecords={list.total}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={status === 'open' ? 'Nothing to answer.' : 'No messages.'}
        rowExpansion={{
          content: ({ record }) => (
            <Stack gap={4} p="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {record.message}
              </Text>
            </Stack>
          ),
        }}
        columns={[
          { accessor: 'created_at', title: 'Received', render: (m) => formatDateTime(m.created_at) },
          {
            accessor: 'name',
            title: 'From',
            render: (m) => (
              <Stack gap={0}>
                <Text size="sm">{m.name}</Text>
                <Anchor size="xs" href={`mailto:${m.email_address}`} onClick={(e) => e.stopPropagation()}>
                  {m.email_address}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {m.contact_number}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'subject', title: 'Subject' },
          {
            accessor: 'handled_at',
            title: '',
            textAlign: 'right',
            render: (m) =>
              m.handled_at ? (
                <Group gap="xs" justify="flex-end">
                  <Badge color="green">Handled</Badge>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={(e) => {
                      e.stopPropagation();
                      void mark(m, false);
                    }}
                  >
                    Reopen
                  </Button>
                </Group>
              ) : (
                <Button
                  size="xs"
                  onClick={(e) => {
                    e.stopPropagation();
                    void mark(m, true);
                  }}
                >
                  Mark handled
                </Button>
              ),
          },
        ]}
      />
    </Stack>
  );
}

function Subscribers() {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 300);
  const [page, setPage] = useState(1);
  const list = useAdminList<Subscriber>('newsletter/subscribers', {
    q,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <TextInput
          aria-label="Search subscribers"
          placeholder="Search by e-mail"
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            adminApi
              .download('newsletter/subscribers/export.csv', undefined, 'newsletter-subscribers.csv')
              .catch(notifyFailed)
          }
        >
          Export CSV
        </Button>
      </Group>
      <FormError message={list.error} />
      <DataTable
        withTableBorder
        minHeight={160}
        fetching={list.loading}
        records={list.items}
        totalRecords={list.total}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText="No subscribers."
        columns={[
          { accessor: 'email', title: 'E-mail' },
          { accessor: 'created_at', title: 'Subscribed', render: (s) => formatDateTime(s.created_at) },
        ]}
      />
    </Stack>
  );
}
