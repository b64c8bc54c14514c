import {
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminProduct } from '@shop/contract/admin/catalogue';
import {
  declarationsWarning,
  foodTypeLabels,
  foodTypes,
  makerRoleLabels,
  makerRoles,
  missingDeclarations,
  type NetQuantityUnit,
  netQuantityUnits,
} from '@shop/contract/package-declarations';

/**
 * The package declarations part of the product form: what the pack's label says, which the
 * product page repeats (Legal Metrology rules). Texts are empty in the form when the label has
 * none and are sent as null.
 */
export interface DeclarationsForm {
  maker_role: AdminProduct['maker_role'];
  maker_name: string;
  maker_address: string;
  country_of_origin: string;
  generic_name: string;
  net_quantity: number | string;
  net_quantity_unit: NetQuantityUnit;
  best_before: string;
  dimensions: string;
  consumer_care: string;
  food_type: AdminProduct['food_type'];
}

/** The texts a label may leave out (sent as null when empty). */
const OPTIONAL_TEXTS = [
  'maker_name',
  'maker_address',
  'generic_name',
  'best_before',
  'dimensions',
  'consumer_care',
] as const;

/** The fields the server may name in an error of this part. */
export const DECLARATION_FIELDS = [
  'maker_role',
  ...OPTIONAL_TEXTS,
  'country_of_origin',
  'net_quantity',
  'net_quantity_unit',
  'food_type',
] as const;

export const emptyDeclarations: DeclarationsForm = {
  maker_role: 'manufacturer',
  maker_name: '',
  maker_address: '',
  country_of_origin: 'India',
  generic_name: '',
  net_quantity: '',
  net_quantity_unit: 'g',
  best_before: '',
  dimensions: '',
  consumer_care: '',
  food_type: 'not_food',
};

export function declarationsOf(p: AdminProduct): DeclarationsForm {
  return {
    maker_role: p.maker_role,
    maker_name: p.maker_name ?? '',
    maker_address: p.maker_address ?? '',
    country_of_origin: p.country_of_origin,
    generic_name: p.generic_name ?? '',
    net_quantity: p.net_quantity ?? '',
    net_quantity_unit: p.net_quantity_unit,
    best_before: p.best_before ?? '',
    dimensions: p.dimensions ?? '',
    consumer_care: p.consumer_care ?? '',
    food_type: p.food_type,
  };
}

/** The request's declaration fields. */
export function declarationsBody(form: DeclarationsForm) {
  const quantity = typeof form.net_quantity === 'number' ? form.net_quantity : form.net_quantity.trim();
  return {
    maker_role: form.maker_role,
    ...Object.fromEntries(OPTIONAL_TEXTS.map((k) => [k, form[k].trim() || null])),
    country_of_origin: form.country_of_origin,
    net_quantity: quantity === '' ? null : Number(quantity),
    net_quantity_unit: form.net_quantity_unit,
    food_type: form.food_type,
  };
}

/** How each base unit of a net quantity reads in the form. */
const unitLabels: Record<NetQuantityUnit, string> = {
  g: 'grams',
  ml: 'millilitres',
  cm: 'centimetres',
  unit: 'pieces',
};

export function DeclarationsFieldset({
  form,
  onChange,
  errors,
}: {
  form: DeclarationsForm;
  onChange: (patch: Partial<DeclarationsForm>) => void;
  errors: Record<string, string>;
}) {
  const set = <K extends keyof DeclarationsForm>(key: K, value: DeclarationsForm[K]) =>
    onChange({ [key]: value } as Partial<DeclarationsForm>);
  const warning = declarationsWarning(missingDeclarations(form));
  const text = (key: (typeof OPTIONAL_TEXTS)[number] | 'country_of_origin') => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errors[key],
  });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Package declarations
          </Title>
          <Text size="sm" c="dimmed">
            What the pack's label says; the product page repeats it, as the Legal Metrology rules ask.
          </Text>
          {warning && (
            <Text size="sm" c="orange.9" role="status" mt={4} data-testid="declarations-warning">
              {warning}
            </Text>
          )}
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Label names the"
            data={makerRoles.map((r) => ({ value: r, label: makerRoleLabels[r] }))}
            value={form.maker_role}
            onChange={(v) => v && set('maker_role', v as DeclarationsForm['maker_role'])}
            allowDeselect={false}
            error={errors.maker_role}
          />
          <TextInput label="Maker's name" {...text('maker_name')} />
          <Textarea autosize minRows={2} label="Maker's address" {...text('maker_address')} />
          <TextInput label="Country of origin" {...text('country_of_origin')} />
          <TextInput
            label="Common or generic name"
            description="For example Cashew nut barfi"
            {...text('generic_name')}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Net quantity"
              description="Empty: not stated"
              allowDecimal={false}
              min={1}
              value={form.net_quantity}
              onChange={(v) => set('net_quantity', v)}
              error={errors.net_quantity}
            />
            <Select
              label="Unit"
              description="Unit sale price follows"
              data={netQuantityUnits.map((u) => ({ value: u, label: unitLabels[u] }))}
              value={form.net_quantity_unit}
              onChange={(v) => v && set('net_quantity_unit', v as NetQuantityUnit)}
              allowDeselect={false}
              error={errors.net_quantity_unit}
            />
          </Group>
          <TextInput label="Best before" description="Food: as the label words it" {...text('best_before')} />
          <TextInput
            label="Dimensions"
            description="Where size matters, e.g. locks"
            {...text('dimensions')}
          />
          <Textarea
            autosize
            minRows={2}
            label="Consumer care"
            description="Empty: the shop's own contact"
            {...text('consumer_care')}
          />
          <Select
            label="Food type"
            data={foodTypes.map((f) => ({
              value: f,
              label: f === 'not_food' ? 'Not food' : foodTypeLabels[f],
            }))}
            value={form.food_type}
            onChange={(v) => v && set('food_type', v as DeclarationsForm['food_type'])}
            allowDeselect={false}
            error={errors.food_type}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
