import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Radio, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  type Address,
  type AddressFormInput,
  type AddressInput,
  addressInputSchema,
} from '@shop/contract/addresses';
import { ApiFailure } from '@shop/contract/storefront-context';
import { deliveryMessages } from '@shop/contract/delivery';
import { type ReactNode, useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useDeliveryQuote } from '../../lib/delivery-quote.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { registerAfterClick } from '../../lib/blur-after-click.ts';
import { addressesApi } from './addresses-api.ts';

/** Every field starts empty, the address type too (product rules §5: "all eight fields required"). */
const blank: AddressFormInput = {
  contact_person: '',
  mobile_number: '',
  full_address: '',
  city: '',
  pin_code: '',
  state: '',
  landmark: '',
  gstin: '',
  address_name: '',
  address_type: '',
};

const FIELDS = Object.keys(blank) as (keyof AddressInput)[];

/**
 * The address form (product rules §4): saving with an id updates, without adds; the saved address is
 * handed to onSaved (which selects it) and the form resets. Server field errors land on fields.
 */
export function AddressForm({
  editing,
  onSaved,
  actions,
  focusOnOpen = false,
}: {
  editing: Address | null;
  onSaved: (address: Address) => void;
  actions?: ReactNode;
  /** Opened by a click (Edit, Add a New Address): the first field takes the focus. */
  focusOnOpen?: boolean;
}) {
  const form = useForm<AddressFormInput, unknown, AddressInput>({
    resolver: zodResolver(addressInputSchema),
    defaultValues: editing ? pick(editing) : blank,
    mode: 'onTouched',
  });
  // Checked on blur, but after the click that moved the focus (lib/blur-after-click.ts).
  const register = registerAfterClick(form.register);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(() => {
    if (focusOnOpen) form.setFocus('contact_person');
  }, []);
  const { errors, isSubmitting } = form.formState;
  const quote = useDeliveryQuote(String(useWatch({ control: form.control, name: 'pin_code' }) ?? '').trim());
  // What the pincode filled in last: a field still holding it (or empty) follows the next
  // pincode — filled in where the directory knows the place, emptied where it does not (a city
  // left over from another pincode would be wrong); one the shopper typed over is theirs and stays.
  const filled = useRef<{ city: string; state: string }>({ city: '', state: '' });
  useEffect(() => {
    if (!quote) return;
    const follow = (name: 'city' | 'state', value: string) => {
      const current = form.getValues(name);
      if ((current && current !== filled.current[name]) || current === value) return;
      // A field the shopper already left, or was told about by Save Address (a submit marks no
      // field touched), is checked again: 'This is a required field.' must not stay under a
      // filled city.
      const field = form.getFieldState(name);
      form.setValue(name, value, { shouldValidate: field.isTouched || field.error !== undefined });
    };
    follow('city', quote.city ?? '');
    follow('state', quote.state ?? '');
    filled.current = { city: quote.city ?? '', state: quote.state ?? '' };
  }, [quote, form]);

  async function submit(values: AddressInput) {
    try {
      const result = editing ? await addressesApi.update(editing.id, values) : await addressesApi.add(values);
      notifySuccess(result.message);
      form.reset(blank);
      onSaved(result.address);
    } catch (error) {
      if (error instanceof ApiFailure && Array.isArray(error.data)) {
        for (const item of error.data as { field?: string; message?: string }[])
          if (item.field && FIELDS.includes(item.field as keyof AddressInput))
            form.setError(item.field as keyof AddressInput, { message: item.message ?? '' });
      }
      notifyError(error);
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={form.handleSubmit(submit)}
      noValidate
      aria-label="Address form"
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {editing ? `Edit address "${editing.address_name}"` : 'Add a New Address'}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Contact person"
            withAsterisk
            autoComplete="name"
            {...register('contact_person')}
            error={errors.contact_person?.message}
          />
          <TextInput
            label="Mobile number"
            withAsterisk
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="10-digit mobile"
            {...register('mobile_number')}
            error={errors.mobile_number?.message}
          />
        </SimpleGrid>
        <Textarea
          label="Full address"
          withAsterisk
          autosize
          minRows={2}
          autoComplete="street-address"
          {...register('full_address')}
          error={errors.full_address?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="City"
            withAsterisk
            autoComplete="address-level2"
            {...register('city')}
            error={errors.city?.message}
          />
          <TextInput
            label="PIN code"
            withAsterisk
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            {...register('pin_code')}
            error={errors.pin_code?.message}
            description={
              quote ? (
                <span
                  data-testid="pincode-delivery"
                  style={{ color: quote.serviceable ? undefined : 'var(--mantine-color-red-9)' }}
                >
                  {quote.serviceable && quote.eta_days !== null
                    ? `${[quote.city, quote.state].filter(Boolean).join(', ')} · ${deliveryMessages.eta(quote.eta_days)}`
                    : deliveryMessages.notServiceable(quote.pincode)}
                </span>
              ) : undefined
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <TextInput
            label="State"
            autoComplete="address-level1"
            {...register('state')}
            error={errors.state?.message}
          />
          <TextInput
            label="Landmark"
            withAsterisk
            {...register('landmark')}
            error={errors.landmark?.message}
          />
          <TextInput
            label="Address name"
            withAsterisk
            placeholder="e.g. Home, Office"
            {...register('address_name')}
            error={errors.address_name?.message}
          />
        </SimpleGrid>
        <TextInput
          label="GSTIN (optional)"
          description="For a business purchase: your tax invoice will show this GSTIN, so that you can claim input tax credit."
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={15}
          styles={{ input: { textTransform: 'uppercase' } }}
          {...register('gstin')}
          error={errors.gstin?.message}
        />
        <Controller
          control={form.control}
          name="address_type"
          render={({ field }) => (
            <Radio.Group
              label="Address type"
              withAsterisk
              value={field.value}
              onChange={field.onChange}
              error={errors.address_type?.message}
            >
              <Group mt={6}>
                <Radio value="home" label="Home" color="maroon" />
                <Radio value="work" label="Work" color="maroon" />
              </Group>
            </Radio.Group>
          )}
        />
        <Group justify="space-between" mt="xs">
          <Group gap="xs">{actions}</Group>
          <Button type="submit" color="maroon" loading={isSubmitting}>
            {editing ? 'Update Address' : 'Save Address'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function pick(a: Address): AddressInput {
  return {
    contact_person: a.contact_person,
    mobile_number: a.mobile_number,
    full_address: a.full_address,
    city: a.city,
    pin_code: a.pin_code,
    state: a.state ?? null,
    landmark: a.landmark,
    gstin: a.gstin,
    address_name: a.address_name,
    address_type: a.address_type,
  };
}
