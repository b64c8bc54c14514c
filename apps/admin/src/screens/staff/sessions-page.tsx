import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { StaffSessionView } from '@shop/contract/admin/staff';
import { DataTable } from 'mantine-datatable';
import { useCallback, useEffect, useState } from 'react';
import { adminApi } from '../../api.ts';
import { ConfirmAction } from '../../forms/confirm-action.tsx';
import { formatDateTime } from '../../forms/dates.ts';
import { notifyFailed, notifySaved } from '../../forms/notify.ts';
import { useSession } from '../../session.tsx';

/** A browser's user-agent string as a reader knows it: "Chrome on Android", "Firefox on Windows". */
export function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (userAgent.slice(0, 40) || 'Unknown device');
}

/**
 * Open sessions: a staff member sees their own, the owner everyone's, and either can end one (a
 * lost phone, a shared computer). Ending the current session signs this browser out.
 */
export default function SessionsPage() {
  const { staff } = useSession();
  const isOwner = staff?.role === 'owner';
  const [sessions, setSessions] = useState<StaffSessionView[] | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only asks for a fresh list
  useEffect(() => {
    let live = true;
    adminApi
      .get<{ items: StaffSessionView[] }>('sessions')
      .then((answer) => live && setSessions(answer.items))
      .catch((error: unknown) => live && notifyFailed(error));
    return () => {
      live = false;
    };
  }, [reload]);

  const revoke = useCallback(async (session: StaffSessionView) => {
    await adminApi.delete(`sessions/${session.id}`);
    notifySaved('The session has ended.');
    setReload((n) => n + 1);
  }, []);

  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {isOwner ? 'Staff sessions' : 'My sessions'}
        </Title>
        <Text c="dimmed" size="sm">
          {isOwner
            ? 'Everyone signed in to the back office. End a session you do not recognise, or one on a lost device.'
            : 'Where you are signed in. End a session you do not recognise, or one on a lost device.'}
        </Text>
      </div>
      <DataTable<StaffSessionView>
        withTableBorder
        borderRadius="md"
        striped
        minHeight={sessions?.length ? undefined : 160}
        fetching={sessions === null}
        records={sessions ?? []}
        noRecordsText="No open sessions."
        columns={[
          ...(isOwner ? [{ accessor: 'staff_email' as const, title: 'Staff member' }] : []),
          {
            accessor: 'user_agent',
            title: 'Device',
            render: (s) => (
              <Group gap={4} wrap="wrap">
                <Text size="sm">{describeDevice(s.user_agent)}</Text>
                {s.current && (
                  <Badge size="sm" variant="light" color="green" style={{ flexShrink: 0 }}>
                    This browser
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'ip',
            title: 'IP address',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          { accessor: 'created_at', title: 'Signed in', render: (s) => formatDateTime(s.created_at) },
          {
            accessor: 'last_seen_at',
            title: 'Last active',
            render: (s) => formatDateTime(s.last_seen_at),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (s) => (
              <ConfirmAction
                label="End session"
                question={
                  s.current
                    ? 'This signs you out of this browser.'
                    : `${s.staff_email} will be signed out on ${describeDevice(s.user_agent)}.`
                }
                action={() => revoke(s)}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}
