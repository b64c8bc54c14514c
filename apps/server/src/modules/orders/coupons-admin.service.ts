import {
  type AdminCoupon,
  type CouponState,
  couponAdminMessages,
  type couponInputSchema,
} from '@shop/contract/admin/coupons';
import type { Db, DbOrTx } from '@shop/db/client';
import { coupons, orders } from '@shop/db/schema/index';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';

/** Who makes the change: the staff account and the client's address. */
type Actor = Pick<AuditEntry, 'staffId' | 'ip'>;

/**
 * Coupons in the back office: create, edit, switch off and see how much each has been used. The
 * checkout applies them (coupon.service.ts); this file keeps the rows it reads right.
 */

type CouponInput = z.output<typeof couponInputSchema>;
type CouponRow = typeof coupons.$inferSelect;

/** What a coupon does now, checked in the checkout's order. */
export function couponState(c: CouponRow, now: Date): CouponState {
  if (!c.isActive) return 'disabled';
  if (c.startsAt && c.startsAt > now) return 'scheduled';
  if (c.endsAt && c.endsAt < now) return 'expired';
  if (c.usageLimitTotal !== null && c.usedCount >= c.usageLimitTotal) return 'used up';
  return 'active';
}

interface Usage {
  orders: number;
  discountPaise: number;
}

function view(c: CouponRow, usage: Usage | undefined, now = new Date()): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    discount_type: c.discountType === 'flat' ? 'flat' : 'percent',
    discount_value: c.discountValue,
    min_cart_paise: c.minCartPaise,
    max_discount_paise: c.maxDiscountPaise,
    starts_at: c.startsAt?.toISOString() ?? null,
    ends_at: c.endsAt?.toISOString() ?? null,
    usage_limit_total: c.usageLimitTotal,
    usage_limit_per_customer: c.usageLimitPerCustomer,
    is_active: c.isActive,
    state: couponState(c, now),
    used_count: c.usedCount,
    orders: usage?.orders ?? 0,
    discount_given_paise: usage?.discountPaise ?? 0,
    created_at: c.createdAt.toISOString(),
  };
}

/** Orders placed with each coupon that were not cancelled, and the discount they got. */
async function usageOf(db: DbOrTx, couponId?: number): Promise<Map<number, Usage>> {
  const rows = await db
    .select({
      couponId: orders.couponId,
      orders: sql<number>`count(*)::int`,
      discountPaise: sql<number>`coalesce(sum(${orders.discountPaise}), 0)::int`,
    })
    .from(orders)
    .where(
      and(
        couponId === undefined ? sql`${orders.couponId} is not null` : eq(orders.couponId, couponId),
        ne(orders.status, 'cancelled'),
      ),
    )
    .groupBy(orders.couponId);
  return new Map(
    rows.flatMap((r) =>
      r.couponId === null ? [] : [[r.couponId, { orders: r.orders, discountPaise: r.discountPaise }]],
    ),
  );
}

const values = (c: CouponInput) => ({
  code: c.code,
  description: c.description,
  discountType: c.discount_type,
  discountValue: c.discount_value,
  minCartPaise: c.min_cart_paise,
  // The input schema refuses a cap on a flat coupon, so none is dropped here unseen.
  maxDiscountPaise: c.max_discount_paise,
  startsAt: c.starts_at ? new Date(c.starts_at) : null,
  endsAt: c.ends_at ? new Date(c.ends_at) : null,
  usageLimitTotal: c.usage_limit_total,
  usageLimitPerCustomer: c.usage_limit_per_customer,
  isActive: c.is_active,
});

/** Every coupon, newest first, with its usage. */
export async function listCoupons(db: DbOrTx): Promise<AdminCoupon[]> {
  const [rows, usage] = await Promise.all([
    db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)),
    usageOf(db),
  ]);
  const now = new Date();
  return rows.map((c) => view(c, usage.get(c.id), now));
}

async function lockCoupon(tx: DbOrTx, id: number): Promise<CouponRow> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  if (!row) throw AppError.notFound(couponAdminMessages.notFound);
  return row;
}

async function requireFreeCode(tx: DbOrTx, code: string, id?: number) {
  const [other] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code), id === undefined ? undefined : ne(coupons.id, id)))
    .limit(1);
  if (other) throw AppError.invalid('code', couponAdminMessages.codeTaken);
}

export async function createCoupon(db: Db, actor: Actor, input: CouponInput): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    await requireFreeCode(tx, input.code);
    const [row] = await tx.insert(coupons).values(values(input)).returning();
    if (!row) throw new Error('coupon insert returned nothing');
    const after = view(row, undefined);
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'coupon.create',
      entity: 'coupon',
      entityId: row.id,
      after,
    });
    return after;
  });
}

/**
 * Edits a coupon. Orders already placed keep the discount they got (they store it); the use
 * counter is the checkout's and is never set here.
 */
export async function updateCoupon(
  db: Db,
  actor: Actor,
  id: number,
  input: CouponInput,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id);
    await requireFreeCode(tx, input.code, id);
    const [row] = await tx.update(coupons).set(values(input)).where(eq(coupons.id, id)).returning();
    if (!row) throw AppError.notFound(couponAdminMessages.notFound);
    const usage = (await usageOf(tx, id)).get(id);
    const after = view(row, usage);
    await recordAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'coupon.update',
      entity: 'coupon',
      entityId: id,
      before: view(before, usage),
      after,
    });
    return after;
  });
}

/** Switches a coupon off (the checkout refuses it at once) or on again. */
export async function setCouponActive(
  db: Db,
  actor: Actor,
  id: number,
  isActive: boolean,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id);
    const [row] = await tx.update(coupons).set({ isActive }).where(eq(coupons.id, id)).returning();
    if (!row) throw AppError.notFound(couponAdminMessages.notFound);
    const usage = (await usageOf(tx, id)).get(id);
    if (before.isActive !== isActive)
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: isActive ? 'coupon.enable' : 'coupon.disable',
        entity: 'coupon',
        entityId: id,
        before: { is_active: before.isActive },
        after: { is_active: isActive },
      });
    return view(row, usage);
  });
}
