import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminCoupon, CouponInput } from '@shop/contract/admin/coupons';
import { formatPaise } from '@shop/contract/money';
import { DataTable } from 'mantine-datatable';
import { FormError } from '../../forms/form-error.tsx';
import { paiseOf, rupees } from '../../forms/rupee-fields.ts';
import { formatDateTime, fromLocalInput, toLocalInput } from '../../forms/dates.ts';
import { ListHeader } from '../../tables/list-header.tsx';
import { useActiveSwitch, useAdminList } from '../../tables/use-admin-list.ts';
import { type OpenDraftEditor, useDraftEditor } from '../../tables/use-draft-editor.ts';

type Draft = Required<CouponInput> & { id?: number };

const empty: Draft = {
  code: '',
  description: '',
  discount_type: 'percent',
  discount_value: 10,
  min_cart_paise: 0,
  max_discount_paise: null,
  starts_at: null,
  ends_at: null,
  usage_limit_total: null,
  usage_limit_per_customer: 1,
  is_active: true,
};

const stateColour: Record<AdminCoupon['state'], string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  'used up': 'orange',
  disabled: 'red',
};

const FIELDS = Object.keys(empty);

/** Coupons: terms, limits and what each has given away so far. */
export default function CouponsPage() {
  const list = useAdminList<AdminCoupon>('coupons');
  const editor = useDraftEditor<Draft, AdminCoupon>(list, 'coupons', {
    fields: FIELDS,
    savedMessage: (coupon) => `${coupon.code} is saved.`,
  });

  const toggle = useActiveSwitch(list, 'coupons', (coupon) => coupon.code);

  return (
    <Stack gap="md" maw={1100}>
      <ListHeader title="Coupons" newLabel="New coupon" onNew={() => editor.open(empty)} />
      <FormError message={list.error} />
      <DataTable
        withTableBorder
        highlightOnHover
        minHeight={160}
        fetching={list.loading}
        records={list.items}
        noRecordsText="No coupons yet."
        onRowClick={({ record }) => {
          const { id, code, description, discount_type, discount_value, min_cart_paise, max_discount_paise } =
            record;
          editor.open({
            id,
            code,
            description,
            discount_type,
            discount_value,
            min_cart_paise,
            max_discount_paise,
            starts_at: record.starts_at,
            ends_at: record.ends_at,
            usage_limit_total: record.usage_limit_total,
            usage_limit_per_customer: record.usage_limit_per_customer,
            is_active: record.is_active,
          });
        }}
        columns={[
          { accessor: 'code', title: 'Code', render: (c) => <Text fw={600}>{c.code}</Text> },
          {
            accessor: 'discount_value',
            title: 'Discount',
            render: (c) =>
              c.discount_type === 'percent'
                ? `${c.discount_value} %${c.max_discount_paise ? ` (up to ${formatPaise(c.max_discount_paise)})` : ''}`
                : formatPaise(c.discount_value),
          },
          {
            accessor: 'state',
            title: 'State',
            render: (c) => <Badge color={stateColour[c.state]}>{c.state}</Badge>,
          },
          {
            accessor: 'used_count',
            title: 'Used',
            render: (c) => `${c.used_count}${c.usage_limit_total ? ` of ${c.usage_limit_total}` : ''}`,
          },
          {
            accessor: 'discount_given_paise',
            title: 'Given away',
            render: (c) => formatPaise(c.discount_given_paise),
          },
          { accessor: 'ends_at', title: 'Ends', render: (c) => formatDateTime(c.ends_at) },
          {
            accessor: 'is_active',
            title: '',
            textAlign: 'right',
            render: (c) => (
              <Button
                size="xs"
                variant={c.is_active ? 'default' : 'light'}
                onClick={(e) => {
                  e.stopPropagation();
                  void toggle(c);
                }}
              >
                {c.is_active ? 'Switch off' : 'Switch on'}
              </Button>
            ),
          },
        ]}
      />
      {editor.draft && <CouponForm editor={editor} />}
    </Stack>
  );
}

function CouponForm({ editor }: { editor: OpenDraftEditor<Draft> }) {
  const { initial: coupon, draft, set, save, close: onClose, submitting, formError, fieldErrors } = editor;
  const phone = useMediaQuery('(max-width: 48em)');
  const percent = draft.discount_type === 'percent';

  return (
    <Modal
      opened
      onClose={onClose}
      title={coupon.id ? `Edit ${coupon.code}` : 'New coupon'}
      fullScreen={phone}
    >
      <Stack gap="sm">
        <FormError message={formError} />
        <TextInput
          label="Code"
          required
          description="What the shopper types; letters and digits, not case-sensitive."
          value={draft.code}
          error={fieldErrors.code}
          onChange={(e) => set({ code: e.currentTarget.value.toUpperCase() })}
        />
        <TextInput
          label="Description (for staff)"
          value={draft.description}
          error={fieldErrors.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <SegmentedControl
          value={draft.discount_type}
          onChange={(v) => {
            const type = v as Draft['discount_type'];
            if (type === draft.discount_type) return;
            // The number shown stays: 15 % becomes ₹15 and ₹15 becomes 15 %, not ₹0.15 or 1500 %.
            const shown = percent ? draft.discount_value : draft.discount_value / 100;
            set({
              discount_type: type,
              discount_value: type === 'percent' ? Math.round(shown) : Math.round(shown * 100),
              // A cap is for percentages only; the server refuses one on a rupees-off coupon.
              ...(type === 'flat' ? { max_discount_paise: null } : {}),
            });
          }}
          data={[
            { value: 'percent', label: 'Percent off' },
            { value: 'flat', label: 'Rupees off' },
          ]}
        />
        <NumberInput
          label={percent ? 'Discount (%)' : 'Discount (₹)'}
          required
          min={0}
          decimalScale={percent ? 0 : 2}
          value={percent ? draft.discount_value : draft.discount_value / 100}
          error={fieldErrors.discount_value}
          onChange={(v) =>
            set({ discount_value: percent ? Number(v || 0) : Math.round(Number(v || 0) * 100) })
          }
        />
        {percent && (
          <NumberInput
            label="At most (₹)"
            description="Empty: no cap."
            min={0}
            decimalScale={2}
            value={rupees(draft.max_discount_paise)}
            error={fieldErrors.max_discount_paise}
            onChange={(v) => set({ max_discount_paise: paiseOf(v) })}
          />
        )}
        <NumberInput
          label="Cart at least (₹)"
          min={0}
          decimalScale={2}
          value={draft.min_cart_paise / 100}
          error={fieldErrors.min_cart_paise}
          onChange={(v) => set({ min_cart_paise: paiseOf(v) ?? 0 })}
        />
        <Group grow>
          <NumberInput
            label="Uses in all"
            description="Empty: no limit."
            min={1}
            allowDecimal={false}
            value={draft.usage_limit_total ?? ''}
            error={fieldErrors.usage_limit_total}
            onChange={(v) => set({ usage_limit_total: v === '' ? null : Number(v) })}
          />
          <NumberInput
            label="Uses per customer"
            description="Empty: no limit."
            min={1}
            allowDecimal={false}
            value={draft.usage_limit_per_customer ?? ''}
            error={fieldErrors.usage_limit_per_customer}
            onChange={(v) => set({ usage_limit_per_customer: v === '' ? null : Number(v) })}
          />
        </Group>
        <Group grow>
          <TextInput
            type="datetime-local"
            label="From"
            value={toLocalInput(draft.starts_at)}
            error={fieldErrors.starts_at}
            onChange={(e) => set({ starts_at: fromLocalInput(e.currentTarget.value) })}
          />
          <TextInput
            type="datetime-local"
            label="Until"
            value={toLocalInput(draft.ends_at)}
            error={fieldErrors.ends_at}
            onChange={(e) => set({ ends_at: fromLocalInput(e.currentTarget.value) })}
          />
        </Group>
        <Switch
          label="On (the checkout accepts it)"
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
    </Modal>
  );
}
