/**
 * The owner manages the shop's carriers (Settings → Carriers): add, edit and switch off, each
 * audited; a tracking URL template must be https with {tracking}. A switched-off carrier leaves
 * the ship dialog at once, while orders shipped with it keep their tracking link.
 */
import type { AdminCarrier } from '@shop/contract/admin/carriers';
import { carrierMessages } from '@shop/contract/admin/carriers';
import type { Order } from '@shop/contract/orders';
import { auditLog } from '@shop/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../payments/payments.test-kit.ts';
import { type StaffPaymentsHarness, staffPaymentsHarness } from '../staff/staff-payments.test-kit.ts';

let h: StaffPaymentsHarness<'owner' | 'manager' | 'staff'>;
beforeAll(async () => {
  h = await staffPaymentsHarness(['owner', 'manager', 'staff']);
});
afterAll(() => h.close());

const shipDialogCarriers = async () =>
  (await h.as('staff', 'GET', '/carriers')).json<{ id: number; name: string }[]>().map((c) => c.name);

const auditOf = (id: number, action: string) =>
  h.t.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'carrier'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)),
    );

describe('carriers managed by the owner', () => {
  it('validates the name and the tracking URL template (https with {tracking}); only the owner may change carriers', async () => {
    const post = (body: object) => h.as('owner', 'POST', '/shipping-carriers', body);
    expect((await post({ name: '  ' })).json()).toEqual([{ field: 'name', message: carrierMessages.name }]);
    for (const template of [
      'http://track.example.in/{tracking}',
      'https://track.example.in/parcel',
      'javascript:alert(1)//{tracking}',
      'https://{tracking}',
    ]) {
      const res = await post({ name: 'Ekart', tracking_url_template: template });
      expect(res.statusCode, template).toBe(422);
      expect(res.json()).toEqual([{ field: 'tracking_url_template', message: carrierMessages.template }]);
    }
    const taken = await post({ name: 'delhivery', tracking_url_template: null });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual([{ field: 'name', message: carrierMessages.nameTaken }]);
    expect((await h.as('manager', 'POST', '/shipping-carriers', { name: 'Ekart' })).statusCode).toBe(403);
    expect((await h.as('manager', 'GET', '/shipping-carriers')).statusCode).toBe(403);
  });

  it('adds, edits and switches off a carrier, audited; shipped orders keep their tracking link', async () => {
    const created = await h.as('owner', 'POST', '/shipping-carriers', {
      name: 'Ekart Logistics',
      tracking_url_template: 'https://ekartlogistics.com/shipmenttrack/{tracking}',
      sort_order: 9,
    });
    expect(created.statusCode).toBe(201);
    const ekart = created.json<AdminCarrier>();
    expect(ekart).toMatchObject({ name: 'Ekart Logistics', is_active: true, sort_order: 9 });
    expect(await shipDialogCarriers()).toContain('Ekart Logistics');

    // A carrier without a tracking page (a local courier) is fine: no link, just its name.
    const local = await h.as('owner', 'POST', '/shipping-carriers', {
      name: 'Pink City Couriers',
      tracking_url_template: '',
    });
    expect(local.json<AdminCarrier>()).toMatchObject({ tracking_url_template: null });

    const { order } = await h.codOrder();
    const shipped = await h.as('staff', 'POST', `/orders/${order.id}/actions`, {
      action: 'ship',
      carrier_id: ekart.id,
      tracking_number: 'EK-20261125',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const link = 'https://ekartlogistics.com/shipmenttrack/EK-20261125';

    const edited = await h.as('owner', 'PUT', `/shipping-carriers/${ekart.id}`, {
      name: 'Ekart',
      tracking_url_template: 'https://www.ekart.in/track?awb={tracking}',
      sort_order: 9,
      is_active: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<AdminCarrier>().name).toBe('Ekart');
    const off = await h.as('owner', 'PATCH', `/shipping-carriers/${ekart.id}`, { is_active: false });
    expect(off.json<AdminCarrier>().is_active).toBe(false);

    // Gone from the ship dialog and refused when shipping; still listed for the owner.
    expect(await shipDialogCarriers()).not.toContain('Ekart');
    const { order: next } = await h.codOrder();
    const refused = await h.as('staff', 'POST', `/orders/${next.id}/actions`, {
      action: 'ship',
      carrier_id: ekart.id,
      tracking_number: 'EK-20261126',
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('Please choose a carrier.');
    const all = (await h.as('owner', 'GET', '/shipping-carriers')).json<{ items: AdminCarrier[] }>().items;
    expect(all.find((c) => c.id === ekart.id)).toMatchObject({ name: 'Ekart', is_active: false });

    // The order shipped before keeps the carrier name and the link it was given.
    const seen = (
      await h.t.request({ method: 'GET', url: `${API}/orders/${order.id}`, headers: h.shopper.auth })
    ).json<Order>();
    expect(seen.shipment).toMatchObject({ carrier: 'Ekart Logistics', tracking_url: link });

    expect(await auditOf(ekart.id, 'carrier.create')).toHaveLength(1);
    const [update] = await auditOf(ekart.id, 'carrier.update');
    expect(update).toMatchObject({
      staffId: h.signedIn.owner.staff.id,
      before: { name: 'Ekart Logistics' },
      after: { name: 'Ekart' },
    });
    expect(await auditOf(ekart.id, 'carrier.disable')).toHaveLength(1);
    // Switching off again changes nothing and records nothing.
    await h.as('owner', 'PATCH', `/shipping-carriers/${ekart.id}`, { is_active: false });
    expect(await auditOf(ekart.id, 'carrier.disable')).toHaveLength(1);
    expect((await h.as('owner', 'PATCH', '/shipping-carriers/999999', { is_active: true })).statusCode).toBe(
      404,
    );
  });
});
