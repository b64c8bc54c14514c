import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@shop/db/client';
import { addresses, categories, coupons, customers, orders, products, settings } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { issueToken } from '../customers/customers.test-kit.ts';

/** Test data factories with overrides . Used only by tests and the bench. */

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 6)}`;

export async function makeCategory(db: DbOrTx) {
  const u = unique();
  const [row] = await db
    .insert(categories)
    .values({ name: `Test ${u}`, urlSlug: `test-${u}`, parentId: 0 })
    .returning();
  if (!row) throw new Error('category insert failed');
  return row;
}

export async function makeProduct(
  db: DbOrTx,
  overrides: Partial<typeof products.$inferInsert> & { categoryId?: number } = {},
) {
  const u = unique();
  const categoryId = overrides.categoryId ?? (await makeCategory(db)).id;
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${u}`,
      urlSlug: `product-${u}`,
      sellingPricePaise: 25_000,
      availableStock: 10,
      itemWeight: 250,
      mainImage: 'main.webp',
      ...overrides,
      categoryId,
    })
    .returning();
  if (!row) throw new Error('product insert failed');
  return row;
}

/** A verified customer and a live access token for them. */
export async function makeCustomer(db: DbOrTx) {
  const [row] = await db
    .insert(customers)
    .values({ email: `shopper-${unique()}@example.in`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning();
  if (!row) throw new Error('customer insert failed');
  const token = await issueToken(db, row.id);
  return { id: row.id, email: row.email, token, auth: { authorization: `Bearer ${token}` } };
}

/** Another live access token for an existing customer (as a second login would issue). */
export function tokenFor(db: DbOrTx, customerId: number): Promise<string> {
  return issueToken(db, customerId);
}

export const validAddress = {
  contact_person: 'Asha Verma',
  mobile_number: '+91 98765 43210',
  full_address: '12, MG Road, Near Clock Tower',
  city: 'Jaipur',
  pin_code: '302001',
  landmark: 'Opposite City Bank',
  address_name: 'Home',
  address_type: 'home',
};

export async function makeAddress(
  db: DbOrTx,
  customerId: number,
  overrides: Partial<typeof addresses.$inferInsert> = {},
) {
  const [row] = await db
    .insert(addresses)
    .values({
      customerId,
      contactPerson: 'Asha Verma',
      mobileNumber: '9876543210',
      fullAddress: '12, MG Road',
      city: 'Jaipur',
      pinCode: '302001',
      landmark: 'Clock Tower',
      addressName: 'Home',
      addressType: 'home',
      isDefault: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('address insert failed');
  return row;
}

export async function makeCoupon(db: DbOrTx, overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: `T${unique().toUpperCase()}`.slice(0, 30),
      discountType: 'percent',
      discountValue: 10,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('coupon insert failed');
  return row;
}

export async function setSetting(db: DbOrTx, key: string, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

export async function stockOf(db: DbOrTx, productId: number): Promise<number> {
  const [row] = await db
    .select({ s: products.availableStock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.s ?? Number.NaN;
}

/** The order's customer as the actor of a customer's own change (cancelOrder and the like). */
export async function customerActorOf(db: DbOrTx, orderId: number) {
  const [row] = await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return { kind: 'customer' as const, customerId: row.customerId };
}
