import type { OrderGstSummary } from '@shop/contract/orders';

/** The order as the payment page needs it (a subset of the checkout answer stored by /shipping). */
export interface PayableOrder {
  id: number;
  order_id: string;
  total_amount: number;
  subtotal: number;
  discount: number;
  shipping?: number;
  /** The cash-on-delivery fee already on the order (0 until cash on delivery is chosen). */
  cod_fee?: number;
  coupon_code: string | null;
  /** The GST stored at checkout (absent in an answer stored before it was given). */
  gst?: OrderGstSummary | null;
  items: Array<{
    item_id: number;
    name: string;
    image: string | null;
    price: number;
    quantity: number;
    line_total: number;
    gst_rate?: number;
  }>;
  shipping_address: {
    contact_person: string;
    full_address: string;
    city?: string;
    pin_code: string;
    mobile_number: string;
    landmark?: string;
    /** A business buyer's GSTIN (absent in an answer stored before addresses had one). */
    gstin?: string | null;
  };
}

/** Accepts what sessionStorage holds only when it looks like an order (it may be stale or edited). */
export function payableOrderOf(value: unknown): PayableOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const order = (value as { order?: unknown }).order;
  if (typeof order !== 'object' || order === null) return null;
  const o = order as Record<string, unknown>;
  const address = o.shipping_address as Record<string, unknown> | undefined;
  if (
    typeof o.id !== 'number' ||
    typeof o.order_id !== 'string' ||
    typeof o.total_amount !== 'number' ||
    !Array.isArray(o.items) ||
    typeof address !== 'object' ||
    address === null
  ) {
    return null;
  }
  return {
    subtotal: o.total_amount,
    discount: 0,
    coupon_code: null,
    ...(o as object),
    shipping_address: {
      contact_person: String(address.contact_person ?? ''),
      full_address: String(address.full_address ?? ''),
      city: String(address.city ?? ''),
      pin_code: String(address.pin_code ?? ''),
      mobile_number: String(address.mobile_number ?? ''),
      landmark: String(address.landmark ?? ''),
    },
  } as PayableOrder;
}
