import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DeliveryQuote } from '@shop/contract/delivery';
import { deliveryMessages, deliveryTermsOf } from '@shop/contract/delivery';
import { formatInr, formatPaise, rupeesToPaise } from '@shop/contract/money';
import { orderTotals } from '@shop/contract/order-totals';
import type { OrderGstSummary } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { includedGstOf, OrderTotals } from '../../components/order-totals.tsx';
import { cartGst, type GstLine } from './cart-gst.ts';

/** "Delivery in 4 days · Free delivery from ₹999.00" for a serviceable quote. */
export function deliveryNoteOf(quote: DeliveryQuote | undefined, free: boolean): string | undefined {
  if (!quote?.serviceable || quote.eta_days === null) return undefined;
  const parts = [deliveryMessages.eta(quote.eta_days)];
  if (quote.free_above !== null && !free) parts.push(deliveryMessages.freeAbove(formatInr(quote.free_above)));
  return parts.join(' · ');
}

/**
 * What delivery to the address chosen last time will cost, shown under the cart's summary: the
 * cart's own Shipping row reads 'calculated at next step' and its total is the goods' (product
 * rules §2), while the shopper still sees the charge and the ETA before checking out (#16).
 * "Delivery to 600001: ₹60.00 · Delivery in 4 days · Free delivery from ₹999.00"; nothing for
 * an address the shop does not deliver to (the shipping step says so where it can be changed).
 */
export function CartDeliveryEstimate({
  quote,
  goods,
}: {
  quote: DeliveryQuote | undefined;
  /** Rupees: the cart's subtotal less its discount, which the free-delivery threshold compares. */
  goods: number;
}) {
  if (!quote?.serviceable) return null;
  const delivery = orderTotals({
    lines: [{ unitPricePaise: rupeesToPaise(goods), quantity: 1 }],
    discountPaise: 0,
    delivery: deliveryTermsOf(quote),
    codFeePaise: 0,
  }).deliveryPaise;
  const note = deliveryNoteOf(quote, delivery === 0);
  return (
    <Text size="sm" c="gray.7" data-testid="cart-delivery-estimate">
      Delivery to {quote.pincode}: {delivery === 0 ? 'Free' : formatPaise(delivery)}
      {note ? ` · ${note}` : ''}
    </Text>
  );
}

/**
 * The Order Summary card of cart, shipping and order details: the order's totals (summed by the
 * order-totals function, as the server sums them), the GST they include, and what the page adds
 * below them. Amounts in rupees as the API gives them; `delivery` is the chosen address's quote
 * (undefined: no address chosen yet) or, for a placed order, its delivery charge. The GST comes
 * from the cart's lines (`gstLines`, undefined while a rate is unknown) or, for a placed order,
 * as it was stored (`storedGst`, with its place of supply).
 */
export function OrderSummary({
  subtotal,
  discount,
  couponCode,
  delivery,
  codFee = 0,
  gstLines,
  storedGst,
  children,
  title = 'Order Summary',
}: {
  subtotal: number;
  discount: number;
  couponCode?: string | null;
  delivery?: DeliveryQuote | { charge: number } | undefined;
  /** Rupees (a placed order's cash-on-delivery fee). */
  codFee?: number;
  gstLines?: readonly GstLine[] | undefined;
  storedGst?: OrderGstSummary | null | undefined;
  children?: ReactNode;
  title?: string;
}) {
  const quote = delivery && 'serviceable' in delivery ? delivery : undefined;
  const totals = orderTotals({
    lines: [{ unitPricePaise: rupeesToPaise(subtotal), quantity: 1 }],
    discountPaise: rupeesToPaise(discount),
    delivery: !delivery
      ? undefined
      : quote
        ? { ...deliveryTermsOf(quote), ...(quote.serviceable ? {} : { chargePaise: 0 }) }
        : { chargePaise: rupeesToPaise((delivery as { charge: number }).charge), freeAbovePaise: null },
    codFeePaise: rupeesToPaise(codFee),
  });
  const gst = storedGst ? includedGstOf(storedGst) : gstLines ? cartGst(gstLines, totals) : undefined;
  return (
    <Paper withBorder radius="md" p="lg" shadow="xs">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        <OrderTotals
          totals={totals}
          couponCode={couponCode}
          deliveryKnown={delivery !== undefined}
          deliveryUnavailable={quote !== undefined && !quote.serviceable}
          deliveryNote={deliveryNoteOf(quote, totals.deliveryPaise === 0)}
          gst={gst}
        />
        {children}
      </Stack>
    </Paper>
  );
}
