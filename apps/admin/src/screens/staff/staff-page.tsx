import { Alert, Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { CreateStaffInput, StaffAccount, UpdateStaffInput } from '@shop/contract/admin/staff';
import { IconUserPlus } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { adminApi } from '../../api.ts';
import { ConfirmAction } from '../../forms/confirm-action.tsx';
import { formatDateTime } from '../../forms/dates.ts';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { useSession } from '../../session.tsx';
import { CreateStaffForm, EditStaffForm, ROLE_LABELS } from './staff-form.tsx';

const STAFF_FIELDS = ['email', 'name', 'role', 'password', 'disabled'] as const;

/** Plain words rather than badges: they stay readable however narrow the column gets. */
function StatusText({ account }: { account: StaffAccount }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} c={account.disabled ? 'gray.6' : 'green.8'}>
        {account.disabled ? 'Disabled' : 'Active'}
      </Text>
      {account.locked && (
        <Text size="xs" fw={600} c="red.7">
          Locked
        </Text>
      )}
    </Stack>
  );
}

/**
 * The owner's staff accounts: who may sign in, with which role, with or without a second factor.
 * The server keeps at least one active owner and does not let an owner demote or disable
 * themselves; its message is shown as it is.
 */
export default function StaffPage() {
  const { staff: me } = useSession();
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [reload, setReload] = useState(0);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<StaffAccount | null>(null);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const createForm = useSubmit(STAFF_FIELDS);
  const editForm = useSubmit(STAFF_FIELDS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only asks for a fresh list
  useEffect(() => {
    let live = true;
    adminApi
      .get<{ items: StaffAccount[] }>('staff')
      .then((answer) => live && setAccounts(answer.items))
      .catch((error: unknown) => live && notifyFailed(error));
    return () => {
      live = false;
    };
  }, [reload]);
  const refresh = () => setReload((n) => n + 1);

  const create = async (input: CreateStaffInput) => {
    const answer = await createForm.submit(() =>
      adminApi.post<{ staff: StaffAccount; password: string | null }>('staff', input),
    );
    if (!answer) return;
    setCreating(false);
    notifySaved(`${answer.staff.email} can now sign in.`);
    if (answer.password) setCreated({ email: answer.staff.email, password: answer.password });
    refresh();
  };
  const update = async (account: StaffAccount, input: UpdateStaffInput) => {
    const answer = await editForm.submit(() => adminApi.patch<StaffAccount>(`staff/${account.id}`, input));
    if (!answer) return;
    setEditing(null);
    notifySaved('Saved.');
    refresh();
  };
  const act = async (account: StaffAccount, action: 'reset-totp' | 'unlock', message: string) => {
    await adminApi.post<StaffAccount>(`staff/${account.id}/${action}`);
    notifySaved(message);
    refresh();
  };

  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Staff
          </Title>
          <Text c="dimmed" size="sm">
            Who can sign in to the back office, and what each role may do.
          </Text>
        </div>
        <Button
          leftSection={<IconUserPlus size={18} />}
          onClick={() => {
            createForm.clear();
            setCreating(true);
          }}
        >
          Add staff member
        </Button>
      </Group>
      {created && (
        <Alert
          color="saffron"
          title="Password for the new account"
          withCloseButton
          onClose={() => setCreated(null)}
        >
          <Text size="sm">
            Pass it on to {created.email} in person or by phone; it is not shown again:{' '}
            <Code data-testid="generated-password">{created.password}</Code>
          </Text>
        </Alert>
      )}
      <DataTable<StaffAccount>
        withTableBorder
        borderRadius="md"
        striped
        minHeight={accounts?.length ? undefined : 160}
        fetching={accounts === null}
        records={accounts ?? []}
        noRecordsText="No staff accounts."
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (a) => (
              <div>
                <Text size="sm" fw={600}>
                  {a.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {a.email}
                  {/* On a phone the role column gives way; the role stays readable here. */}
                  <Text span size="xs" hiddenFrom="sm">
                    {' '}
                    · {ROLE_LABELS[a.role]}
                  </Text>
                </Text>
              </div>
            ),
          },
          {
            accessor: 'role',
            title: 'Role',
            render: (a) => ROLE_LABELS[a.role],
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'totp_enabled',
            title: 'Two-factor',
            render: (a) => (a.totp_enabled ? 'On' : 'Off'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'disabled',
            title: 'Status',
            noWrap: true,
            render: (a) => <StatusText account={a} />,
          },
          {
            accessor: 'last_sign_in_at',
            title: 'Last sign-in',
            render: (a) => formatDateTime(a.last_sign_in_at),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (a) => (
              <Group gap={6} justify="flex-end" wrap="wrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    editForm.clear();
                    setEditing(a);
                  }}
                >
                  Edit
                </Button>
                {a.locked && (
                  <ConfirmAction
                    label="Unlock"
                    confirmColor="saffron"
                    question={`${a.email} may try to sign in again at once.`}
                    action={() => act(a, 'unlock', 'The account is unlocked.')}
                  />
                )}
                {a.totp_enabled && a.id !== me?.id && (
                  <ConfirmAction
                    label="Reset two-factor"
                    question={`${a.email} loses the authenticator and recovery codes and sets up new ones at the next sign-in (an owner must).`}
                    action={() => act(a, 'reset-totp', 'Two-factor authentication was reset.')}
                  />
                )}
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Add staff member" centered>
        <CreateStaffForm form={createForm} onSubmit={create} />
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit staff member" centered>
        {editing && (
          <EditStaffForm
            key={editing.id}
            account={editing}
            form={editForm}
            onSubmit={(input) => update(editing, input)}
          />
        )}
      </Modal>
    </Stack>
  );
}
