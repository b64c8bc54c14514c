import { Divider, Group, Text } from '@mantine/core';
import { gstOf } from '@shop/contract/gst-split';
import { formatPaise, rupeesToPaise } from '@shop/contract/money';
import type { OrderTotals as Totals } from '@shop/contract/order-totals';
import { type OrderGstSummary, orderMessages } from '@shop/contract/orders';
import type { ReactNode } from 'react';

/** The GST inside a total (paise), with its place of supply once the delivery address fixes it. */
export interface IncludedGst {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /**
   * The place of supply's state, and whether it lies outside the shop's state (IGST) or inside
   * it (CGST + SGST); undefined while unknown: only the GST in all is shown.
   */
  placeOfSupply?: { stateName: string; interState: boolean };
}

/** The GST an order stored when it was placed (the API gives rupees). */
export function includedGstOf(gst: OrderGstSummary): IncludedGst {
  return {
    cgstPaise: rupeesToPaise(gst.cgst),
    sgstPaise: rupeesToPaise(gst.sgst),
    igstPaise: rupeesToPaise(gst.igst),
    placeOfSupply: { stateName: gst.state_name, interState: gst.inter_state },
  };
}

/** "CGST ₹14.76 + SGST ₹14.76 · Place of supply: Rajasthan", or "IGST ₹29.52 · …" outside the shop's state. */
function gstSplitText(gst: IncludedGst, place: { stateName: string; interState: boolean }): string {
  const taxes = place.interState
    ? `IGST ${formatPaise(gst.igstPaise)}`
    : `CGST ${formatPaise(gst.cgstPaise)} + SGST ${formatPaise(gst.sgstPaise)}`;
  return `${taxes} · Place of supply: ${place.stateName}`;
}

/**
 * An order's totals as the order-totals function summed them (paise): subtotal, discount (with
 * the coupon's code), Shipping, the delivery charge ('calculated at next step' until the address
 * is chosen at the shipping step, as product rules §2 have the cart say; 'Free' at zero, with an
 * optional note such as the ETA), the cash-on-delivery fee when there is one and, below a rule,
 * the total; then the GST the total includes (prices are tax-inclusive, so it is
 * part of the total, not added to it) and, once the place of supply is known, its split into
 * CGST + SGST or IGST. Only the rows: the caller's stack spaces them.
 */
export function OrderTotals({
  totals,
  couponCode,
  deliveryKnown = true,
  deliveryUnavailable = false,
  deliveryNote,
  gst,
  totalTestId = 'summary-total',
}: {
  totals: Totals;
  couponCode?: string | null;
  /** False until the delivery address is chosen. */
  deliveryKnown?: boolean;
  /** The chosen address is one the shop does not deliver to: no charge is shown (not 'Free'). */
  deliveryUnavailable?: boolean;
  deliveryNote?: ReactNode;
  /** The GST inside the total; undefined while it cannot be known (no line is shown). */
  gst?: IncludedGst | undefined;
  totalTestId?: string;
}) {
  return (
    <>
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text fw={600} data-testid="summary-subtotal">
          {formatPaise(totals.subtotalPaise)}
        </Text>
      </Group>
      <Group justify="space-between">
        <Text>Discount{couponCode ? ` (${couponCode})` : ''}</Text>
        <Text fw={600} c={totals.discountPaise > 0 ? 'green.9' : undefined} data-testid="summary-discount">
          {totals.discountPaise > 0 ? `-${formatPaise(totals.discountPaise)}` : formatPaise(0)}
        </Text>
      </Group>
      <div>
        <Group justify="space-between">
          <Text>Shipping</Text>
          {deliveryUnavailable ? (
            <Text size="sm" c="red.8" data-testid="summary-delivery">
              Not available
            </Text>
          ) : deliveryKnown ? (
            <Text fw={600} data-testid="summary-delivery">
              {totals.deliveryPaise === 0 ? 'Free' : formatPaise(totals.deliveryPaise)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {orderMessages.shippingAtNextStep}
            </Text>
          )}
        </Group>
        {deliveryNote && (
          <Text size="xs" c="gray.7" ta="right" data-testid="summary-delivery-note">
            {deliveryNote}
          </Text>
        )}
      </div>
      {totals.codFeePaise > 0 && (
        <Group justify="space-between">
          <Text>Cash on delivery fee</Text>
          <Text fw={600} data-testid="summary-cod-fee">
            {formatPaise(totals.codFeePaise)}
          </Text>
        </Group>
      )}
      <Divider />
      <Group justify="space-between">
        <Text fw={700} size="lg">
          Total
        </Text>
        <Text fw={800} size="lg" c="maroon.9" data-testid={totalTestId}>
          {formatPaise(totals.totalPaise)}
        </Text>
      </Group>
      {gst && (
        <div>
          <Group justify="space-between">
            <Text size="sm" c="gray.7">
              Includes GST
            </Text>
            <Text size="sm" c="gray.7" data-testid="summary-gst">
              {formatPaise(gstOf(gst))}
            </Text>
          </Group>
          {gst.placeOfSupply && (
            <Text size="xs" c="gray.7" ta="right" data-testid="summary-gst-split">
              {gstSplitText(gst, gst.placeOfSupply)}
            </Text>
          )}
        </div>
      )}
    </>
  );
}
