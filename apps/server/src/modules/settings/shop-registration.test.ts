import { GST_RATES, gstMessages } from '@shop/contract/gst';
import { products } from '@shop/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setSetting } from '../orders/orders.test-kit.ts';
import { shopRegistration } from './shop-registration.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('shop registration settings', () => {
  it('the demo shop is registered in Rajasthan with a GSTIN whose check character is right', async () => {
    expect(await shopRegistration(t.ctx.db)).toEqual({
      ok: true,
      registration: {
        legalName: 'Kesar Foods and Locks Private Limited',
        address: '42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003',
        gstin: '08AAKCK4242M1Z5',
        stateCode: '08',
        stateName: 'Rajasthan',
        fssaiNumber: '10826999000123',
      },
    });
  });

  it('names every setting that is wrong', async () => {
    await setSetting(t.ctx.db, 'seller_gstin', '08AAKCK4242M1Z6');
    await setSetting(t.ctx.db, 'fssai_licence_number', 'pending');
    const result = await shopRegistration(t.ctx.db);
    expect(result).toEqual({
      ok: false,
      stateCode: '08',
      problems: [`seller_gstin: ${gstMessages.gstinCheck}`, `fssai_licence_number: ${gstMessages.fssai}`],
    });
    await setSetting(t.ctx.db, 'seller_gstin', '08AAKCK4242M1Z5');
    await setSetting(t.ctx.db, 'fssai_licence_number', '10826999000123');
  });

  it('every demo product has an HSN code and one of the GST rates', async () => {
    const rows = await t.ctx.db.select({ hsn: products.hsnCode, rate: products.gstRate }).from(products);
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) {
      expect(row.hsn).toMatch(/^\d{4}$/);
      expect(GST_RATES).toContain(row.rate);
    }
    expect(new Set(rows.map((r) => r.rate))).toEqual(new Set([5, 18]));
  });
});
