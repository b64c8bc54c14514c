/**
 * Checkout under load (product rules §11): 50 customers check out at the same time, again and again, for
 * a product with less stock than they ask for. Reports p50/p99 latency and proves no overselling:
 * orders placed × quantity = stock taken, and the stock never goes below zero.
 *
 * With `db` (the shop's database) it creates 50 verified customers with tokens and addresses and a
 * product with exactly 50 units. Without it (the shop's embedded database is locked by the
 * server) it logs in the seeded demo customer once and lets 50 concurrent clients share that
 * login, each with its own Idempotency-Key, on an existing product with little stock.
 * Each client sends its own X-Forwarded-For, as 50 shoppers behind a load balancer would.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '@shop/db/client';
import {
  makeAddress,
  makeCustomer,
  makeProduct,
} from '../../apps/server/src/modules/orders/orders.test-kit.ts';

const API = '/backend/api/web';
const CUSTOMERS = 50;
const ROUNDS = 4;

interface Shopper {
  token: string;
  addressId: number;
  ip: string;
}

export interface CheckoutBenchResult {
  mode: 'fresh customers' | 'demo customer';
  concurrentCustomers: number;
  attempts: number;
  ordersPlaced: number;
  refused: number;
  otherErrors: number;
  quantityPerOrder: number;
  stockBefore: number;
  stockAfter: number;
  oversold: boolean;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? 0) * 10) / 10;
}

async function stockOf(baseUrl: string, productId: number) {
  const priced = await json<{
    items: { available_stock: number; selling_price: number }[];
    minimum_order_amount: number;
  }>(
    await fetch(`${baseUrl}${API}/orders/price_cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ item_id: productId }] }),
    }),
  );
  return {
    stock: priced.items[0]?.available_stock ?? 0,
    price: priced.items[0]?.selling_price ?? 0,
    minimum: priced.minimum_order_amount,
  };
}

async function freshShoppers(db: Db): Promise<{ shoppers: Shopper[]; productId: number }> {
  const product = await makeProduct(db, {
    name: 'Bench Kaju Katli',
    availableStock: 50,
    sellingPricePaise: 62_000,
  });
  const shoppers: Shopper[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const c = await makeCustomer(db);
    const a = await makeAddress(db, c.id);
    shoppers.push({ token: c.token, addressId: a.id, ip: `10.50.${Math.floor(i / 250)}.${(i % 250) + 1}` });
  }
  return { shoppers, productId: product.id };
}

async function demoShoppers(baseUrl: string): Promise<{ shoppers: Shopper[]; productId: number }> {
  const login = await json<{ token: string; customer: { address_id?: number | null } }>(
    await fetch(`${baseUrl}${API}/customers/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.49.0.1' },
      body: JSON.stringify({ login_method: 'email', username: 'demo@kesarfoods.in', password: 'Demo@12345' }),
    }),
  );
  const auth = { authorization: `Bearer ${login.token}` };
  let addressId = login.customer.address_id ?? null;
  if (!addressId) {
    const created = await json<{ address: { id: number } }>(
      await fetch(`${baseUrl}${API}/customers/address`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'x-forwarded-for': '10.49.0.1' },
        body: JSON.stringify({
          contact_person: 'Bench Shopper',
          mobile_number: '9876543210',
          full_address: '1, MG Road',
          city: 'Jaipur',
          pin_code: '302001',
          landmark: 'Clock Tower',
          address_name: 'Bench',
          address_type: 'home',
        }),
      }),
    );
    addressId = created.address.id;
  }
  // The product with the least stock that still takes several orders: attempts exceed the stock.
  const products = await json<{ items: { id: number; available_stock: number }[] }>(
    await fetch(`${baseUrl}${API}/products?per-page=200&page=1`),
  );
  const candidates = products.items
    .filter((p) => p.available_stock >= 10 && p.available_stock < CUSTOMERS * ROUNDS)
    .sort((a, b) => a.available_stock - b.available_stock);
  const product = candidates[0];
  if (!product) throw new Error('no product with 10–199 units in stock for the checkout bench');
  const shoppers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    token: login.token,
    addressId: addressId ?? 0,
    ip: `10.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }));
  return { shoppers, productId: product.id };
}

/** Runs the checkout bench against a running shop; prints and returns the figures. */
export async function runCheckoutBench(baseUrl: string, db?: Db): Promise<CheckoutBenchResult> {
  const { shoppers, productId } = db ? await freshShoppers(db) : await demoShoppers(baseUrl);
  const before = await stockOf(baseUrl, productId);
  // Enough units per order to reach minimum_order_amount.
  const quantity = Math.max(1, Math.ceil(before.minimum / Math.max(before.price, 0.01)));
  const latencies: number[] = [];
  let placed = 0;
  let refused = 0;
  let otherErrors = 0;

  const client = async (s: Shopper) => {
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${API}/orders/checkout`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${s.token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          'x-forwarded-for': s.ip,
        },
        body: JSON.stringify({
          items: [{ item_id: productId, quantity }],
          customer_remarks: 'bench',
          coupon_code: '',
          customer: { address_id: s.addressId },
        }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status === 200) placed += 1;
      else if (res.status === 422) refused += 1;
      else otherErrors += 1;
    }
  };
  await Promise.all(shoppers.map(client));

  const after = await stockOf(baseUrl, productId);
  const sorted = [...latencies].sort((a, b) => a - b);
  const result: CheckoutBenchResult = {
    mode: db ? 'fresh customers' : 'demo customer',
    concurrentCustomers: shoppers.length,
    attempts: latencies.length,
    ordersPlaced: placed,
    refused,
    otherErrors,
    quantityPerOrder: quantity,
    stockBefore: before.stock,
    stockAfter: after.stock,
    oversold: after.stock < 0 || placed * quantity !== before.stock - after.stock,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: percentile(sorted, 100),
  };
  console.log(
    `checkout: ${result.concurrentCustomers} concurrent customers (${result.mode}), ${result.attempts} attempts → ` +
      `${result.ordersPlaced} orders, ${result.refused} refused (out of stock), ${result.otherErrors} other errors; ` +
      `stock ${result.stockBefore} → ${result.stockAfter}, oversold: ${result.oversold}; ` +
      `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms`,
  );
  return result;
}

// Run directly: `npx tsx scripts/bench/checkout.ts http://127.0.0.1:3000`
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  runCheckoutBench(base).then(
    (r) => process.exit(r.oversold || r.otherErrors > 0 ? 1 : 0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
