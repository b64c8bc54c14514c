import { Loader, Stack, Text } from '@mantine/core';
import { messages } from '@shop/contract/messages';
import type { CreatePaymentResult } from '@shop/contract/payments';
import { ApiFailure } from '@shop/contract/storefront-context';
import { useEffect, useRef, useState } from 'react';
import { loadScript } from './load-script.ts';

/**
 * The PayPal-type flow (product rules §4): on load it creates the payment (the server creates the PayPal
 * order for total × currency_value), loads the SDK and renders its buttons; 'Loading...' shows
 * until they are ready. createOrder hands PayPal the server's order id; onApprove asks the
 * server to capture and verify.
 *
 * The order made on load serves the first click only. A PayPal order whose capture was declined
 * stays declined on the server, so every later click (a retry after a decline, a second try after
 * the buyer closed PayPal's window) asks the server for a new PayPal order, as a Razorpay retry
 * does; one that cannot be made reaches onError, which shows 'Something went wrong. Please try
 * again.'
 */
export function PaypalButtons({
  create,
  verify,
  fail,
}: {
  create: (gateway: string) => Promise<CreatePaymentResult>;
  verify: (payload: unknown) => Promise<void>;
  fail: (error: unknown) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [amount, setAmount] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    (async () => {
      try {
        const data = await create('paypal');
        if (!current) return;
        if (!data?.order) throw new Error(messages.somethingWentWrong);
        if (data.order.order_error_message) throw new Error(data.order.order_error_message);
        const gatewayOrderId = data.order.payment_gateway_order_id;
        if (!gatewayOrderId || !data.settings.script_url) throw new Error(messages.somethingWentWrong);
        try {
          await loadScript(data.settings.script_url);
        } catch {
          throw new Error(messages.browserNotSupported);
        }
        const paypal = window.paypal;
        const target = container.current;
        if (!current || !target) return;
        if (!paypal) throw new Error(messages.browserNotSupported);
        target.replaceChildren();
        let unused: string | null = gatewayOrderId;
        await paypal
          .Buttons({
            createOrder: async () => {
              if (unused) {
                const first = unused;
                unused = null;
                return first;
              }
              const again = await create('paypal');
              const id = again?.order?.payment_gateway_order_id;
              if (!id || again.order.order_error_message) throw new Error(messages.somethingWentWrong);
              return id;
            },
            onApprove: (approval) => verify({ orderID: approval.orderID }),
            onError: () => fail(messages.somethingWentWrong),
            onCancel: () => undefined,
          })
          .render(target);
        if (!current) return;
        const converted = Math.round(data.order.total_amount * data.order.currency_value * 100) / 100;
        setAmount(`${data.order.currency_code} ${converted.toFixed(2)}`);
        setState('ready');
      } catch (error) {
        if (!current) return;
        setState('failed');
        // The server's own refusal (a cancelled or paid order) is shown as §8 says, from its answer.
        fail(
          error instanceof ApiFailure
            ? error
            : error instanceof Error && error.message
              ? error.message
              : messages.somethingWentWrong,
        );
      }
    })();
    return () => {
      current = false;
    };
  }, [create, verify, fail]);

  return (
    <Stack gap="xs">
      {state === 'loading' && (
        <Text c="gray.7" aria-live="polite">
          <Loader size="xs" mr="xs" color="saffron" aria-hidden="true" />
          Loading...
        </Text>
      )}
      {amount && (
        <Text size="sm" c="gray.7">
          You pay {amount} through PayPal.
        </Text>
      )}
      {state === 'failed' && (
        <Text size="sm" c="maroon.8">
          {messages.somethingWentWrong}
        </Text>
      )}
      <div ref={container} data-testid="paypal-buttons" />
    </Stack>
  );
}
