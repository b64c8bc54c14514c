import {
  type AdminDeliveryZone,
  DELIVERY_ZONE_KINDS,
  type DeliveryZoneKind,
  deliveryZoneMessages,
  type deliveryZoneInputSchema,
} from '@shop/contract/admin/delivery-zones';
import type { DbOrTx } from '@shop/db/client';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { cacheTags, responseCacheOf } from '../../http/response-cache.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import {
  allZones,
  deleteZone,
  insertZone,
  defaultZone,
  lockZone,
  lockZoneSaves,
  type ZoneRow,
  updateZone,
} from './fulfilment.repository.ts';
import { stateKey } from './zone-resolution.ts';

/**
 * The shop's delivery zones edited in the back office. Quotes and checkout read the zones from the
 * database on every call, so a saved change applies to the next quote and the next checkout; the
 * cached quotes are dropped here at once on this instance (after the commit), and on the others by
 * the table's change notification.
 */

type Actor = Pick<AuditEntry, 'staffId' | 'ip'>;
type ZoneInput = z.output<typeof deliveryZoneInputSchema>;

const kindOf = (kind: string): DeliveryZoneKind =>
  (DELIVERY_ZONE_KINDS as readonly string[]).includes(kind) ? (kind as DeliveryZoneKind) : 'default';

function view(z: ZoneRow): AdminDeliveryZone {
  return {
    id: z.id,
    name: z.name,
    kind: kindOf(z.kind),
    matches: z.matches,
    serviceable: z.serviceable,
    charge_paise: z.chargePaise,
    free_above_paise: z.freeAbovePaise,
    eta_days: z.etaDays,
    cod_allowed: z.codAllowed,
    cod_max_paise: z.codMaxPaise,
    cod_fee_paise: z.codFeePaise,
    is_active: z.isActive,
    updated_at: z.updatedAt.toISOString(),
  };
}

const values = (z: ZoneInput) => ({
  name: z.name,
  kind: z.kind,
  matches: z.matches,
  serviceable: z.serviceable,
  chargePaise: z.charge_paise,
  freeAbovePaise: z.free_above_paise,
  etaDays: z.eta_days,
  codAllowed: z.cod_allowed,
  codMaxPaise: z.cod_allowed ? z.cod_max_paise : null,
  codFeePaise: z.cod_fee_paise,
  isActive: z.is_active,
});

/**
 * A shop has one default zone ("Everywhere else"): resolution takes the oldest of equals, so a
 * second one would never serve a pincode while looking as if it did.
 */
async function requireNoOtherDefault(tx: DbOrTx, input: ZoneInput, id?: number) {
  if (input.kind !== 'default') return;
  const other = await defaultZone(tx, id);
  if (other) throw AppError.invalid('kind', deliveryZoneMessages.defaultTaken(other.name));
}

/**
 * A pincode, prefix or state is in one active zone of its kind at most: among equally specific
 * zones the oldest serves (zone-resolution.ts), so a second one would be saved and never used, or
 * say "no cash on delivery" where the first says yes, without a word. A longer prefix inside a
 * shorter one is no clash: it is the more specific zone, and it wins. Switched-off zones do not
 * count; switching one on is checked like saving it. Saves take turns (lockZoneSaves), so two
 * staff saving clashing zones in the same instant cannot both pass.
 */
async function requireNoOverlap(tx: DbOrTx, input: ZoneInput, id?: number) {
  if (input.kind === 'default' || !input.is_active) return;
  const key = input.kind === 'state' ? stateKey : (match: string) => match;
  const wanted = new Map(input.matches.map((m) => [key(m), m]));
  for (const zone of await allZones(tx)) {
    if (zone.id === id || !zone.isActive || zone.kind !== input.kind) continue;
    const clash = zone.matches.map(key).find((k) => wanted.has(k));
    if (clash !== undefined)
      throw AppError.invalid(
        'matches',
        deliveryZoneMessages.matchTaken(wanted.get(clash) ?? clash, zone.name),
      );
  }
}

function dropCachedQuotes(ctx: AppContext) {
  responseCacheOf(ctx).invalidate([cacheTags.delivery]);
}

/** Every zone, switched-off ones too, oldest first (among equally specific zones the oldest wins). */
export async function listDeliveryZones(ctx: AppContext): Promise<AdminDeliveryZone[]> {
  return (await allZones(ctx.db)).map(view);
}

/** Adds a zone (audited); quotes and checkout use it from the next request. One default zone at most. */
export async function createDeliveryZone(
  ctx: AppContext,
  actor: Actor,
  input: ZoneInput,
): Promise<AdminDeliveryZone> {
  const zone = await ctx.db.transaction(async (tx) => {
    await lockZoneSaves(tx);
    await requireNoOtherDefault(tx, input);
    await requireNoOverlap(tx, input);
    const after = view(await insertZone(tx, values(input)));
    await recordAudit(tx, {
      ...actor,
      action: 'delivery_zone.create',
      entity: 'delivery_zone',
      entityId: after.id,
      after,
    });
    return after;
  });
  dropCachedQuotes(ctx);
  return zone;
}

/** Replaces a zone's terms (audited with before and after); orders placed keep their charge. */
export async function updateDeliveryZone(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: ZoneInput,
): Promise<AdminDeliveryZone> {
  const zone = await ctx.db.transaction(async (tx) => {
    await lockZoneSaves(tx);
    const before = await lockZone(tx, id);
    if (!before) throw AppError.notFound(deliveryZoneMessages.notFound);
    await requireNoOtherDefault(tx, input, id);
    await requireNoOverlap(tx, input, id);
    const row = await updateZone(tx, id, values(input));
    if (!row) throw AppError.notFound(deliveryZoneMessages.notFound);
    const after = view(row);
    await recordAudit(tx, {
      ...actor,
      action: 'delivery_zone.update',
      entity: 'delivery_zone',
      entityId: id,
      before: view(before),
      after,
    });
    return after;
  });
  dropCachedQuotes(ctx);
  return zone;
}

/** Deletes a zone (audited with what it said); its pincodes fall to the next matching zone. */
export async function deleteDeliveryZone(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await lockZone(tx, id);
    if (!before) throw AppError.notFound(deliveryZoneMessages.notFound);
    await deleteZone(tx, id);
    await recordAudit(tx, {
      ...actor,
      action: 'delivery_zone.delete',
      entity: 'delivery_zone',
      entityId: id,
      before: view(before),
    });
  });
  dropCachedQuotes(ctx);
}
