import { Button, Center, Container, Grid, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { codRefusal } from '@shop/contract/delivery';
import { messages } from '@shop/contract/messages';
import { rupeesToPaise } from '@shop/contract/money';
import { IconReceiptOff } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, type MetaArgs, useNavigate } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { PolicyLinks } from '../components/policy-links.tsx';
import { Protected } from '../components/protected.tsx';
import { cart } from '../lib/cart-store.ts';
import { CHECKOUT_ORDER_KEY, checkoutDraft, checkoutOrder } from '../features/checkout/checkout-draft.ts';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { DeliveryBlock } from '../features/payments/delivery-block.tsx';
import { type PayableOrder, payableOrderOf } from '../features/payments/payable-order.ts';
import { PaymentOrderSummary } from '../features/payments/paid-order-summary.tsx';
import { PaymentOptions } from '../features/payments/payment-options.tsx';
import { notifySuccess } from '../lib/notify.ts';
import { useDeliveryQuote } from '../lib/delivery-quote.ts';
import { deliveryNoteOf } from '../features/checkout/order-summary.tsx';

export function meta(args: MetaArgs) {
  return privatePageMeta('Payment', 'payment', args);
}

function storedOrder(): PayableOrder | null {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_ORDER_KEY);
    return raw ? payableOrderOf(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** /payment (product rules §2, §4): the order /shipping created, its delivery address, and the payment options. */
export default function PaymentRoute() {
  return (
    <>
      <InnerPageBanner title="Payment" />
      <Container size="xl" py="xl">
        <Protected>
          <PaymentScreen />
        </Protected>
      </Container>
    </>
  );
}

function PaymentScreen() {
  const navigate = useNavigate();
  const [order, setOrder] = useState<PayableOrder | null | undefined>(undefined);
  const [gateway, setGateway] = useState<string | null>(null);
  useEffect(() => setOrder(storedOrder()), []);
  const quote = useDeliveryQuote(order?.shipping_address.pin_code);

  const onPlaced = useCallback(() => {
    if (!checkoutOrder.isRetry()) {
      cart.clear();
      checkoutDraft.clear();
    }
    window.sessionStorage.removeItem(CHECKOUT_ORDER_KEY);
    notifySuccess(messages.orderPlaced, 5000);
    navigate('/orders');
  }, [navigate]);

  if (order === undefined) return null;
  if (order === null) return <NoOrder />;
  // Cash on delivery is judged on the total before its fee, as the server judges it.
  const beforeFee = rupeesToPaise(order.total_amount) - rupeesToPaise(order.cod_fee ?? 0);
  const refusal = quote ? codRefusal(quote, beforeFee) : null;
  const zoneFee = quote && !refusal ? rupeesToPaise(quote.cod_fee) : 0;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
        <Stack gap="lg">
          <DeliveryBlock address={order.shipping_address} />
          <PolicyLinks />
          <PaymentOptions order={order} onPlaced={onPlaced} onSelect={setGateway} codRefusal={refusal} />
        </Stack>
      </Grid.Col>
      {/* On a phone the price breakdown comes first: the customer sees the total before the pay button. */}
      <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
        <PaymentOrderSummary
          order={order}
          codFeePaise={gateway === 'cod' ? zoneFee : 0}
          zoneCodFeePaise={zoneFee}
          deliveryNote={deliveryNoteOf(quote, true)}
        />
      </Grid.Col>
    </Grid>
  );
}

function NoOrder() {
  return (
    <Center py={60} px="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={480} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="saffron" variant="light">
            <IconReceiptOff size={30} aria-hidden="true" />
          </ThemeIcon>
          <Title order={2} size="h3">
            No order to pay for
          </Title>
          <Text>There is no order waiting for payment. Please check out from your cart first.</Text>
          <Button component={Link} to="/cart" size="md" color="maroon">
            Go to Cart
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
