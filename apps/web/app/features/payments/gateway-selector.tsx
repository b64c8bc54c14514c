import { Group, Image, Paper, Radio, Stack, Text } from '@mantine/core';
import { type PaymentGatewayView, paymentMessages } from '@shop/contract/payments';

/** The gateways as radio cards with logo and name (product rules §2 Payment). */
export function GatewaySelector({
  gateways,
  value,
  onChange,
  disabled,
}: {
  gateways: PaymentGatewayView[];
  value: string | null;
  onChange: (internalName: string) => void;
  disabled?: boolean;
}) {
  return (
    <Radio.Group value={value} onChange={onChange} name="payment_gateway" aria-label="Payment options">
      <Stack gap="sm">
        {gateways.map((g) => (
          <Paper
            key={g.id}
            withBorder
            radius="md"
            p="sm"
            style={{
              borderColor: value === g.internal_name ? 'var(--mantine-color-saffron-7)' : undefined,
              background: value === g.internal_name ? 'var(--mantine-color-saffron-0)' : undefined,
            }}
          >
            <Radio
              value={g.internal_name}
              disabled={disabled}
              color="saffron.8"
              label={
                <Group gap="sm" wrap="nowrap">
                  <Image src={g.logo} alt={`${g.name} logo`} h={32} w={64} fit="contain" />
                  <Text fw={600}>{g.name}</Text>
                </Group>
              }
              styles={{ body: { alignItems: 'center' }, labelWrapper: { width: '100%' } }}
              aria-describedby={g.internal_name === 'paypal' ? 'paypal-abroad-note' : undefined}
            />
            {g.internal_name === 'paypal' && (
              <Text id="paypal-abroad-note" size="sm" c="gray.7" mt={4} ml={32}>
                {paymentMessages.paypalAbroadOnly}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}
