import {
  Alert,
  Box,
  Button,
  Center,
  Container,
  Grid,
  List,
  Loader,
  Paper,
  Stack,
  Textarea,
  Title,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { messages } from '@shop/contract/messages';
import { formatInr } from '@shop/contract/money';
import { IconAlertTriangle, IconInfoCircle, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { type MetaFunction, useNavigate } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { PolicyLinks } from '../components/policy-links.tsx';
import { cartSubtotal, useCart } from '../lib/cart-store.ts';
import { CartLines } from '../features/checkout/cart-lines.tsx';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { checkoutDraft } from '../features/checkout/checkout-draft.ts';
import { CouponBox } from '../features/checkout/coupon-box.tsx';
import { EmptyCart } from '../features/checkout/empty-cart.tsx';
import { CartDeliveryEstimate, OrderSummary } from '../features/checkout/order-summary.tsx';
import { gstLinesOf } from '../features/checkout/cart-gst.ts';
import { useCartPricing } from '../features/checkout/use-cart-pricing.ts';
import { useCoupon } from '../features/checkout/use-coupon.ts';
import classes from '../features/checkout/checkout.module.css';
import { afterLoginRedirect, selectedAddressId, sessionStore } from '../lib/session-store.ts';
import { useDeliveryQuote } from '../lib/delivery-quote.ts';
import { useStoredValue } from '../lib/browser-storage.ts';
import { useSelectedAddressPincode } from '../features/addresses/use-selected-address-pincode.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Cart', 'cart', args);

/** /cart (product rules §2 Cart, §5 checkout rules). */
export default function CartRoute() {
  const mounted = useMounted();
  const items = useCart();
  return (
    <>
      <InnerPageBanner title="Cart" />
      <Container size="xl" py="xl">
        {!mounted ? (
          <Center py={80}>
            <Loader color="saffron" aria-label="Loading cart" />
          </Center>
        ) : items.length === 0 ? (
          <EmptyCart />
        ) : (
          <CartContents />
        )}
      </Container>
    </>
  );
}

function CartContents() {
  const navigate = useNavigate();
  const items = useCart();
  const { minimum, notices, dismissNotices } = useCartPricing();
  const coupon = useCoupon(items);
  const [remarks, setRemarks] = useState(() => checkoutDraft.get().customer_remarks);
  const subtotal = cartSubtotal(items);
  const discount = coupon.applied?.discount ?? 0;
  const belowMinimum = subtotal < minimum;
  // The delivery charge and ETA of the address chosen last time, shown beside the summary, whose
  // Shipping row reads 'calculated at next step' (CartDeliveryEstimate).
  const quote = useDeliveryQuote(useSelectedAddressPincode(useStoredValue(selectedAddressId)));

  function proceed() {
    if (!sessionStore.token()) {
      notifications.show({ message: messages.loginToContinue, color: 'red', autoClose: 5000 });
      afterLoginRedirect.set('/cart');
      navigate('/login');
      return;
    }
    if (belowMinimum) {
      notifications.show({
        message: messages.minimumOrder(formatInr(minimum)),
        color: 'red',
        autoClose: 5000,
      });
      return;
    }
    const draft = {
      ...checkoutDraft.get(),
      coupon_code: coupon.applied?.coupon_code ?? '',
      customer_remarks: remarks,
    };
    checkoutDraft.set(draft);
    navigate('/shipping', {
      state: { coupon_code: draft.coupon_code, customer_remarks: draft.customer_remarks },
    });
  }

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Title order={2} size="h3">
            Shopping Cart ({items.length} {items.length === 1 ? 'item' : 'items'})
          </Title>
          {notices.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              title="Your cart was updated"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={dismissNotices}
              role="status"
            >
              <List size="sm" spacing={2}>
                {notices.map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Paper withBorder radius="md" p={{ base: 0, sm: 'sm' }} style={{ overflow: 'hidden' }}>
            <CartLines items={items} />
          </Paper>
          <Textarea
            // Spec §2: "labelled required but not enforced" — the asterisk shows, nothing checks it.
            label="Your remarks"
            withAsterisk
            description="Delivery instructions or a note for our team"
            autosize
            minRows={3}
            maxLength={1000}
            value={remarks}
            onChange={(e) => {
              setRemarks(e.currentTarget.value);
              checkoutDraft.set({ ...checkoutDraft.get(), customer_remarks: e.currentTarget.value });
            }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Box className={classes.summary}>
          <Stack gap="md">
            {belowMinimum && (
              <Alert
                color="red"
                variant="light"
                title="Minimum Order"
                icon={<IconAlertTriangle aria-hidden />}
              >
                {messages.minimumOrder(formatInr(minimum))}. Add items worth {formatInr(minimum - subtotal)}{' '}
                more to place your order.
              </Alert>
            )}
            <Paper withBorder radius="md" p="lg">
              <CouponBox applied={coupon.applied} onApply={coupon.apply} onRemove={coupon.remove} />
            </Paper>
            <OrderSummary
              subtotal={subtotal}
              discount={discount}
              couponCode={coupon.applied?.coupon_code}
              gstLines={gstLinesOf(items)}
            >
              <CartDeliveryEstimate quote={quote} goods={subtotal - discount} />
              <Button
                color="maroon"
                size="md"
                fullWidth
                rightSection={<IconArrowRight size={18} aria-hidden />}
                onClick={proceed}
              >
                Proceed to Checkout
              </Button>
            </OrderSummary>
            <PolicyLinks intro="Before you order, please read our policies:" />
          </Stack>
        </Box>
      </Grid.Col>
    </Grid>
  );
}
