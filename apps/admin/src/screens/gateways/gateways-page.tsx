import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { AdminGateway, GatewayTestResult } from '@shop/contract/admin/gateways';
import { IconAlertTriangle, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { PageLoader } from '../../layout/page-loader.tsx';
import { useAdminList } from '../../tables/use-admin-list.ts';

/**
 * Payment gateways (owner only). Keys are write-only: the page shows their last four characters
 * and sends only the ones typed; "Test connection" asks the gateway with what is typed (or saved).
 */
export default function GatewaysPage() {
  const list = useAdminList<AdminGateway>('payment-gateways');
  if (list.loading && list.items.length === 0) return <PageLoader />;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2">
        Payment gateways
      </Title>
      <FormError message={list.error} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {list.items.map((g) => (
          <GatewayCard key={g.gateway} gateway={g} onSaved={list.reload} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GatewayCard({ gateway, onSaved }: { gateway: AdminGateway; onSaved(): void }) {
  const [isActive, setActive] = useState(gateway.is_active);
  const [mode, setMode] = useState(gateway.mode);
  const [keys, setKeys] = useState<Record<string, string>>({});
  const [test, setTest] = useState<GatewayTestResult | null>(null);
  const [testing, setTesting] = useState(false);
  const { submitting, formError, fieldErrors, submit } = useSubmit([
    'is_active',
    'mode',
    ...gateway.keys.map((k) => `keys.${k.field}`),
  ]);
  const typed = Object.fromEntries(Object.entries(keys).filter(([, v]) => v.trim() !== ''));

  async function save() {
    const saved = await submit(() =>
      adminApi.patch<AdminGateway>(`payment-gateways/${gateway.gateway}`, {
        is_active: isActive,
        mode,
        keys: typed,
      }),
    );
    if (saved) {
      setKeys({});
      notifySaved(`${gateway.name} is saved.`);
      onSaved();
    }
  }

  async function testConnection() {
    setTesting(true);
    setTest(null);
    const result = await submit(() =>
      adminApi.post<GatewayTestResult>(`payment-gateways/${gateway.gateway}/test`, { keys: typed }),
    );
    setTesting(false);
    if (result) setTest(result);
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={gateway.name}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {gateway.name}
          </Title>
          <Group gap="xs">
            {gateway.simulator && <Badge color="grape">Simulator</Badge>}
            <Badge color={gateway.is_active ? 'green' : 'gray'}>{gateway.is_active ? 'On' : 'Off'}</Badge>
          </Group>
        </Group>
        <FormError message={formError} />
        <Switch
          label="Offered at checkout"
          checked={isActive}
          onChange={(e) => setActive(e.currentTarget.checked)}
          error={fieldErrors.is_active}
        />
        {gateway.gateway !== 'cod' && (
          <>
            <SegmentedControl
              w="fit-content"
              value={mode}
              onChange={(v) => setMode(v as AdminGateway['mode'])}
              data={[
                { value: 'test', label: 'Test' },
                { value: 'live', label: 'Live (real money)' },
              ]}
            />
            {gateway.mode_from_environment && (
              <Alert color="yellow" icon={<IconAlertTriangle size={16} />} p="xs">
                The server’s environment sets this gateway to “{gateway.mode_from_environment}”, whatever is
                chosen here.
              </Alert>
            )}
            {gateway.keys.map((k) => (
              <PasswordInput
                key={k.field}
                label={k.label}
                autoComplete="off"
                placeholder={k.last4 ? `${k.last4} (saved; type to replace)` : 'Not set'}
                description={
                  k.from_environment ? 'Set in the server’s environment, which wins over this.' : undefined
                }
                value={keys[k.field] ?? ''}
                error={fieldErrors[`keys.${k.field}`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setKeys((all) => ({ ...all, [k.field]: value }));
                }}
              />
            ))}
          </>
        )}
        {test && (
          <Alert color={test.ok ? 'green' : 'red'} role="status" p="xs">
            {test.message}{' '}
            {test.took_ms > 0 && (
              <Text span size="xs" c="dimmed">
                ({test.took_ms} ms)
              </Text>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            loading={testing}
            onClick={testConnection}
          >
            Test connection
          </Button>
          <Button loading={submitting && !testing} onClick={save}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
