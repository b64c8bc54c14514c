import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { queryRows } from './raw-rows.ts';

/**
 * Orders for `npm run seed:bench -- --orders N` and the back office's budgets (order list p95 <
 * 100 ms, dashboard < 200 ms on 100,000 orders). Generated in SQL (seeded random, so every run is
 * alike) for speed: 2,000 customers with an address each; orders spread over the last 90 days,
 * numbered in time order; payment methods as an Indian shop sees them (COD 45 %, Razorpay 35 %,
 * Paytm 12 %, PayPal 8 %); statuses by the order's age (old orders delivered, cancelled or
 * returned; recent ones pending, confirmed, packed or shipped); pincodes of 30 cities; a coupon on
 * one order in ten; 1–4 lines of existing products, the order's total their sum.
 */
export async function seedBenchOrders(db: Db, total: number): Promise<number> {
  const customers = 2_000;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT setseed(0.1234)`);
    await tx.execute(sql`
      INSERT INTO customers (email, password_hash, email_verified_at, created_at)
      SELECT 'bench-customer-' || g || '@example.in', 'bench', now() - interval '120 days', now() - interval '120 days'
      FROM generate_series(1, ${customers}) g
      ON CONFLICT (email) DO NOTHING`);
    await tx.execute(sql`
      INSERT INTO addresses (customer_id, contact_person, mobile_number, full_address, city, pin_code, landmark, address_name, address_type, is_default)
      SELECT c.id, 'Bench Customer ' || c.id, '9' || lpad((c.id * 7919 % 1000000000)::text, 9, '0'),
             c.id || ', MG Road', 'Jaipur', (302001 + c.id % 30)::text, '', 'Home', 'home', true
      FROM customers c WHERE c.email LIKE 'bench-customer-%'
        AND NOT EXISTS (SELECT 1 FROM addresses a WHERE a.customer_id = c.id)`);
    await tx.execute(sql`
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers WHERE email LIKE 'bench-customer-%'),
      pins AS (SELECT ARRAY['302001','110001','400001','560001','600001','700001','500001','380001','411001','226001',
                            '452001','462001','641001','682001','695001','751001','781001','800001','834001','248001',
                            '160017','143001','324001','313001','342001','334001','305001','332001','306401','327001'] AS p),
      start AS (SELECT coalesce(max(id), 0) AS n FROM orders),
      s AS (SELECT g, random() AS rm, random() AS rs, random() AS rp, random() AS rc, random() AS rj FROM generate_series(1, ${total}) g),
      t AS (
        SELECT s.*, now() - ((${total} - g)::float8 / ${total} * interval '90 days') - rj * interval '20 minutes' AS at,
               CASE WHEN rm < 0.45 THEN 'cod' WHEN rm < 0.80 THEN 'razorpay' WHEN rm < 0.92 THEN 'paytm' ELSE 'paypal' END AS method,
               (${total} - g)::float8 / ${total} * 90 AS age
        FROM s),
      u AS (
        SELECT t.*,
          CASE
            WHEN rs < 0.12 THEN 'cancelled'
            WHEN age > 10 AND rs < 0.16 THEN 'returned'
            WHEN age > 10 THEN 'delivered'
            WHEN age > 4 THEN CASE WHEN rs < 0.5 THEN 'shipped' ELSE 'delivered' END
            WHEN age > 1 THEN CASE WHEN rs < 0.5 THEN 'packed' WHEN rs < 0.8 THEN 'shipped' ELSE 'confirmed' END
            ELSE CASE WHEN rs < 0.3 THEN 'pending' WHEN rs < 0.7 THEN 'confirmed' ELSE 'packed' END
          END AS st
        FROM t)
      INSERT INTO orders (order_number, customer_id, status, payment_status, payment_gateway, subtotal_paise, total_paise,
                          shipping_address, coupon_code, created_at, updated_at)
      SELECT 'KFL-' || to_char(at, 'YYYY') || '-B' || lpad((start.n + g)::text, 7, '0'),
             c.ids[1 + (g * 7 % array_length(c.ids, 1))],
             st::order_status,
             (CASE
               WHEN st = 'pending' THEN 'Pending'
               WHEN st = 'cancelled' THEN CASE WHEN method = 'cod' THEN 'Pending' WHEN rc < 0.5 THEN 'Failed' ELSE 'Refunded' END
               WHEN st = 'returned' THEN CASE WHEN method = 'cod' THEN 'Paid' ELSE 'Refunded' END
               WHEN method = 'cod' THEN CASE WHEN st = 'delivered' THEN 'Paid' ELSE 'Pending' END
               ELSE 'Paid'
             END)::payment_status,
             method, 0, 0,
             jsonb_build_object('contact_person', 'Bench Customer', 'mobile_number', '9' || lpad((g * 7919 % 1000000000)::text, 9, '0'),
               'full_address', g || ', MG Road', 'city', 'Jaipur', 'pin_code', pins.p[1 + floor(rp * 30)::int], 'landmark', '',
               'address_name', 'Home', 'address_type', 'home'),
             CASE WHEN rc < 0.1 THEN 'WELCOME10' END,
             at, at
      FROM u, c, pins, start`);
    await tx.execute(sql`
      WITH p AS (SELECT array_agg(id ORDER BY id) AS ids FROM products WHERE is_active),
      lines AS (
        SELECT o.id AS order_id, p.ids[1 + floor(random() * array_length(p.ids, 1))::int] AS product_id,
               1 + floor(random() * 3)::int AS quantity
        FROM orders o CROSS JOIN p CROSS JOIN LATERAL generate_series(1, 1 + (o.id % 4)) AS n
        WHERE o.order_number LIKE 'KFL-%-B%' AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id))
      INSERT INTO order_items (order_id, product_id, name, item_weight, unit_price_paise, quantity, line_total_paise)
      SELECT l.order_id, pr.id, pr.name, pr.item_weight, pr.selling_price_paise, l.quantity, pr.selling_price_paise * l.quantity
      FROM lines l JOIN products pr ON pr.id = l.product_id`);
    await tx.execute(sql`
      UPDATE orders o SET subtotal_paise = s.sum, total_paise = s.sum
      FROM (SELECT order_id, sum(line_total_paise)::int AS sum FROM order_items GROUP BY order_id) s
      WHERE s.order_id = o.id AND o.total_paise = 0`);
  });
  await db.execute(sql`ANALYZE`);
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders`);
  return Number(row?.n ?? 0);
}
