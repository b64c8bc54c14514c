import { Anchor, Group, Image, Paper, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { gatewayProviders, type PaymentGatewayView, paymentMessages } from '@shop/contract/payments';

/**
 * The gateways as radio cards with logo and name (product rules §2 Payment); under an online one,
 * who handles the payment and where to reach them (E-Commerce Rules r.7(1), before purchase).
 * The group is named by a label only screen readers hear (Mantine names its radiogroup from its
 * label; an aria-label went to the wrapper, leaving the group unnamed); each logo is decorative,
 * so an option is called "Razorpay", not "Razorpay logo Razorpay".
 */
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
    <Radio.Group
      value={value}
      onChange={onChange}
      name="payment_gateway"
      label={<VisuallyHidden>Payment options</VisuallyHidden>}
      labelProps={{ style: { display: 'block' } }}
    >
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
                  <Image src={g.logo} alt="" h={32} w={64} fit="contain" />
                  <Text fw={600}>{g.name}</Text>
                </Group>
              }
              styles={{ body: { alignItems: 'center' }, labelWrapper: { width: '100%' } }}
              aria-describedby={
                [
                  g.internal_name === 'paypal' ? 'paypal-abroad-note' : '',
                  gatewayProviders[g.internal_name] ? `${g.internal_name}-provider` : '',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            />
            {g.internal_name === 'paypal' && (
              <Text id="paypal-abroad-note" size="sm" c="gray.7" mt={4} ml={32}>
                {paymentMessages.paypalAbroadOnly}
              </Text>
            )}
            <ProviderNote gateway={g.internal_name} />
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** 'Payment handled by …' with the provider's help page, for a gateway with a provider. */
function ProviderNote({ gateway }: { gateway: string }) {
  const provider = gatewayProviders[gateway];
  if (!provider) return null;
  return (
    <Text id={`${gateway}-provider`} size="xs" c="gray.7" mt={4} ml={32}>
      Payment handled by {provider.provider} ·{' '}
      <Anchor
        href={provider.help}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        c="saffron.9"
        underline="always"
      >
        help and contact
      </Anchor>
    </Text>
  );
}
