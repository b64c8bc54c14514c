import { Readable } from 'node:stream';
import {
  ADMIN_ORDER_SORTS,
  adminOrderDetailSchema,
  bulkOrderIdsSchema,
  bulkOutcomeSchema,
  bulkShipRequestSchema,
  bulkShipResultSchema,
  ORDER_CSV_COLUMNS,
  adminOrderNoteSchema,
  adminOrderRowSchema,
  carrierSchema,
  orderActionRequestSchema,
  orderNoteRequestSchema,
  orderRefundRequestSchema,
  PACKING_SLIPS_MAX,
  packingSlipsQuerySchema,
} from '@shop/contract/admin/orders';
import { enumListFilter, orderStatusFilterSchema, PAYMENT_STATUSES } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  collectionSchema,
  pageRequest,
  paginationQuery,
  parseSort,
  sendCollection,
} from '../../http/collection.ts';
import { CSV_BOM, csvRow } from '../../http/csv-file.ts';
import { idParam, searchParam } from '../../http/query-params.ts';
import { requireStaff, staffOf } from '../../http/require-staff.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { activeCarriers } from '../fulfilment/shipping-carriers.service.ts';
import { refundOrderAmount } from '../payments/staff-refunds.service.ts';
import { staffNamesById } from '../staff/staff-accounts.service.ts';
import { type AdminOrderFilter, pageOfAdminOrders } from './order-admin-query.ts';
import { packOrders, shipFromCarrierFile } from './order-bulk.service.ts';
import { addOrderNote, adminOrderDetail, assertRoleMayAct } from './order-admin.service.ts';
import { actOnOrder } from './order-operations.service.ts';
import type { OrderRow } from './orders.repository.ts';

const idParams = z.object({ id: idParam });

export const adminOrderFilterQuery = {
  status: orderStatusFilterSchema,
  payment_status: enumListFilter(PAYMENT_STATUSES, 'payment status'),
  method: searchParam(40),
  from: searchParam(40),
  to: searchParam(40),
  pincode: searchParam(6),
  coupon: searchParam(40),
  q: searchParam(100),
  customer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
};

type FilterQuery = {
  status?: AdminOrderFilter['statuses'];
  payment_status?: AdminOrderFilter['paymentStatuses'];
  customer?: number | undefined;
} & Partial<Record<'method' | 'from' | 'to' | 'pincode' | 'coupon' | 'q', string | undefined>>;

function filterOf(query: FilterQuery): AdminOrderFilter {
  return {
    statuses: query.status,
    paymentStatuses: query.payment_status,
    method: query.method,
    from: query.from,
    to: query.to,
    pincode: query.pincode,
    coupon: query.coupon,
    q: query.q,
    customerId: query.customer,
  };
}

/** Largest order export at once. */
const EXPORT_MAX_ROWS = 100_000;

/** The back office's orders (permission 'orders'): list, details, actions, notes, refunds, carriers. */
export async function ordersAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: orders'];
  const orders = requireStaff(ctx, 'orders');
  const who = (request: FastifyRequest) => staffOf(request);
  const auditMove =
    (request: FastifyRequest, action: string, extra: Record<string, unknown> = {}) =>
    (tx: DbOrTx, before: OrderRow, after: OrderRow) =>
      recordAudit(tx, {
        staffId: who(request).id,
        action: `order.${action}`,
        entity: 'order',
        entityId: before.id,
        before: { status: before.status },
        after: {
          status: after.status,
          ...(after.trackingNumber && action === 'ship'
            ? { carrier: after.carrier, tracking_number: after.trackingNumber }
            : {}),
          ...extra,
        },
        ip: request.ip,
      });

  api.get(
    '/orders',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: 'Orders, newest first; filters: status, payment status, method, dates, pincode, coupon, q',
        description:
          '`q` finds an order number (or part of it), a customer e-mail or a mobile number. `sort`: ' +
          '`created_at`, `total`, with `-` for descending.',
        querystring: z.object({ ...adminOrderFilterQuery, ...paginationQuery }),
        response: { 200: collectionSchema(adminOrderRowSchema) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const page = pageRequest(query);
      const sort = parseSort(query.sort, ADMIN_ORDER_SORTS, [{ field: 'created_at', direction: 'desc' }]);
      const { items, total } = await pageOfAdminOrders(ctx.db, filterOf(query), page, sort);
      return sendCollection(reply, items, total, page);
    },
  );

  api.get(
    '/orders/:id',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: 'One order with lines, taxes, payments, refunds, timeline, notes and the allowed actions',
        params: idParams,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => adminOrderDetail(ctx, request.params.id, who(request).role),
  );

  api.post(
    '/orders/:id/actions',
    {
      preHandler: orders,
      schema: {
        tags,
        summary:
          'Confirm, pack, ship (carrier + tracking number), deliver, cancel (restock + refund) or record a return',
        description:
          'Allowed only from the statuses of the transition table (409 with its message otherwise); ' +
          'the staff role may pack, ship and deliver, managers and the owner everything.',
        params: idParams,
        body: orderActionRequestSchema,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => {
      const staff = who(request);
      const body = request.body;
      assertRoleMayAct(staff.role, body.action);
      await actOnOrder(
        ctx,
        staff.id,
        request.params.id,
        {
          action: body.action,
          note: body.note,
          carrierId: body.carrier_id,
          trackingNumber: body.tracking_number,
          restock: body.restock,
          paymentReference: body.payment_reference,
        },
        (tx, before, after) =>
          recordAudit(tx, {
            staffId: staff.id,
            action: `order.${body.action}`,
            entity: 'order',
            entityId: before.id,
            before: { status: before.status },
            after: {
              status: after.status,
              note: body.note ?? null,
              ...(after.carrier ? { carrier: after.carrier, tracking_number: after.trackingNumber } : {}),
              // Only a return chooses: a cancellation always gives the stock back.
              ...(body.action === 'return' ? { restock: body.restock ?? false } : {}),
              // Confirmed as paid offline: the reference is the only proof of that money.
              ...(before.paymentStatus !== 'Paid' && after.paymentStatus === 'Paid'
                ? { payment_reference: body.payment_reference?.trim() ?? null }
                : {}),
            },
            ip: request.ip,
          }),
      );
      return adminOrderDetail(ctx, request.params.id, staff.role);
    },
  );

  api.post(
    '/orders/:id/notes',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: 'Add an internal note (never shown to the customer)',
        params: idParams,
        body: orderNoteRequestSchema,
        response: { 200: adminOrderNoteSchema },
      },
    },
    async (request) => {
      const staff = who(request);
      const note = await ctx.db.transaction(async (tx) => {
        const row = await addOrderNote(tx, request.params.id, staff.id, request.body.body);
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'order.note',
          entity: 'order',
          entityId: request.params.id,
          after: { body: row.body },
          ip: request.ip,
        });
        return row;
      });
      const names = await staffNamesById(ctx.db, [staff.id]);
      return {
        id: note.id,
        body: note.body,
        staff_id: note.staffId,
        staff_name: names.get(staff.id) ?? null,
        created_at: note.createdAt.toISOString(),
      };
    },
  );

  api.post(
    '/orders/:id/refunds',
    {
      preHandler: requireStaff(ctx, 'refunds'),
      schema: {
        tags,
        summary: 'Refund part or all of what the order captured (managers and the owner)',
        description:
          'Taken from the captured payments, newest first; gateway payments are refunded through ' +
          'the gateway (the customer is mailed), collected cash by hand with its `reference`. An ' +
          '`Idempotency-Key` header makes a retried request refund once.',
        params: idParams,
        body: orderRefundRequestSchema,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => {
      const staff = who(request);
      const header = request.headers['idempotency-key'];
      const key =
        typeof header === 'string' && header.length <= 100
          ? `staff-${header}`
          : `staff-${request.id}-${Date.now()}`;
      await refundOrderAmount(ctx, request.params.id, {
        amountPaise: request.body.amount_paise,
        reason: request.body.reason,
        staffId: staff.id,
        reference: request.body.reference,
        key,
        // One entry per refund recorded (an amount taken from two payments is two refunds), in
        // the refund's own transaction: a retried request records no refund and no entry.
        onRecorded: (tx, refund) =>
          recordAudit(tx, {
            staffId: staff.id,
            action: 'order.refund',
            entity: 'order',
            entityId: request.params.id,
            after: {
              amount_paise: refund.amountPaise,
              reason: request.body.reason,
              refund_id: refund.id,
              // Money handed back by hand has no gateway record: its reference is the proof.
              ...(refund.reference ? { reference: refund.reference } : {}),
            },
            ip: request.ip,
          }),
      });
      return adminOrderDetail(ctx, request.params.id, staff.role);
    },
  );

  api.get(
    '/carriers',
    {
      preHandler: orders,
      schema: { tags, summary: 'The carriers to ship with', response: { 200: z.array(carrierSchema) } },
    },
    async () =>
      (await activeCarriers(ctx.db)).map((c) => ({
        id: c.id,
        name: c.name,
        tracking_url_template: c.trackingUrlTemplate,
      })),
  );

  api.post(
    '/orders/bulk/pack',
    {
      preHandler: orders,
      schema: {
        tags,
        summary:
          'Mark several orders packed; each order is reported (one refused order does not stop the rest)',
        body: bulkOrderIdsSchema,
        response: { 200: z.array(bulkOutcomeSchema) },
      },
    },
    async (request) => packOrders(ctx, who(request).id, request.body.ids, auditMove(request, 'pack')),
  );

  api.post(
    '/orders/bulk/ship',
    {
      preHandler: orders,
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary:
          "Ship orders from a carrier's CSV (order number, carrier, tracking number): dry run, then all or none",
        description:
          'With `dry_run` every row is checked and reported with its line and column; without it the ' +
          'orders are shipped in one transaction, or none when any row is wrong. At most 2,000 rows, 1 MB.',
        body: bulkShipRequestSchema,
        response: { 200: bulkShipResultSchema },
      },
    },
    async (request) => {
      assertRoleMayAct(who(request).role, 'ship');
      return shipFromCarrierFile(ctx, who(request).id, request.body.csv, {
        dryRun: request.body.dry_run,
        audit: auditMove(request, 'ship', { source: 'carrier file' }),
      });
    },
  );

  api.get(
    '/orders/packing-slips.pdf',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: `Packing slips of the chosen orders as one PDF, one A4 page each (at most ${PACKING_SLIPS_MAX})`,
        description:
          '`ids`: order ids separated by commas. Each slip names the shop, the order number and date, ' +
          'the delivery address and the lines with their quantity and a box to tick; no prices.',
        querystring: packingSlipsQuerySchema,
        response: {
          200: {
            description: 'PDF',
            content: { 'application/pdf': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      // Loaded on first use: PDF drawing (pdfkit, fontkit) is ~130 ms of a start otherwise.
      const { packingSlipsPdf } = await import('./packing-slips.ts');
      const pdf = await packingSlipsPdf(ctx.db, request.query.ids);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="packing-slips-${day}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf as unknown as string);
    },
  );

  api.get(
    '/orders/export.csv',
    {
      preHandler: orders,
      schema: {
        tags,
        summary: 'The filtered orders as CSV (amounts in rupees), newest first',
        querystring: z.object(adminOrderFilterQuery),
        response: {
          200: { description: 'CSV, one row per order', content: { 'text/csv': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      // The first page is read before the first byte goes out, so a bad date is still a clean 400.
      const batch = 1_000;
      const first = await pageOfAdminOrders(ctx.db, filter, { offset: 0, perPage: batch }, []);
      async function* lines() {
        yield CSV_BOM + csvRow(ORDER_CSV_COLUMNS);
        let page = first.items;
        for (let offset = 0; page.length > 0 && offset < EXPORT_MAX_ROWS; offset += batch) {
          if (offset > 0)
            page = (await pageOfAdminOrders(ctx.db, filter, { offset, perPage: batch }, [])).items;
          yield page
            .map((o) =>
              csvRow([
                o.order_id,
                o.created_at,
                o.status,
                o.payment_status,
                o.payment_gateway,
                (o.total_paise / 100).toFixed(2),
                o.customer_email,
                o.contact_person,
                o.mobile_number,
                o.pincode,
                o.city,
                o.coupon_code,
                o.item_count,
              ]),
            )
            .join('');
          if (page.length < batch) return;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()) as unknown as string);
    },
  );
}
