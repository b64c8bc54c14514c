import { Anchor, Button, Drawer, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type AdminCarrier, type CarrierInput, TRACKING_PLACEHOLDER } from '@shop/contract/admin/carriers';
import { DataTable } from 'mantine-datatable';
import { FormError } from '../../forms/form-error.tsx';
import { ListHeader } from '../../tables/list-header.tsx';
import { useActiveSwitch, useAdminList } from '../../tables/use-admin-list.ts';
import { type OpenDraftEditor, useDraftEditor } from '../../tables/use-draft-editor.ts';

type Draft = Required<CarrierInput> & { id?: number };

const empty: Draft = { name: '', tracking_url_template: '', is_active: true, sort_order: 0 };
const FIELDS = Object.keys(empty);

/**
 * The carriers staff choose from when they ship, with each one's tracking page. Switching one
 * off takes it out of the ship dialog; orders already shipped keep their tracking link.
 */
export default function CarriersPage() {
  const list = useAdminList<AdminCarrier>('shipping-carriers');
  const editor = useDraftEditor<Draft, AdminCarrier>(list, 'shipping-carriers', {
    fields: FIELDS,
    savedMessage: (carrier) => `${carrier.name} is saved.`,
  });
  // On a phone the tracking page goes under the name, so the on/off switch stays in view.
  const phone = useMediaQuery('(max-width: 48em)');

  const toggle = useActiveSwitch(list, 'shipping-carriers', (carrier) => carrier.name);

  return (
    <Stack gap="md" maw={1100}>
      <ListHeader title="Carriers" newLabel="New carrier" onNew={() => editor.open(empty)} />
      <Text size="sm" c="dimmed">
        Staff choose one of the carriers switched on when they ship an order; the customer gets its tracking
        page. Click a carrier to edit it.
      </Text>
      <FormError message={list.error} />
      <DataTable
        withTableBorder
        highlightOnHover
        minHeight={160}
        fetching={list.loading}
        records={list.items}
        noRecordsText="No carriers yet."
        onRowClick={({ record }) =>
          editor.open({
            id: record.id,
            name: record.name,
            tracking_url_template: record.tracking_url_template ?? '',
            is_active: record.is_active,
            sort_order: record.sort_order,
          })
        }
        columns={[
          {
            accessor: 'name',
            title: 'Carrier',
            render: (c) => (
              <Stack gap={2}>
                <Text fw={600}>{c.name}</Text>
                {phone && <TrackingPage carrier={c} size="xs" />}
              </Stack>
            ),
          },
          {
            accessor: 'tracking_url_template',
            title: 'Tracking page',
            hidden: phone,
            render: (c) => <TrackingPage carrier={c} size="sm" />,
          },
          { accessor: 'sort_order', title: 'Position', textAlign: 'right' },
          {
            accessor: 'is_active',
            title: 'On',
            textAlign: 'right',
            render: (c) => (
              <Group justify="flex-end" onClick={(e) => e.stopPropagation()}>
                <Switch
                  aria-label={`${c.name} offered when shipping`}
                  checked={c.is_active}
                  onChange={() => void toggle(c)}
                />
              </Group>
            ),
          },
        ]}
      />
      {editor.draft && <CarrierForm editor={editor} />}
    </Stack>
  );
}

function TrackingPage({ carrier, size }: { carrier: AdminCarrier; size: 'xs' | 'sm' }) {
  return carrier.tracking_url_template ? (
    <Text size={size} style={{ wordBreak: 'break-all' }}>
      {carrier.tracking_url_template}
    </Text>
  ) : (
    <Text size={size} c="dimmed">
      No tracking page
    </Text>
  );
}

function CarrierForm({ editor }: { editor: OpenDraftEditor<Draft> }) {
  const { initial: carrier, draft, set, save, close: onClose, submitting, formError, fieldErrors } = editor;
  const phone = useMediaQuery('(max-width: 48em)');
  const example = draft.tracking_url_template?.includes(TRACKING_PLACEHOLDER)
    ? draft.tracking_url_template.replaceAll(TRACKING_PLACEHOLDER, 'AB12345678')
    : null;

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={carrier.id ? `Edit ${carrier.name}` : 'New carrier'}
    >
      <Stack gap="sm">
        <FormError message={formError} />
        <TextInput
          label="Name"
          required
          description="As staff and customers read it, and as carrier files name it."
          value={draft.name}
          error={fieldErrors.name}
          maxLength={60}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextInput
          label="Tracking page"
          description={`An https:// address with ${TRACKING_PLACEHOLDER} where the tracking number goes. Empty: no tracking page.`}
          placeholder={`https://carrier.example/track/${TRACKING_PLACEHOLDER}`}
          value={draft.tracking_url_template ?? ''}
          error={fieldErrors.tracking_url_template}
          maxLength={500}
          onChange={(e) => set({ tracking_url_template: e.currentTarget.value })}
        />
        {example && (
          <Text size="xs" c="dimmed">
            A parcel's link:{' '}
            <Anchor
              href={example}
              target="_blank"
              rel="noreferrer"
              size="xs"
              style={{ wordBreak: 'break-all' }}
            >
              {example}
            </Anchor>
          </Text>
        )}
        <NumberInput
          label="Position"
          description="Smaller comes first in the ship dialog."
          min={0}
          max={10_000}
          allowDecimal={false}
          value={draft.sort_order}
          error={fieldErrors.sort_order}
          onChange={(v) => set({ sort_order: Number(v || 0) })}
        />
        <Switch
          label="Offered when shipping"
          checked={draft.is_active}
          onChange={(e) => set({ is_active: e.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={submitting} onClick={save}>
            Save
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
