import {
  Badge,
  Button,
  Drawer,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type AdminDeliveryZone,
  DELIVERY_ZONE_KINDS,
  DELIVERY_ZONE_STATES,
  type DeliveryZoneKind,
  deliveryZoneKindLabels,
} from '@shop/contract/admin/delivery-zones';
import { formatPaise } from '@shop/contract/money';
import { DataTable } from 'mantine-datatable';
import { adminApi } from '../../api.ts';
import { ConfirmAction } from '../../forms/confirm-action.tsx';
import { FormError } from '../../forms/form-error.tsx';
import { notifySaved } from '../../forms/notify.ts';
import { paiseOf, rupees } from '../../forms/rupee-fields.ts';
import { ListHeader } from '../../tables/list-header.tsx';
import { useAdminList } from '../../tables/use-admin-list.ts';
import { type OpenDraftEditor, useDraftEditor } from '../../tables/use-draft-editor.ts';

type Draft = Omit<AdminDeliveryZone, 'id' | 'updated_at'> & { id?: number };

const empty: Draft = {
  name: '',
  kind: 'pincodes',
  matches: [],
  serviceable: true,
  charge_paise: 0,
  free_above_paise: null,
  eta_days: 3,
  cod_allowed: true,
  cod_max_paise: null,
  cod_fee_paise: 0,
  is_active: true,
};

const FIELDS = Object.keys(empty);

const matchesHelp: Record<DeliveryZoneKind, string> = {
  pincodes: 'Six-digit pincodes; press Enter after each (or paste a list).',
  prefix: 'The first 1 to 5 digits of the pincodes, e.g. 302 for Jaipur; the longest prefix wins.',
  state: 'States and union territories.',
  default: 'Every pincode no other zone matches.',
};

function termsOf(z: AdminDeliveryZone): string {
  if (!z.serviceable) return 'Not delivered';
  const charge = z.charge_paise === 0 ? 'Free' : formatPaise(z.charge_paise);
  const free = z.free_above_paise !== null ? ` (free from ${formatPaise(z.free_above_paise)})` : '';
  return `${charge}${free} · ${z.eta_days} ${z.eta_days === 1 ? 'day' : 'days'}`;
}

function codOf(z: AdminDeliveryZone): string {
  if (!z.serviceable || !z.cod_allowed) return 'No';
  const max = z.cod_max_paise !== null ? `up to ${formatPaise(z.cod_max_paise)}` : 'any amount';
  return `${max}${z.cod_fee_paise > 0 ? `, fee ${formatPaise(z.cod_fee_paise)}` : ''}`;
}

/**
 * Delivery zones: where the shop delivers, for how much, how fast and whether cash on delivery is
 * taken. The most specific zone matching a pincode serves it; a saved change applies to the next
 * delivery quote and checkout.
 */
export default function DeliveryZonesPage() {
  const list = useAdminList<AdminDeliveryZone>('delivery-zones');
  const editor = useDraftEditor<Draft, AdminDeliveryZone>(list, 'delivery-zones', {
    fields: FIELDS,
    savedMessage: (zone) => `${zone.name} is saved. Delivery quotes and checkout use it now.`,
  });

  return (
    <Stack gap="md" maw={1100}>
      <ListHeader title="Delivery zones" newLabel="New zone" onNew={() => editor.open(empty)} />
      <Text size="sm" c="dimmed">
        A pincode is served by the most specific zone that matches it: a listed pincode, then the longest
        prefix, then its state, then the zone for everywhere else.
      </Text>
      <FormError message={list.error} />
      <DataTable
        withTableBorder
        highlightOnHover
        minHeight={160}
        fetching={list.loading}
        records={list.items}
        noRecordsText="No delivery zones yet: no pincode is served."
        onRowClick={({ record }) => {
          const { updated_at: _updated, ...zone } = record;
          editor.open(zone);
        }}
        columns={[
          {
            accessor: 'name',
            title: 'Zone',
            render: (z) => (
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {z.name}
                </Text>
                {!z.is_active && (
                  <Badge color="gray" size="xs">
                    Off
                  </Badge>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'matches',
            title: 'Matches',
            render: (z) => (
              <Text size="sm" lineClamp={2}>
                {deliveryZoneKindLabels[z.kind]}
                {z.matches.length > 0 ? `: ${z.matches.join(', ')}` : ''}
              </Text>
            ),
          },
          { accessor: 'charge_paise', title: 'Delivery', render: termsOf },
          { accessor: 'cod_allowed', title: 'Cash on delivery', render: codOf },
        ]}
      />
      {editor.draft && (
        <ZoneForm
          editor={editor}
          onDeleted={() => {
            editor.close();
            list.reload();
          }}
        />
      )}
    </Stack>
  );
}

function ZoneForm({ editor, onDeleted }: { editor: OpenDraftEditor<Draft>; onDeleted(): void }) {
  const { initial: zone, draft, set, save, close: onClose, submitting, formError, fieldErrors } = editor;
  const phone = useMediaQuery('(max-width: 48em)');

  async function remove() {
    if (!zone.id) return;
    await adminApi.delete(`delivery-zones/${zone.id}`);
    notifySaved(`${zone.name} is deleted.`);
    onDeleted();
  }

  const matchesField =
    draft.kind === 'state' ? (
      <MultiSelect
        label="States"
        required
        searchable
        data={[...DELIVERY_ZONE_STATES]}
        value={draft.matches}
        description={matchesHelp.state}
        error={fieldErrors.matches}
        onChange={(matches) => set({ matches })}
      />
    ) : draft.kind === 'default' ? (
      <Text size="sm" c="dimmed">
        {matchesHelp.default}
      </Text>
    ) : (
      <TagsInput
        label={draft.kind === 'pincodes' ? 'Pincodes' : 'Pincode prefixes'}
        required
        value={draft.matches}
        splitChars={[',', ' ', '\n']}
        description={matchesHelp[draft.kind]}
        error={fieldErrors.matches}
        onChange={(matches) => set({ matches })}
      />
    );

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={zone.id ? `Edit ${zone.name}` : 'New delivery zone'}
    >
      <Stack gap="sm">
        <FormError message={formError} />
        <TextInput
          label="Name"
          required
          value={draft.name}
          error={fieldErrors.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Select
          label="Matches by"
          required
          allowDeselect={false}
          data={DELIVERY_ZONE_KINDS.map((k) => ({ value: k, label: deliveryZoneKindLabels[k] }))}
          value={draft.kind}
          error={fieldErrors.kind}
          onChange={(kind) => kind && set({ kind: kind as DeliveryZoneKind, matches: [] })}
        />
        {matchesField}
        <Switch
          label="The shop delivers here"
          checked={draft.serviceable}
          onChange={(e) => set({ serviceable: e.currentTarget.checked })}
        />
        {draft.serviceable && (
          <>
            <Group grow align="flex-start">
              <NumberInput
                label="Delivery charge (₹)"
                min={0}
                decimalScale={2}
                value={draft.charge_paise / 100}
                error={fieldErrors.charge_paise}
                onChange={(v) => set({ charge_paise: paiseOf(v) ?? 0 })}
              />
              <NumberInput
                label="Free delivery from (₹)"
                description="Goods after the coupon; empty: never free."
                min={0}
                decimalScale={2}
                value={rupees(draft.free_above_paise)}
                error={fieldErrors.free_above_paise}
                onChange={(v) => set({ free_above_paise: paiseOf(v) })}
              />
            </Group>
            <NumberInput
              label="Delivery in (days)"
              min={0}
              max={60}
              allowDecimal={false}
              value={draft.eta_days}
              error={fieldErrors.eta_days}
              onChange={(v) => set({ eta_days: Number(v || 0) })}
            />
            <Switch
              label="Cash on delivery allowed"
              checked={draft.cod_allowed}
              onChange={(e) =>
                set({
                  cod_allowed: e.currentTarget.checked,
                  ...(e.currentTarget.checked ? {} : { cod_max_paise: null, cod_fee_paise: 0 }),
                })
              }
            />
            {draft.cod_allowed && (
              <Group grow align="flex-start">
                <NumberInput
                  label="Cash on delivery up to (₹)"
                  description="Order total with delivery; empty: no limit."
                  min={0}
                  decimalScale={2}
                  value={rupees(draft.cod_max_paise)}
                  error={fieldErrors.cod_max_paise}
                  onChange={(v) => set({ cod_max_paise: paiseOf(v) })}
                />
                <NumberInput
                  label="Cash on delivery fee (₹)"
                  min={0}
                  decimalScale={2}
                  value={draft.cod_fee_paise / 100}
                  error={fieldErrors.cod_fee_paise}
                  onChange={(v) => set({ cod_fee_paise: paiseOf(v) ?? 0 })}
                />
              </Group>
            )}
          </>
        )}
        <Switch
          label="On (quotes and checkout use it)"
          checked={draft.is_active}
          onChange={(e) => set({ is_active: e.currentTarget.checked })}
        />
        <Group justify="space-between">
          {zone.id ? (
            <ConfirmAction
              label="Delete zone"
              question={
                // Nothing is below the default zone: without it every pincode no other zone lists
                // is refused at checkout, which deleting should not do unawares.
                zone.kind === 'default'
                  ? `Delete ${zone.name}? Pincodes that no other zone lists will no longer be delivered to.`
                  : `Delete ${zone.name}? Its pincodes fall to the next zone that matches them.`
              }
              action={remove}
            />
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={submitting} onClick={save}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Drawer>
  );
}
