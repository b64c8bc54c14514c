import type { BulkShipRow } from '@shop/contract/admin/orders';
import type { DbOrTx } from '@shop/db/client';
import { orders } from '@shop/db/schema/index';
import { parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { carrierByName, trackingUrlOf } from '../fulfilment/shipping-carriers.service.ts';
import { actOnOrder, TRACKING_NUMBER } from './order-operations.service.ts';
import { decide, transition } from './order-state.ts';
import { findOrder, type OrderRow } from './orders.repository.ts';

type Audit = (tx: DbOrTx, before: OrderRow, after: OrderRow) => Promise<void>;

/** The outcome of a bulk action for one order. */
export interface BulkOutcome {
  id: number;
  ok: boolean;
  message: string | null;
}

/**
 * Marks several orders packed. Each order moves in its own transaction, so one that cannot be
 * packed (already shipped, cancelled meanwhile) is reported and the others still move.
 */
export async function packOrders(
  ctx: AppContext,
  staffId: number,
  ids: number[],
  audit: Audit,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await actOnOrder(ctx, staffId, id, { action: 'pack' }, audit);
      outcomes.push({ id, ok: true, message: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ id, ok: false, message: error.message });
    }
  }
  return outcomes;
}

/** Largest carrier file taken at once (a day's parcels of a busy shop). */
export const MAX_SHIP_ROWS = 2_000;

const COLUMN_NAMES: Record<'order' | 'carrier' | 'tracking', readonly string[]> = {
  order: ['order number', 'order_number', 'order id', 'order_id', 'order'],
  carrier: ['carrier', 'courier'],
  tracking: ['tracking number', 'tracking_number', 'tracking', 'awb', 'awb number', 'awb_number'],
};

interface ParsedRow extends BulkShipRow {
  order?: OrderRow;
  carrierTemplate?: string | null;
}

/**
 * A carrier's file of parcels (order number, carrier, tracking number; header names as carriers
 * write them: "AWB" for the tracking number, "Courier" for the carrier). The dry run reports every
 * row with its line and what is wrong; the real run ships every order in one transaction, or none
 * when any row is wrong, so a file is never half applied.
 */
export async function shipFromCarrierFile(
  ctx: AppContext,
  staffId: number,
  csv: string,
  options: { dryRun: boolean; audit: Audit },
): Promise<{ rows: BulkShipRow[]; shipped: number }> {
  const rows = await checkCarrierFile(ctx.db, csv);
  const bad = rows.filter((r) => r.errors.length > 0);
  if (options.dryRun || bad.length > 0) return { rows: rows.map(publicRow), shipped: 0 };
  await ctx.db.transaction(async (tx) => {
    for (const row of rows) {
      const order = await findOrder(tx, row.order?.id ?? 0, { forUpdate: true });
      if (!order) throw AppError.notFound(`Order ${row.order_number} not found.`);
      const after = await transition(
        ctx,
        tx,
        order,
        'shipped',
        { kind: 'staff', staffId },
        'Handed to the carrier',
        {
          shipment: {
            carrier: row.carrier,
            trackingNumber: row.tracking_number,
            trackingUrl: trackingUrlOf(
              { trackingUrlTemplate: row.carrierTemplate ?? null },
              row.tracking_number,
            ),
          },
        },
      );
      await options.audit(tx, order, after);
    }
  });
  return { rows: rows.map(publicRow), shipped: rows.length };
}

function publicRow({ order: _order, carrierTemplate: _template, ...row }: ParsedRow): BulkShipRow {
  return row;
}

async function checkCarrierFile(db: DbOrTx, csv: string): Promise<ParsedRow[]> {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    throw AppError.invalid('file', `The file is not valid CSV: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header || body.length === 0)
    throw AppError.invalid('file', 'The file needs a header row and at least one parcel.');
  if (body.length > MAX_SHIP_ROWS)
    throw AppError.invalid('file', `A file can hold at most ${MAX_SHIP_ROWS} parcels; please split it.`);
  const names = header.map((h) => h.toLowerCase());
  const index = (key: keyof typeof COLUMN_NAMES) => names.findIndex((n) => COLUMN_NAMES[key].includes(n));
  const at = { order: index('order'), carrier: index('carrier'), tracking: index('tracking') };
  const missing = (Object.keys(at) as (keyof typeof at)[]).filter((k) => at[k] < 0);
  if (missing.length > 0)
    throw AppError.invalid(
      'file',
      `The header must name the columns order number, carrier and tracking number (missing: ${missing.join(', ')}).`,
    );

  const numbers = body.map((r) => (r[at.order] ?? '').toUpperCase());
  const found = numbers.length
    ? await db
        .select()
        .from(orders)
        .where(inArray(orders.orderNumber, [...new Set(numbers)]))
    : [];
  const byNumber = new Map(found.map((o) => [o.orderNumber, o]));
  const seen = new Set<string>();
  const parsed: ParsedRow[] = [];
  for (const [i, record] of body.entries()) {
    const line = i + 2;
    const orderNumber = numbers[i] ?? '';
    const carrierName = record[at.carrier] ?? '';
    const tracking = record[at.tracking] ?? '';
    const errors: BulkShipRow['errors'] = [];
    const order = byNumber.get(orderNumber);
    if (!order) errors.push({ column: 'order number', message: `No order ${orderNumber || '(empty)'}.` });
    else if (seen.has(orderNumber))
      errors.push({ column: 'order number', message: 'This order is already in the file.' });
    else {
      const decision = decide(order.status, 'ship', 'staff', order.paymentStatus);
      if (!decision.allowed) errors.push({ column: 'order number', message: decision.message });
    }
    seen.add(orderNumber);
    const carrier = carrierName ? await carrierByName(db, carrierName) : undefined;
    if (!carrier)
      errors.push({ column: 'carrier', message: `Unknown carrier "${carrierName.slice(0, 40)}".` });
    if (!TRACKING_NUMBER.test(tracking))
      errors.push({ column: 'tracking number', message: '4 to 40 letters, digits or dashes.' });
    parsed.push({
      line,
      order_number: orderNumber,
      carrier: carrier?.name ?? carrierName,
      tracking_number: tracking,
      errors,
      ...(order ? { order } : {}),
      carrierTemplate: carrier?.trackingUrlTemplate ?? null,
    });
  }
  return parsed;
}
