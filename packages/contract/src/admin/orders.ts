import { z } from 'zod';
import { ORDER_ACTIONS, ORDER_ACTORS, ORDER_STATUSES, PAYMENT_STATUSES } from '../orders.ts';
import { databaseId, isDatabaseId } from '../validation.ts';

/**
 * The back office's view of orders: amounts in paise (the storefront's order shape uses rupees
 * for the product rules; staff screens format paise with the contract's formatPaise).
 */

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_gateway: z.string().nullable(),
  total_paise: z.number().int(),
  customer_id: z.number().int(),
  customer_email: z.string().nullable(),
  contact_person: z.string(),
  mobile_number: z.string(),
  pincode: z.string(),
  city: z.string(),
  coupon_code: z.string().nullable(),
  item_count: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

/** Sortable columns of the order list (`-` first for newest/largest first). */
export const ADMIN_ORDER_SORTS = ['created_at', 'total'] as const;

export const adminOrderLineSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  unit_price_paise: z.number().int(),
  line_total_paise: z.number().int(),
  hsn_code: z.string().nullable(),
  gst_rate: z.number(),
  taxable_paise: z.number().int(),
  cgst_paise: z.number().int(),
  sgst_paise: z.number().int(),
  igst_paise: z.number().int(),
});

export const adminTimelineEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string(),
  actor: z.enum(ORDER_ACTORS),
  staff_id: z.number().int().nullable(),
  /** The staff member's name when a staff member made the change. */
  staff_name: z.string().nullable(),
  created_at: z.string(),
});

export const adminOrderNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  staff_id: z.number().int().nullable(),
  /** Who wrote it. */
  staff_name: z.string().nullable(),
  created_at: z.string(),
});

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  gateway: z.string(),
  status: z.string(),
  amount_paise: z.number().int(),
  gateway_payment_id: z.string().nullable(),
  created_at: z.string(),
});

export const adminRefundSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  gateway: z.string(),
  amount_paise: z.number().int(),
  reason: z.string(),
  status: z.enum(['pending', 'processed', 'failed']),
  reference: z.string().nullable(),
  requested_by: z.string(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});

/** An issued tax invoice or credit note, with the admin API path of its PDF. */
export const adminTaxDocumentSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issued_at: z.string(),
  total_paise: z.number().int(),
  /** Path under the admin API base (`/backend/api/admin/`) of the PDF. */
  download_path: z.string(),
});
export type AdminTaxDocument = z.infer<typeof adminTaxDocumentSchema>;

export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  subtotal_paise: z.number().int(),
  discount_paise: z.number().int(),
  shipping_paise: z.number().int(),
  /** The cash-on-delivery fee charged on top (0 for prepaid orders): part of the total. */
  cod_fee_paise: z.number().int(),
  customer_remarks: z.string(),
  shipping_address: z.record(z.string(), z.unknown()),
  place_of_supply: z.string().nullable(),
  /** Who cancelled the order (null unless it is cancelled). */
  cancelled_by: z.enum(ORDER_ACTORS).nullable(),
  shipment: z
    .object({
      carrier: z.string(),
      /** Null when a carrier without a tracking page (the shop's own van) took it without a number. */
      tracking_number: z.string().nullable(),
      tracking_url: z.string().nullable(),
      shipped_at: z.string(),
    })
    .nullable(),
  lines: z.array(adminOrderLineSchema),
  timeline: z.array(adminTimelineEventSchema),
  notes: z.array(adminOrderNoteSchema),
  payments: z.array(adminPaymentSchema),
  refunds: z.array(adminRefundSchema),
  /** Captured minus refunded: the most a new refund can be. */
  refundable_paise: z.number().int(),
  /** What the signed-in staff member may do now, from the transition table. */
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
  /** Whether the signed-in staff member's role may refund (managers and the owner). */
  may_refund: z.boolean(),
  /**
   * Whether a refund needs the reference of a transfer made by hand: money left to refund was
   * taken by hand (cash collected at the door, or confirmed as paid offline), which no gateway can
   * send back. The server's rule (`paidByHand` over the payments left to refund), so the back
   * office does not repeat it.
   */
  refund_needs_reference: z.boolean(),
  /**
   * Whether Confirm records the order's total as paid offline (it is unpaid and its shopper did not
   * choose cash on delivery): the back office says so and asks for the payment's reference.
   */
  confirm_records_payment: z.boolean(),
  /** The tax invoice and its credit notes; null until the order is invoiced (confirmed). */
  tax_documents: z
    .object({ invoice: adminTaxDocumentSchema, credit_notes: z.array(adminTaxDocumentSchema) })
    .nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const orderActionRequestSchema = z.object({
  action: z.enum(ORDER_ACTIONS, { error: 'Please choose what to do with the order.' }),
  note: z.string().trim().max(500, 'The note can have at most 500 characters.').optional(),
  carrier_id: databaseId('Please choose a carrier.').optional(),
  tracking_number: z
    .string()
    .trim()
    .max(40, 'The tracking number can have at most 40 characters.')
    .optional(),
  /** A return's choice: put the goods back in stock. A cancellation always does (ignored there). */
  restock: z.boolean().optional(),
  /**
   * Confirming an unpaid order records its total as paid offline (`confirm_records_payment`):
   * the reference of the payment the shop received (a transfer's UTR, a UPI reference), required there.
   */
  payment_reference: z
    .string()
    .trim()
    .max(100, 'The payment reference can have at most 100 characters.')
    .optional(),
});
export type OrderActionRequest = z.infer<typeof orderActionRequestSchema>;

export const orderNoteRequestSchema = z.object({
  body: z
    .string({ error: 'Please write the note.' })
    .trim()
    .min(1, 'Please write the note.')
    .max(2000, 'A note can have at most 2000 characters.'),
});

/** A refund staff start: the amount in paise (at most what is still refundable) and the reason the customer reads. */
export const orderRefundRequestSchema = z.object({
  amount_paise: z
    .number({ error: 'Please enter the amount to refund.' })
    .int('Please enter the amount in whole paise.')
    .positive('Please enter an amount above zero.'),
  reason: z
    .string({ error: 'Please give the reason the customer will read.' })
    .trim()
    .min(1, { error: 'Please give the reason the customer will read.', abort: true })
    .min(3, 'The reason needs at least 3 characters.')
    .max(200, 'The reason can have at most 200 characters.'),
  /** Cash on delivery: the reference of the bank transfer or cash handed back. */
  reference: z.string().trim().max(100).optional(),
});

export const carrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tracking_url_template: z.string().nullable(),
});

/** Orders ticked in the list for one bulk action. */
export const bulkOrderIdsSchema = z.object({
  ids: z
    .array(databaseId('Please choose the orders.'), { error: 'Please choose the orders.' })
    .min(1, 'Please choose the orders.')
    .max(500, 'At most 500 orders at once.'),
});

export const bulkOutcomeSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  message: z.string().nullable(),
});

/** One line of a carrier's file, as the dry run reports it. */
export const bulkShipRowSchema = z.object({
  line: z.number().int(),
  order_number: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type BulkShipRow = z.infer<typeof bulkShipRowSchema>;

export const bulkShipRequestSchema = z.object({
  csv: z.string({ error: 'Please choose the carrier file.' }).min(1, 'Please choose the carrier file.'),
  dry_run: z.boolean().default(true),
});

export const bulkShipResultSchema = z.object({
  rows: z.array(bulkShipRowSchema),
  /** Orders shipped (0 in a dry run, or when any row is wrong: then none is). */
  shipped: z.number().int(),
});

/** Columns of the order CSV export, in order. */
export const ORDER_CSV_COLUMNS = [
  'order_id',
  'created_at',
  'status',
  'payment_status',
  'payment_gateway',
  'total',
  'customer_email',
  'contact_person',
  'mobile_number',
  'pincode',
  'city',
  'coupon_code',
  'items',
] as const;

/** Most packing slips in one PDF. */
export const PACKING_SLIPS_MAX = 100;

/** `?ids=1,2,3`: the orders whose packing slips to print, one page each, in this order. */
export const packingSlipsQuerySchema = z.object({
  ids: z
    .string({ error: 'Please choose the orders.' })
    .max(1200)
    .transform((value, issue) => {
      const parts = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (parts.length === 0 || parts.some((s) => !/^[1-9]\d{0,9}$/.test(s))) {
        issue.addIssue({ code: 'custom', message: 'Please choose the orders.' });
        return z.NEVER;
      }
      const ids = [...new Set(parts.map(Number))];
      // Ten digits reach past the database's ids (2,147,483,647): such an id is no order.
      if (!ids.every(isDatabaseId)) {
        issue.addIssue({ code: 'custom', message: 'Please choose the orders.' });
        return z.NEVER;
      }
      if (ids.length > PACKING_SLIPS_MAX) {
        issue.addIssue({ code: 'custom', message: `At most ${PACKING_SLIPS_MAX} packing slips at once.` });
        return z.NEVER;
      }
      return ids;
    }),
});
