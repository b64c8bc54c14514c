import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@shop/contract/messages';
import type { PaymentGatewayView } from '@shop/contract/payments';
import { IconCash, IconCreditCard, IconWallet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorText } from '../../lib/notify.ts';
import { GatewaySelector } from './gateway-selector.tsx';
import type { PayableOrder } from './payable-order.ts';
import { fetchPaymentGateways } from './payments-api.ts';
import { PaypalButtons } from './paypal-buttons.tsx';
import { usePaymentFlow } from './use-payment-flow.ts';

/** 'Choose a payment option': the gateway list (default preselected) and the chosen gateway's pay button. */
export function PaymentOptions({
  order,
  onPlaced,
  onSelect,
  codRefusal,
}: {
  order: PayableOrder;
  onPlaced: () => void;
  /** Tells the page which gateway is chosen (the breakdown adds the cash-on-delivery fee). */
  onSelect?: (gateway: string | null) => void;
  /** Why cash on delivery cannot pay this order (its delivery zone), or null. */
  codRefusal?: string | null;
}) {
  const [gateways, setGateways] = useState<PaymentGatewayView[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  // Why the list could not be read (a network failure): said with a way to ask again, not as
  // 'Selected payment gateway is not supported', which is for a gateway the shop does not know.
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => onSelect?.(selected), [selected, onSelect]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger.
  useEffect(() => {
    let current = true;
    fetchPaymentGateways()
      .then((list) => {
        if (!current) return;
        setLoadError(null);
        setGateways(list);
        const preselected = list.find((g) => g.is_default === 1) ?? list[0];
        setSelected(preselected?.internal_name ?? null);
      })
      .catch((error) => {
        if (!current) return;
        setLoadError(errorText(error));
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  const gateway = gateways?.find((g) => g.internal_name === selected);
  const flow = usePaymentFlow({ order, environment: gateway?.environment ?? '', onPlaced });

  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Title order={2} size="h4" mb="md">
        Choose a payment option
      </Title>
      {gateways === null && loadError !== null ? (
        <Alert color="maroon" variant="light" title="Payment options could not be loaded" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{loadError}</Text>
            <Button
              variant="light"
              color="maroon"
              size="compact-sm"
              onClick={() => {
                setLoadError(null);
                setAttempt((n) => n + 1);
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : gateways === null ? (
        <Text c="gray.7" aria-live="polite">
          <Loader size="xs" mr="xs" color="saffron" aria-hidden="true" />
          loading payment gateways...
        </Text>
      ) : gateways.length === 0 ? (
        <Alert color="maroon" variant="light">
          {messages.gatewayNotSupported}
        </Alert>
      ) : (
        <Stack gap="lg">
          <GatewaySelector gateways={gateways} value={selected} onChange={setSelected} disabled={flow.busy} />
          {selected === 'cod' && codRefusal && (
            <Alert
              color="maroon"
              variant="light"
              title="Cash on delivery is unavailable"
              data-testid="cod-unavailable"
            >
              {codRefusal}
            </Alert>
          )}
          {selected === 'cod' && !codRefusal && (
            <Button
              size="md"
              color="saffron.8"
              fz={{ base: 'sm', xs: 'md' }}
              onClick={flow.payCod}
              loading={flow.busy}
              leftSection={<IconCash size={20} aria-hidden="true" />}
            >
              Confirm Cash on Delivery
            </Button>
          )}
          {selected === 'paytm' && (
            <Button
              size="md"
              color="saffron.8"
              fz={{ base: 'sm', xs: 'md' }}
              onClick={flow.payPaytm}
              loading={flow.busy}
              leftSection={<IconWallet size={20} aria-hidden="true" />}
            >
              Make Payment using Paytm
            </Button>
          )}
          {selected === 'razorpay' && (
            <Button
              size="md"
              color="saffron.8"
              fz={{ base: 'sm', xs: 'md' }}
              onClick={flow.payRazorpay}
              loading={flow.busy}
              leftSection={<IconCreditCard size={20} aria-hidden="true" />}
            >
              Make Payment using Razorpay
            </Button>
          )}
          {selected === 'paypal' && (
            <PaypalButtons create={flow.create} verify={flow.verify} fail={flow.fail} />
          )}
          {selected && !['cod', 'paytm', 'razorpay', 'paypal'].includes(selected) && (
            <Alert color="maroon" variant="light">
              {messages.gatewayNotSupported}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
