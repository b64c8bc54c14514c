import type { Dashboard, DashboardRange } from '@shop/contract/admin/dashboard';
import type { DbOrTx } from '@shop/db/client';
import { sql } from 'drizzle-orm';
import { listAdminProducts } from '../catalogue/product-admin.service.ts';

/** The dashboard lists the lowest few; its count is the Low stock screen's whole list. */
const LOW_STOCK_ROWS = 10;
const TOP_PRODUCTS = 5;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 3600_000;

/**
 * The period of a range in India's days: today from midnight IST, 7d and 30d the last 7 or 30
 * days including today.
 */
export function periodOf(range: DashboardRange, now = new Date()): { from: Date; to: Date; days: number } {
  const days = range === 'today' ? 1 : range === '7d' ? 7 : 30;
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  return { from: new Date(istMidnight - (days - 1) * DAY_MS), to: now, days };
}

/**
 * Which orders brought money in: paid (also when part or all was refunded later — refunds are
 * subtracted separately) or cash on delivery the shop has confirmed and not cancelled. Pending,
 * failed and cancelled-before-payment orders are no sale. Revenue sums these, a cancelled prepaid
 * order included, because its refund is subtracted from revenue too: leaving it out would count
 * the refund twice.
 */
const SOLD = sql.raw(`(o.payment_status IN ('Paid', 'Partially Refunded', 'Refunded')
  OR (o.payment_gateway = 'cod' AND o.status IN ('confirmed', 'packed', 'shipped', 'delivered', 'returned')))`);

/**
 * A cancelled order is no order the shop fulfils, even when it was paid (and then refunded): the
 * order count, average order, figures by method and day, and top products leave it out.
 */
const KEPT = sql.raw(`o.status <> 'cancelled'`);

type Rows<T> = { rows?: T[] };
async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as Rows<T>;
  return result.rows ?? [];
}

/**
 * The shop's figures for a period, each one SQL aggregate over indexed columns (orders by
 * created_at, refunds by processed_at, products by stock), so the page stays fast on 100,000+
 * orders. Money in paise (product rules).
 * - Revenue = sales of the period minus refunds processed in the period: what the shop keeps.
 * - Orders, average order, the figures by method and by day and top products are sales, before
 *   refunds (as Shopify's average order value): a refund is processed on its own day, often
 *   outside the period of its order, so it is not spread back over them; the refunds card shows
 *   it. The back office labels them so.
 * - Low stock is the Low stock screen's list (catalogue's `reorder` filter, each product's own
 *   threshold or the shop's): its lowest few and how many there are.
 */
export async function dashboardOf(
  db: DbOrTx,
  range: DashboardRange,
  failedMails: number,
  now = new Date(),
): Promise<Dashboard> {
  const { from, to, days } = periodOf(range, now);
  const fromIso = from.toISOString();
  const toIso = to.toISOString();

  const inPeriod = sql`o.created_at >= ${fromIso}::timestamptz AND o.created_at < ${toIso}::timestamptz`;
  // One pass over the period's orders (index-only on orders_sales_idx) gives both the methods and the days.
  const salesQuery = rowsOf<{ day: string; method: string; kept: boolean; orders: number; revenue: string }>(
    db,
    sql`SELECT to_char(o.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') AS day,
               coalesce(o.payment_gateway, 'unknown') AS method, ${KEPT} AS kept, count(*)::int AS orders,
               sum(o.total_paise)::bigint AS revenue
        FROM orders o WHERE ${inPeriod} AND ${SOLD}
        GROUP BY 1, 2, 3`,
  );
  // The lower bound on order_id never changes the answer (every order of the period has an id at
  // least the period's smallest) but lets the lines be read as a range of order_items_sales_idx.
  const topQuery = rowsOf<{ product_id: number; name: string; quantity: number; revenue: string }>(
    db,
    sql`SELECT t.product_id, p.name, t.quantity, t.revenue FROM (
          SELECT i.product_id, sum(i.quantity)::int AS quantity, sum(i.line_total_paise)::bigint AS revenue
          FROM orders o JOIN order_items i ON i.order_id = o.id
          WHERE ${inPeriod} AND ${SOLD} AND ${KEPT}
            AND i.order_id >= (SELECT min(id) FROM (SELECT o.id FROM orders o WHERE ${inPeriod} OFFSET 0) first)
          GROUP BY i.product_id ORDER BY 3 DESC, 1 LIMIT ${TOP_PRODUCTS}) t
        JOIN products p ON p.id = t.product_id
        ORDER BY t.revenue DESC, t.product_id`,
  );
  // Revenue gives back only refunds of sales: a refunded stray payment (a second capture, an online
  // payment on an order cash on delivery settled) was never counted in the sales either. The
  // filter is payments' orders-money rule in SQL, widened to unsettled orders, whose refunded
  // captures count in SOLD as 'Refunded' sales.
  const refundsQuery = rowsOf<{ n: number; amount: string; of_sales: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(r.amount_paise), 0)::bigint AS amount,
               coalesce(sum(r.amount_paise) FILTER (
                 WHERE o.payment_gateway IS NULL OR o.payment_gateway = p.gateway), 0)::bigint AS of_sales
        FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN orders o ON o.id = r.order_id
        WHERE r.status = 'processed' AND r.processed_at >= ${fromIso}::timestamptz AND r.processed_at < ${toIso}::timestamptz`,
  );
  const pendingQuery = rowsOf<{ status: string; n: number }>(
    db,
    // An order refunded in full is not packed or shipped (order-state.ts decide): nothing to do.
    sql`SELECT status::text AS status, count(*)::int AS n FROM orders
        WHERE status IN ('confirmed', 'packed') AND payment_status <> 'Refunded' GROUP BY 1`,
  );
  const lowStockQuery = listAdminProducts(db, { stock: 'reorder' }, 'available_stock', {
    page: 1,
    perPage: LOW_STOCK_ROWS,
  });
  // On PostgreSQL the five queries run side by side on the pool's connections.
  const [sales, top, [refunds], pending, lowStock] = await Promise.all([
    salesQuery,
    topQuery,
    refundsQuery,
    pendingQuery,
    lowStockQuery,
  ]);

  const methods = new Map<string, { orders: number; revenue: number }>();
  const dayRows = new Map<string, { orders: number; revenue: number }>();
  let gross = 0;
  for (const row of sales) {
    gross += Number(row.revenue);
    if (!row.kept) continue;
    for (const [map, key] of [
      [methods, row.method],
      [dayRows, row.day],
    ] as const) {
      const sum = map.get(key) ?? { orders: 0, revenue: 0 };
      sum.orders += Number(row.orders);
      sum.revenue += Number(row.revenue);
      map.set(key, sum);
    }
  }
  const byMethod = [...methods]
    .map(([method, m]) => ({ method, orders: m.orders, revenue_paise: m.revenue }))
    .sort((a, b) => b.revenue_paise - a.revenue_paise || a.method.localeCompare(b.method));
  const orderCount = byMethod.reduce((n, m) => n + m.orders, 0);
  const keptRevenue = byMethod.reduce((n, m) => n + m.revenue_paise, 0);
  const refunded = Number(refunds?.amount ?? 0);
  const istDay = (at: number) => new Date(at + IST_OFFSET_MS).toISOString().slice(0, 10);
  return {
    range,
    from: fromIso,
    to: toIso,
    revenue_paise: gross - Number(refunds?.of_sales ?? 0),
    orders: orderCount,
    average_order_paise: orderCount ? Math.round(keptRevenue / orderCount) : 0,
    by_method: byMethod,
    // Every day of the period, also those without sales, so the chart shows the gaps.
    by_day: Array.from({ length: days }, (_, i) => {
      const day = istDay(from.getTime() + i * DAY_MS);
      const row = dayRows.get(day);
      return { day, orders: Number(row?.orders ?? 0), revenue_paise: Number(row?.revenue ?? 0) };
    }),
    top_products: top.map((p) => ({
      product_id: Number(p.product_id),
      name: p.name,
      quantity: Number(p.quantity),
      revenue_paise: Number(p.revenue),
    })),
    low_stock: lowStock.items.map((p) => ({
      product_id: p.id,
      name: p.name,
      available_stock: p.available_stock,
      threshold: p.low_stock_threshold,
    })),
    low_stock_total: lowStock.total,
    pending_shipments: {
      confirmed: Number(pending.find((p) => p.status === 'confirmed')?.n ?? 0),
      packed: Number(pending.find((p) => p.status === 'packed')?.n ?? 0),
    },
    failed_mails: failedMails,
    refunds: { count: Number(refunds?.n ?? 0), amount_paise: refunded },
  };
}
