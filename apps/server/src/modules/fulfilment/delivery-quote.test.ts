import type { DeliveryQuote } from '@shop/contract/delivery';
import { deliveryZones } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const DELIVERY = '/backend/api/web/delivery';

describe('GET delivery/{pincode}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const quote = async (pincode: string) => {
    const res = await t.request({ method: 'GET', url: `${DELIVERY}/${pincode}` });
    return { status: res.statusCode, body: res.json<DeliveryQuote>(), cache: res.headers['x-cache'] };
  };

  it('answers city, state and the zone terms of a known pincode (the demo zones)', async () => {
    expect((await quote('302017')).body).toEqual({
      pincode: '302017',
      serviceable: true,
      city: 'Jaipur',
      state: 'Rajasthan',
      charge: 0,
      free_above: null,
      eta_days: 1,
      cod_available: true,
      cod_max: 10_000,
      cod_fee: 0,
    });
    expect((await quote('600020')).body).toEqual({
      pincode: '600020',
      serviceable: true,
      city: 'Chennai',
      state: 'Tamil Nadu',
      charge: 60,
      free_above: 999,
      eta_days: 4,
      cod_available: true,
      cod_max: 5_000,
      cod_fee: 40,
    });
    // The state zone: Rajasthan outside Jaipur.
    expect((await quote('305001')).body).toMatchObject({ city: 'Ajmer', charge: 40, eta_days: 3 });
  });

  it('a listed pincode beats its prefix: prepaid only, no cash on delivery', async () => {
    expect((await quote('110006')).body).toMatchObject({
      serviceable: true,
      city: 'Delhi',
      cod_available: false,
      cod_max: null,
      cod_fee: 0,
    });
  });

  it('an unserviceable zone and an unknown pincode answer serviceable false (200)', async () => {
    const islands = await quote('744101');
    expect(islands.status).toBe(200);
    expect(islands.body).toEqual({
      pincode: '744101',
      serviceable: false,
      city: 'South Andamans',
      state: 'Andaman and Nicobar Islands',
      charge: 0,
      free_above: null,
      eta_days: null,
      cod_available: false,
      cod_max: null,
      cod_fee: 0,
    });
    // Outside every postal circle (unallotted; the Army Postal Service's 9xxxxx): nowhere to go.
    expect((await quote('899999')).body).toMatchObject({ serviceable: false, city: null, state: null });
    expect((await quote('999001')).body).toMatchObject({ serviceable: false, city: null, state: null });
  });

  it('a pincode the directory does not hold is served by the zone of its postal circle, the city left to the shopper', async () => {
    // Pune and Bikaner are not among the demo's 557 pincodes; the Shipping Policy serves them.
    expect((await quote('411001')).body).toEqual({
      pincode: '411001',
      serviceable: true,
      city: null,
      state: 'Maharashtra',
      charge: 90,
      free_above: 1_499,
      eta_days: 6,
      cod_available: true,
      cod_max: 3_000,
      cod_fee: 50,
    });
    expect((await quote('334001')).body).toMatchObject({
      serviceable: true,
      city: null,
      state: 'Rajasthan',
      charge: 40,
      eta_days: 3,
    });
    // Its circle's state still decides the areas the shop does not serve (Ladakh here).
    expect((await quote('194404')).body).toMatchObject({ serviceable: false, city: null, state: 'Ladakh' });
  });

  it('DESIGN §3: the quote amounts are rupees, as in every answer, and the OpenAPI document says so', async () => {
    const res = await t.request({ method: 'GET', url: '/backend/api/web/openapi.json' });
    type Schema = { properties: Record<string, { description?: string }> };
    const operation = res.json<{
      paths: Record<
        string,
        {
          get: {
            description?: string;
            responses: Record<string, { content: Record<string, { schema: Schema }> }>;
          };
        }
      >;
    }>().paths[`${DELIVERY}/{pincode}`]?.get;
    expect(operation?.description).toContain('rupees');
    const fields = operation?.responses['200']?.content['application/json']?.schema.properties ?? {};
    for (const amount of ['charge', 'free_above', 'cod_max', 'cod_fee'])
      expect(fields[amount]?.description, amount).toMatch(/in rupees/);
  });

  it('a malformed pincode is a 400 in the named error shape with a clear message', async () => {
    for (const bad of ['12345', '012345', '3020011', 'abcdef', '30 2001']) {
      const res = await t.request({ method: 'GET', url: `${DELIVERY}/${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({
        name: 'Bad Request',
        message: 'Please enter a valid 6-digit PIN code.',
        code: 0,
        status: 400,
      });
    }
  });

  it('is a cached public read; a change of the zones is seen at once', async () => {
    const first = await quote('560001');
    expect(first.cache).toBe('MISS');
    await quote('560001'); // kept from its second request
    const second = await quote('560001');
    expect(second.cache).toBe('HIT');
    expect(second.body).toEqual(first.body);
    await t.ctx.db.update(deliveryZones).set({ etaDays: 2 }).where(eq(deliveryZones.name, 'Metro cities'));
    await expect.poll(async () => (await quote('560001')).body.eta_days).toBe(2);
  });
});
