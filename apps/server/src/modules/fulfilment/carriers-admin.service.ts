import { type AdminCarrier, carrierMessages, type carrierInputSchema } from '@shop/contract/admin/carriers';
import type { Db, DbOrTx } from '@shop/db/client';
import { shippingCarriers } from '@shop/db/schema/index';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import type { CarrierRow } from './shipping-carriers.service.ts';

/**
 * The owner's carriers in the back office: add, edit, switch off or on. A carrier is never
 * deleted: a shipped order keeps the carrier's name and the tracking link it was given when it
 * shipped (orders store both), so editing or switching off a carrier changes only future shipments.
 */

/** Who makes the change: the staff account and the client's address. */
type Actor = Pick<AuditEntry, 'staffId' | 'ip'>;
type CarrierInput = z.output<typeof carrierInputSchema>;

const view = (c: CarrierRow): AdminCarrier => ({
  id: c.id,
  name: c.name,
  tracking_url_template: c.trackingUrlTemplate,
  is_active: c.isActive,
  sort_order: c.sortOrder,
});

/** Every carrier, switched off ones too, in the ship dialog's order. */
export async function listCarriers(db: DbOrTx): Promise<AdminCarrier[]> {
  const rows = await db
    .select()
    .from(shippingCarriers)
    .orderBy(asc(shippingCarriers.sortOrder), asc(shippingCarriers.id));
  return rows.map(view);
}

async function lockCarrier(tx: DbOrTx, id: number): Promise<CarrierRow> {
  const [row] = await tx.select().from(shippingCarriers).where(eq(shippingCarriers.id, id)).for('update');
  if (!row) throw AppError.notFound(carrierMessages.notFound);
  return row;
}

/** Names are unique regardless of case: a carrier's file names a carrier case-insensitively. */
async function requireFreeName(tx: DbOrTx, name: string, id?: number) {
  const [other] = await tx
    .select({ id: shippingCarriers.id })
    .from(shippingCarriers)
    .where(
      and(
        sql`lower(${shippingCarriers.name}) = ${name.toLowerCase()}`,
        id === undefined ? undefined : ne(shippingCarriers.id, id),
      ),
    )
    .limit(1);
  if (other) throw AppError.invalid('name', carrierMessages.nameTaken);
}

const values = (c: CarrierInput) => ({
  name: c.name,
  trackingUrlTemplate: c.tracking_url_template,
  isActive: c.is_active,
  sortOrder: c.sort_order,
});

/** Adds a carrier (audited in the same transaction). */
export async function createCarrier(db: Db, actor: Actor, input: CarrierInput): Promise<AdminCarrier> {
  return db.transaction(async (tx) => {
    await requireFreeName(tx, input.name);
    const [row] = await tx.insert(shippingCarriers).values(values(input)).returning();
    if (!row) throw new Error('carrier insert returned nothing');
    const after = view(row);
    await recordAudit(tx, { ...actor, action: 'carrier.create', entity: 'carrier', entityId: row.id, after });
    return after;
  });
}

/** Edits a carrier; orders shipped before keep the name and tracking link they were given. */
export async function updateCarrier(
  db: Db,
  actor: Actor,
  id: number,
  input: CarrierInput,
): Promise<AdminCarrier> {
  return db.transaction(async (tx) => {
    const before = await lockCarrier(tx, id);
    await requireFreeName(tx, input.name, id);
    const [row] = await tx
      .update(shippingCarriers)
      .set(values(input))
      .where(eq(shippingCarriers.id, id))
      .returning();
    if (!row) throw AppError.notFound(carrierMessages.notFound);
    const after = view(row);
    await recordAudit(tx, {
      ...actor,
      action: 'carrier.update',
      entity: 'carrier',
      entityId: id,
      before: view(before),
      after,
    });
    return after;
  });
}

/** Switches a carrier off (it leaves the ship dialog and carrier files at once) or on again. */
export async function setCarrierActive(
  db: Db,
  actor: Actor,
  id: number,
  isActive: boolean,
): Promise<AdminCarrier> {
  return db.transaction(async (tx) => {
    const before = await lockCarrier(tx, id);
    const [row] = await tx
      .update(shippingCarriers)
      .set({ isActive })
      .where(eq(shippingCarriers.id, id))
      .returning();
    if (!row) throw AppError.notFound(carrierMessages.notFound);
    if (before.isActive !== isActive)
      await recordAudit(tx, {
        ...actor,
        action: isActive ? 'carrier.enable' : 'carrier.disable',
        entity: 'carrier',
        entityId: id,
        before: { is_active: before.isActive },
        after: { is_active: isActive },
      });
    return view(row);
  });
}
