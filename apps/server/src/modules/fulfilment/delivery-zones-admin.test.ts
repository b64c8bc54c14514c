/**
 * Delivery zones edited in the back office (owner, permission 'settings'): list, create, edit,
 * delete; pincodes, prefixes and state names validated; every change audited; a change applies to
 * the very next delivery quote (the cached one is dropped) and checkout.
 */
import type { AdminDeliveryZone, DeliveryZoneInput } from '@shop/contract/admin/delivery-zones';
import { deliveryZoneMessages } from '@shop/contract/admin/delivery-zones';
import { deliveryMessages, type DeliveryQuote } from '@shop/contract/delivery';
import type { CheckoutResult } from '@shop/contract/orders';
import { auditLog } from '@shop/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeCustomer, makeProduct, setSetting } from '../orders/orders.test-kit.ts';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';

const API = '/backend/api/web';
let t: StaffHarness<'owner' | 'manager'>;
beforeAll(async () => {
  t = await staffHarness(['owner', 'manager']);
  await setSetting(t.ctx.db, 'minimum_order_amount', '0');
});
afterAll(() => t.close());

const zones = async () =>
  (await t.as('owner', 'GET', '/delivery-zones')).json<{ items: AdminDeliveryZone[] }>().items;
const quote = async (pincode: string) => {
  const res = await t.request({ method: 'GET', url: `${API}/delivery/${pincode}` });
  return { body: res.json<DeliveryQuote>(), cache: res.headers['x-cache'] };
};
const inputOf = ({ id: _id, updated_at: _u, ...zone }: AdminDeliveryZone): DeliveryZoneInput => zone;
const lastAudit = async (action: string) =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)))[0];

async function checkoutTo(pinCode: string, city: string) {
  const customer = await makeCustomer(t.ctx.db);
  const address = await makeAddress(t.ctx.db, customer.id, { pinCode, city });
  const product = await makeProduct(t.ctx.db, { sellingPricePaise: 20_000, availableStock: 10 });
  return t.request({
    method: 'POST',
    url: `${API}/orders/checkout`,
    headers: customer.auth,
    payload: {
      items: [{ item_id: product.id, quantity: 1 }],
      coupon_code: '',
      customer: { address_id: address.id },
    },
  });
}

describe('delivery zones in the back office', () => {
  it('lists the zones for the owner; a manager (no settings permission) is refused', async () => {
    const list = await zones();
    expect(list.map((z) => z.kind)).toEqual(['prefix', 'state', 'prefix', 'pincodes', 'state', 'default']);
    expect(list[0]).toMatchObject({ name: 'Jaipur city (own riders)', matches: ['302'], charge_paise: 0 });
    expect((await t.as('manager', 'GET', '/delivery-zones')).statusCode).toBe(403);
  });

  it('an edit changes the next delivery quote at once (the cached quote is dropped) and checkout', async () => {
    await quote('302017');
    await quote('302017'); // kept from its second request
    const cached = await quote('302017');
    expect(cached.cache).toBe('HIT');
    expect(cached.body).toMatchObject({ charge: 0, eta_days: 1 });

    const jaipur = (await zones())[0] as AdminDeliveryZone;
    const res = await t.as('owner', 'PUT', `/delivery-zones/${jaipur.id}`, {
      ...inputOf(jaipur),
      charge_paise: 2_500,
      eta_days: 2,
      cod_max_paise: 100_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await quote('302017')).body).toMatchObject({ charge: 25, eta_days: 2, cod_max: 1_000 });

    const placed = await checkoutTo('302017', 'Jaipur');
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<CheckoutResult>().order).toMatchObject({ shipping: 25, delivery_eta_days: 2 });

    const audit = await lastAudit('delivery_zone.update');
    expect(audit).toMatchObject({ entity: 'delivery_zone', entityId: String(jaipur.id) });
    expect(audit?.before).toMatchObject({ charge_paise: 0, eta_days: 1 });
    expect(audit?.after).toMatchObject({ charge_paise: 2_500, eta_days: 2 });
  });

  it('a new zone that stops delivery to a pincode refuses checkout there; deleting it serves it again', async () => {
    const created = await t.as('owner', 'POST', '/delivery-zones', {
      name: 'Flooded area',
      kind: 'pincodes',
      matches: [' 302017 ', '302017'],
      serviceable: false,
      charge_paise: 0,
      eta_days: 0,
      cod_allowed: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const zone = created.json<AdminDeliveryZone>();
    expect(zone.matches).toEqual(['302017']);
    expect((await quote('302017')).body.serviceable).toBe(false);
    const refused = await checkoutTo('302017', 'Jaipur');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([
      { field: 'customer.address_id', message: deliveryMessages.notServiceable('302017') },
    ]);
    expect(await lastAudit('delivery_zone.create')).toMatchObject({ entityId: String(zone.id) });

    expect((await t.as('owner', 'DELETE', `/delivery-zones/${zone.id}`)).statusCode).toBe(204);
    expect((await quote('302017')).body.serviceable).toBe(true);
    expect((await checkoutTo('302017', 'Jaipur')).statusCode).toBe(200);
    expect(await lastAudit('delivery_zone.delete')).toMatchObject({
      entityId: String(zone.id),
      before: expect.objectContaining({ name: 'Flooded area' }),
    });
    expect((await t.as('owner', 'DELETE', `/delivery-zones/${zone.id}`)).statusCode).toBe(404);
  });

  it('validates pincodes (6 digits), prefixes (1–5 digits) and state names (the GST state list)', async () => {
    const base = { name: 'Test', charge_paise: 0, eta_days: 3 };
    const refused = async (body: Record<string, unknown>) => {
      const res = await t.as('owner', 'POST', '/delivery-zones', { ...base, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      return res.json<Array<{ field: string; message: string }>>();
    };
    expect(await refused({ kind: 'pincodes', matches: ['30201'] })).toEqual([
      { field: 'matches', message: deliveryZoneMessages.pincodes('30201') },
    ]);
    expect(await refused({ kind: 'pincodes', matches: ['012345'] })).toEqual([
      { field: 'matches', message: deliveryZoneMessages.pincodes('012345') },
    ]);
    expect(await refused({ kind: 'prefix', matches: ['302001'] })).toEqual([
      { field: 'matches', message: deliveryZoneMessages.prefix('302001') },
    ]);
    expect(await refused({ kind: 'state', matches: ['Rajasthan', 'Atlantis'] })).toEqual([
      { field: 'matches', message: deliveryZoneMessages.state('Atlantis') },
    ]);
    expect(await refused({ kind: 'state', matches: ['08'] })).toEqual([
      { field: 'matches', message: deliveryZoneMessages.state('08') },
    ]);
    expect(await refused({ kind: 'prefix', matches: [] })).toEqual([
      { field: 'matches', message: deliveryZoneMessages.matchesNeeded },
    ]);
    expect(await refused({ kind: 'state', matches: ['Goa'], cod_allowed: false, cod_max_paise: 5 })).toEqual([
      { field: 'cod_max_paise', message: deliveryZoneMessages.codMax },
    ]);

    const goa = await t.as('owner', 'POST', '/delivery-zones', {
      ...base,
      kind: 'state',
      matches: ['tamil  nadu', 'JAMMU & KASHMIR'],
    });
    expect(goa.statusCode, goa.body).toBe(201);
    expect(goa.json<AdminDeliveryZone>().matches).toEqual(['Tamil Nadu', 'Jammu and Kashmir']);
    const seededDefault = (await zones()).find((z) => z.kind === 'default') as AdminDeliveryZone;
    const anywhere = await t.as('owner', 'PUT', `/delivery-zones/${seededDefault.id}`, {
      ...inputOf(seededDefault),
      matches: ['x'],
    });
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    expect(anywhere.json<AdminDeliveryZone>().matches).toEqual([]);
    expect(
      (await t.as('owner', 'PUT', '/delivery-zones/2147483000', { ...base, kind: 'default' })).statusCode,
    ).toBe(404);
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delivery_zone'), eq(auditLog.action, 'delivery_zone.create')));
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('there is at most one default ("Everywhere else") zone: a second one is refused, created or edited into one', async () => {
    const base = { name: 'Second default', charge_paise: 0, eta_days: 3 };
    const before = await zones();
    const seededDefault = before.find((z) => z.kind === 'default') as AdminDeliveryZone;
    const refusal = [{ field: 'kind', message: deliveryZoneMessages.defaultTaken(seededDefault.name) }];

    const created = await t.as('owner', 'POST', '/delivery-zones', { ...base, kind: 'default' });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toEqual(refusal);
    expect(await zones()).toHaveLength(before.length);

    const other = before.find((z) => z.kind === 'state') as AdminDeliveryZone;
    const edited = await t.as('owner', 'PUT', `/delivery-zones/${other.id}`, {
      ...inputOf(other),
      kind: 'default',
    });
    expect(edited.statusCode, edited.body).toBe(422);
    expect(edited.json()).toEqual(refusal);
    expect((await zones()).find((z) => z.id === other.id)?.kind).toBe('state');

    // The default zone itself stays editable, and a switched-off default still counts.
    const own = await t.as('owner', 'PUT', `/delivery-zones/${seededDefault.id}`, {
      ...inputOf(seededDefault),
      is_active: false,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await t.as('owner', 'POST', '/delivery-zones', { ...base, kind: 'default' })).statusCode).toBe(
      422,
    );
    await t.as('owner', 'PUT', `/delivery-zones/${seededDefault.id}`, inputOf(seededDefault));
  });

  it('a pincode, prefix or state is in one active zone of its kind: a second is refused, naming the first; a longer prefix is not a clash', async () => {
    const base = { charge_paise: 1000, eta_days: 2 };
    const first = await t.as('owner', 'POST', '/delivery-zones', {
      ...base,
      name: 'Pune city',
      kind: 'pincodes',
      matches: ['411001', '411002'],
    });
    expect(first.statusCode, first.body).toBe(201);
    const zone = first.json<AdminDeliveryZone>();
    const again = await t.as('owner', 'POST', '/delivery-zones', {
      ...base,
      name: 'Pune no COD',
      kind: 'pincodes',
      matches: ['411003', '411002'],
      cod_allowed: false,
    });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json()).toEqual([
      { field: 'matches', message: deliveryZoneMessages.matchTaken('411002', 'Pune city') },
    ]);

    const seededState = (await zones()).find((z) => z.kind === 'state' && z.is_active) as AdminDeliveryZone;
    const state = seededState.matches[0] as string;
    const sameState = await t.as('owner', 'POST', '/delivery-zones', {
      ...base,
      name: 'Same state',
      kind: 'state',
      matches: [state.toUpperCase()],
    });
    expect(sameState.statusCode, sameState.body).toBe(422);
    expect(sameState.json<{ field: string }[]>()[0]?.field).toBe('matches');

    // Switched off, the first zone no longer claims its pincodes; switching it on again is checked.
    await t.as('owner', 'PUT', `/delivery-zones/${zone.id}`, { ...inputOf(zone), is_active: false });
    const replacement = await t.as('owner', 'POST', '/delivery-zones', {
      ...base,
      name: 'Pune new terms',
      kind: 'pincodes',
      matches: ['411002'],
    });
    expect(replacement.statusCode, replacement.body).toBe(201);
    const back = await t.as('owner', 'PUT', `/delivery-zones/${zone.id}`, inputOf(zone));
    expect(back.statusCode).toBe(422);

    const prefixes = async (name: string, prefix: string) =>
      (await t.as('owner', 'POST', '/delivery-zones', { ...base, name, kind: 'prefix', matches: [prefix] }))
        .statusCode;
    expect(await prefixes('Region 38', '38')).toBe(201);
    expect(await prefixes('City 380', '380')).toBe(201); // more specific: it wins for 380…
    expect(await prefixes('Region 38 again', '38')).toBe(422);
  });

  it('two clashing zones saved in the same instant: one is saved, the other refused (saves take turns)', async () => {
    const save = (name: string) =>
      t.as('owner', 'POST', '/delivery-zones', {
        name,
        kind: 'pincodes',
        matches: ['560001'],
        charge_paise: 0,
        eta_days: 2,
      });
    const answers = await Promise.all([
      save('Bengaluru MG Road'),
      save('Bengaluru central'),
      save('Bengaluru'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    const holders = (await zones()).filter((z) => z.is_active && z.matches.includes('560001'));
    expect(holders).toHaveLength(1);
  });

  it('a cash-on-delivery limit of ₹0 is refused while cash on delivery is allowed (null is "no limit")', async () => {
    const base = { name: 'Zero limit', kind: 'pincodes', matches: ['302017'], charge_paise: 0, eta_days: 3 };
    for (const cod of [{}, { cod_allowed: true }]) {
      const res = await t.as('owner', 'POST', '/delivery-zones', { ...base, ...cod, cod_max_paise: 0 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual([{ field: 'cod_max_paise', message: deliveryZoneMessages.codMaxZero }]);
    }
    const jaipur = (await zones())[0] as AdminDeliveryZone;
    const edit = await t.as('owner', 'PUT', `/delivery-zones/${jaipur.id}`, {
      ...inputOf(jaipur),
      cod_allowed: true,
      cod_max_paise: 0,
    });
    expect(edit.statusCode).toBe(422);
    expect((await zones())[0]?.cod_max_paise).toBe(jaipur.cod_max_paise);

    const noLimit = await t.as('owner', 'POST', '/delivery-zones', { ...base, cod_max_paise: null });
    expect(noLimit.statusCode, noLimit.body).toBe(201);
    expect((await quote('302017')).body).toMatchObject({ cod_available: true, cod_max: null });
    await t.as('owner', 'DELETE', `/delivery-zones/${noLimit.json<AdminDeliveryZone>().id}`);
  });
});
