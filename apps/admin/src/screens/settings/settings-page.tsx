import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type AdminSetting, SETTING_DEFINITIONS } from '@shop/contract/admin/settings';
import { formatPaise } from '@shop/contract/money';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { adminApi } from '../../api.ts';
import { FormError } from '../../forms/form-error.tsx';
import { notifySaved } from '../../forms/notify.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import { PageLoader } from '../../layout/page-loader.tsx';

const FIELDS = SETTING_DEFINITIONS.map((d) => d.key);

/**
 * The shop's settings, grouped, each with where it shows and a link to a storefront page that
 * shows it. Only changed values are sent; the server checks each by its kind.
 */
export default function SettingsPage() {
  const [items, setItems] = useState<AdminSetting[] | null>(null);
  const [draft, setDraft] = useState<Record<string, string | number>>({});
  const { submitting, formError, fieldErrors, submit } = useSubmit(FIELDS);

  useEffect(() => {
    adminApi
      .get<{ items: AdminSetting[] }>('settings')
      .then((body) => setItems(body.items))
      .catch(() => setItems([]));
  }, []);

  const groups = useMemo(() => {
    const byGroup = new Map<string, AdminSetting[]>();
    for (const item of items ?? []) byGroup.set(item.group, [...(byGroup.get(item.group) ?? []), item]);
    return [...byGroup];
  }, [items]);

  if (!items) return <PageLoader />;
  const changed = Object.keys(draft).length;
  const shownValue = (s: AdminSetting) => (s.key in draft ? draft[s.key] : s.value);

  async function save() {
    const saved = await submit(() => adminApi.put<{ items: AdminSetting[] }>('settings', { values: draft }));
    if (saved) {
      setItems(saved.items);
      setDraft({});
      notifySaved('Settings saved. The storefront shows them now.');
    }
  }

  return (
    <Stack gap="md" maw={900}>
      {/* The page is long: its one Save button stays in view under the header while scrolling. */}
      <Group
        justify="space-between"
        align="flex-end"
        py="xs"
        style={{
          position: 'sticky',
          top: 'var(--app-shell-header-offset, 0px)',
          zIndex: 5,
          background: 'var(--mantine-color-body)',
        }}
      >
        <Title order={1} size="h2">
          Settings
        </Title>
        <Button onClick={save} loading={submitting} disabled={changed === 0}>
          {changed ? `Save ${changed} change${changed > 1 ? 's' : ''}` : 'Saved'}
        </Button>
      </Group>
      <FormError message={formError} />
      {groups.map(([group, settings]) => (
        <Card key={group} withBorder padding="md" radius="md" component="section" aria-label={group}>
          <Title order={2} size="h4" mb="sm">
            {group}
          </Title>
          <Stack gap="md">
            {settings.map((s) => {
              const description = (
                <>
                  {s.shows}{' '}
                  {s.preview_path && (
                    <Anchor href={s.preview_path} target="_blank" size="xs">
                      See it <IconExternalLink size={12} />
                    </Anchor>
                  )}
                </>
              );
              const common = {
                label: s.label,
                description,
                required: s.required,
                error: fieldErrors[s.key],
              };
              const set = (value: string | number) => setDraft((d) => ({ ...d, [s.key]: value }));
              if (s.type === 'money')
                return (
                  <NumberInput
                    key={s.key}
                    {...common}
                    prefix="₹"
                    decimalScale={2}
                    thousandSeparator=","
                    thousandsGroupStyle="lakh"
                    min={0}
                    value={Number(shownValue(s)) / 100}
                    onChange={(v) => set(Math.round(Number(v || 0) * 100))}
                    rightSectionWidth={120}
                    rightSection={
                      <Text size="xs" c="dimmed">
                        {formatPaise(Number(shownValue(s)))}
                      </Text>
                    }
                  />
                );
              if (s.type === 'long-text' || s.type === 'inline-html')
                return (
                  <Textarea
                    key={s.key}
                    {...common}
                    autosize
                    minRows={2}
                    value={String(shownValue(s))}
                    onChange={(e) => set(e.currentTarget.value)}
                  />
                );
              return (
                <TextInput
                  key={s.key}
                  {...common}
                  type={
                    s.type === 'email'
                      ? 'email'
                      : s.type === 'url'
                        ? 'url'
                        : s.type === 'phone'
                          ? 'tel'
                          : 'text'
                  }
                  value={String(shownValue(s))}
                  onChange={(e) => set(e.currentTarget.value)}
                />
              );
            })}
          </Stack>
        </Card>
      ))}
      <Alert icon={<IconInfoCircle size={18} />} color="gray" title="Currency display">
        The shop sells in rupees only. Every amount is shown the same way everywhere, with Indian digit
        grouping: {formatPaise(12_345_600)}. This is not a setting.
      </Alert>
    </Stack>
  );
}
