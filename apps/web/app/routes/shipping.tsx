import { Alert, Button, Center, Container, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { Address } from '@shop/contract/addresses';
import { messages } from '@shop/contract/messages';
import { IconArrowLeft, IconCreditCard, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link, type MetaFunction, useNavigate } from 'react-router';
import { InnerPageBanner } from '../components/inner-page-banner.tsx';
import { Protected } from '../components/protected.tsx';
import { AddressForm } from '../features/addresses/address-form.tsx';
import { AddressList, focusAddressChoice } from '../features/addresses/address-list.tsx';
import { addressesApi } from '../features/addresses/addresses-api.ts';
import { RemoveAddressDialog } from '../features/addresses/remove-address-dialog.tsx';
import { cartSubtotal, useCart } from '../lib/cart-store.ts';
import { checkoutApi } from '../features/checkout/checkout-api.ts';
import { checkoutDraft, checkoutOrder } from '../features/checkout/checkout-draft.ts';
import { privatePageMeta } from '../features/seo/private-page-meta.ts';
import { EmptyCart } from '../features/checkout/empty-cart.tsx';
import { OrderSummary } from '../features/checkout/order-summary.tsx';
import { gstLinesOf } from '../features/checkout/cart-gst.ts';
import { ProductSummary } from '../features/checkout/product-summary.tsx';
import { linesOf, useCoupon } from '../features/checkout/use-coupon.ts';
import { selectedAddressId } from '../lib/session-store.ts';
import { useDeliveryQuote } from '../lib/delivery-quote.ts';
import { deliveryMessages } from '@shop/contract/delivery';
import { useStoredValue } from '../lib/browser-storage.ts';
import { errorText, notifyError, notifySuccess } from '../lib/notify.ts';

export const meta: MetaFunction = (args) => privatePageMeta('Shipping', 'shipping', args);

/** /shipping (product rules §2 Shipping, §4 address form, §5 shipping checkout rule), logged-in area. */
export default function ShippingRoute() {
  return (
    <>
      <InnerPageBanner title="Shipping" />
      <Container size="xl" py="xl">
        <Protected>
          <ShippingContents />
        </Protected>
      </Container>
    </>
  );
}

type FormState = { open: false } | { open: true; editing: Address | null };

function ShippingContents() {
  const mounted = useMounted();
  const items = useCart();
  if (!mounted) return null;
  if (items.length === 0) return <EmptyCart />;
  return <ShippingStep />;
}

function ShippingStep() {
  const navigate = useNavigate();
  const items = useCart();
  const coupon = useCoupon(items);
  const selectedId = useStoredValue(selectedAddressId);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>({ open: false });
  const [removing, setRemoving] = useState<Address | null>(null);
  const [placing, setPlacing] = useState(false);
  const selected = addresses?.find((a) => a.id === selectedId);
  const quote = useDeliveryQuote(selected?.pin_code);

  const refresh = useCallback(async () => {
    try {
      const list = await addressesApi.list();
      setAddresses(list);
      setLoadError(null);
      // Keep the selection valid, but never choose for the shopper (product rules §5): a stale id (removed
      // elsewhere) is cleared, and "Proceed" then asks 'Please select address'. The selection comes
      // from login (the customer's address), from saving an address, or from a click on one.
      const current = selectedAddressId.get();
      if (current !== null && !list.some((a) => a.id === current)) selectedAddressId.clear();
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function onSaved(address: Address) {
    selectedAddressId.set(address.id);
    setForm({ open: false });
    await refresh();
  }

  async function remove(address: Address) {
    try {
      const result = await addressesApi.remove(address.id);
      notifySuccess(result.message);
      setRemoving(null);
      await refresh();
      focusAddressChoice();
    } catch (error) {
      notifyError(error);
    }
  }

  async function proceedToPayment() {
    const list = addresses ?? [];
    const chosen = list.find((a) => a.id === selectedId);
    if (!chosen) {
      notifyError(list.length > 0 ? messages.selectAddress : messages.addNewAddress);
      return;
    }
    const draft = checkoutDraft.get();
    const body = {
      items: linesOf(items),
      customer_remarks: draft.customer_remarks,
      coupon_code: coupon.applied?.coupon_code ?? '',
      customer: { address_id: chosen.id },
    };
    setPlacing(true);
    try {
      let result = await checkoutApi.checkout(body, checkoutDraft.keyFor(JSON.stringify(body)));
      // The same attempt was placed before and has since been cancelled: this is a new attempt.
      if (result.order.status === 'cancelled')
        result = await checkoutApi.checkout(body, checkoutDraft.keyFor(JSON.stringify(body), true));
      checkoutOrder.set(result);
      navigate('/payment', { state: { order: result.order } });
    } catch (error) {
      notifyError(error, 6000);
    } finally {
      setPlacing(false);
    }
  }

  const backToCart = (
    <Button
      component={Link}
      to="/cart"
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      Go Back to Cart
    </Button>
  );

  let left: ReactNode;
  if (addresses === null) {
    left = loadError ? (
      <Alert color="red" title="Could not load your addresses">
        {loadError}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void refresh()}>
          Try again
        </Button>
      </Alert>
    ) : (
      <Center py="xl">
        <Loader color="saffron" aria-label="Loading addresses" />
      </Center>
    );
  } else if (addresses.length === 0 || form.open) {
    const editing = form.open ? form.editing : null;
    left = (
      <AddressForm
        key={editing?.id ?? 'new'}
        editing={editing}
        focusOnOpen={form.open}
        onSaved={onSaved}
        actions={
          <>
            {backToCart}
            {addresses.length > 0 && (
              <Button variant="subtle" color="gray" onClick={() => setForm({ open: false })}>
                Cancel
              </Button>
            )}
          </>
        }
      />
    );
  } else {
    left = (
      <Stack gap="md">
        <AddressList
          addresses={addresses}
          selectedId={selectedId}
          onSelect={(id) => selectedAddressId.set(id)}
          onEdit={(a) => setForm({ open: true, editing: a })}
          onRemove={setRemoving}
        />
        <Group gap="sm">
          {backToCart}
          <Button
            variant="light"
            color="maroon"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setForm({ open: true, editing: null })}
          >
            Add a New Address
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Title order={2} size="h3">
            Delivery Address
          </Title>
          {left}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <ProductSummary
            title={`Products (${items.length})`}
            lines={items.map((i) => ({
              id: i.id,
              name: i.name,
              image: i.main_image,
              price: i.selling_price,
              qty: i.qty,
              weight: i.item_weight,
            }))}
          />
          {quote && !quote.serviceable && (
            <Alert
              color="red"
              variant="light"
              title="No delivery to this address"
              data-testid="not-serviceable"
            >
              {deliveryMessages.notServiceable(quote.pincode)}
            </Alert>
          )}
          <OrderSummary
            subtotal={cartSubtotal(items)}
            discount={coupon.applied?.discount ?? 0}
            couponCode={coupon.applied?.coupon_code}
            delivery={quote}
            gstLines={gstLinesOf(items)}
          >
            <Button
              color="maroon"
              size="md"
              fullWidth
              loading={placing}
              // Until the addresses are loaded, a click could only say "Please add a new address".
              disabled={addresses === null}
              leftSection={<IconCreditCard size={18} aria-hidden />}
              onClick={proceedToPayment}
            >
              Proceed to payment page
            </Button>
          </OrderSummary>
        </Stack>
      </Grid.Col>
      <RemoveAddressDialog address={removing} onCancel={() => setRemoving(null)} onConfirm={remove} />
    </Grid>
  );
}
