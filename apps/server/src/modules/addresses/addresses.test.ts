import { type Address, MAX_SAVED_ADDRESSES } from '@shop/contract/addresses';
import { addresses } from '@shop/db/schema/index';
import { gstinCheckCharacter } from '@shop/contract/gst';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeCustomer, validAddress } from '../orders/orders.test-kit.ts';

const URL = '/backend/api/web/customers/address';

describe('saved addresses API', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof makeCustomer>>;
  let b: Awaited<ReturnType<typeof makeCustomer>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await makeCustomer(t.ctx.db);
    b = await makeCustomer(t.ctx.db);
  });
  afterAll(() => t.close());

  const add = (who: { auth: Record<string, string> }, payload: object) =>
    t.request({ method: 'POST', url: URL, headers: who.auth, payload });

  it('requires a logged-in customer (401 Unauthorized), even with a bad body', async () => {
    const res = await t.request({ method: 'POST', url: URL, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ name: 'Unauthorized', status: 401 });
    const list = await t.request({ method: 'GET', url: URL, headers: { authorization: 'Bearer nope' } });
    expect(list.statusCode).toBe(401);
  });

  it('adds an address with the product message, normalises the mobile and makes the first one default', async () => {
    const res = await add(a, validAddress);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ address: Address; message: string }>();
    expect(body.message).toBe('Address added successfully.');
    expect(body.address).toMatchObject({
      contact_person: 'Asha Verma',
      mobile_number: '9876543210',
      pin_code: '302001',
      address_type: 'home',
      is_default: true,
    });
    const second = await add(a, {
      ...validAddress,
      address_name: 'Office',
      address_type: 'work',
      mobile_number: '07012345678',
    });
    expect(second.json<{ address: Address }>().address).toMatchObject({
      is_default: false,
      mobile_number: '7012345678',
    });
  });

  it('keeps the optional state the form fills in from the pincode; without one it is null', async () => {
    const c = await makeCustomer(t.ctx.db);
    const withState = await add(c, { ...validAddress, state: '  Rajasthan ' });
    expect(withState.json<{ address: Address }>().address.state).toBe('Rajasthan');
    const without = await add(c, { ...validAddress, address_name: 'Shop' });
    expect(without.json<{ address: Address }>().address.state).toBeNull();
    const tooLong = await add(c, { ...validAddress, state: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual([{ field: 'state', message: 'This must be at most 60 characters long.' }]);
  });

  it("refuses a typed state that is not the PIN code's (GST's place of supply would follow it, delivery the PIN)", async () => {
    const c = await makeCustomer(t.ctx.db);
    // 110001 is New Delhi: typed as Rajasthan, the order would be taxed as a sale within Rajasthan.
    const wrong = await add(c, {
      ...validAddress,
      pin_code: '110001',
      city: 'New Delhi',
      state: 'Rajasthan',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual([
      { field: 'state', message: 'PIN code 110001 is in Delhi. Please correct the state or the PIN code.' },
    ]);
    const right = await add(c, { ...validAddress, pin_code: '110001', city: 'New Delhi', state: 'delhi' });
    expect(right.statusCode).toBe(200);
    // An update is checked the same way; a state the GST list does not name is kept as typed.
    const id = right.json<{ address: Address }>().address.id;
    const update = (state: string) =>
      t.request({
        method: 'PUT',
        url: `${URL}/${id}`,
        headers: c.auth,
        payload: { ...validAddress, pin_code: '110001', city: 'New Delhi', state },
      });
    expect((await update('Maharashtra')).statusCode).toBe(422);
    expect((await update('NCT')).statusCode).toBe(200);
  });

  it("keeps a business buyer's GSTIN, checked and upper-cased, registered in the address's state", async () => {
    const c = await makeCustomer(t.ctx.db);
    const gstinOf = (state: string) => `${state}AAACK1234A1Z${gstinCheckCharacter(`${state}AAACK1234A1Z`)}`;
    const rajasthan = gstinOf('08');
    // validAddress is in Jaipur (302001, Rajasthan); the GSTIN may be typed in lower case.
    const saved = await add(c, { ...validAddress, gstin: ` ${rajasthan.toLowerCase()} ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ address: Address }>().address.gstin).toBe(rajasthan);
    const consumer = await add(c, { ...validAddress, address_name: 'Flat', gstin: '' });
    expect(consumer.json<{ address: Address }>().address.gstin).toBeNull();
    const cases: [string, string][] = [
      [
        '08AAACK1234A1Z',
        'A GSTIN has 15 characters: the state code, the PAN, the entity number, Z and a check character.',
      ],
      [
        `${rajasthan.slice(0, 14)}${rajasthan.endsWith('A') ? 'B' : 'A'}`,
        'This GSTIN is mistyped: its last character does not match the others.',
      ],
      [
        gstinOf('27'),
        'This GSTIN is registered in Maharashtra, but the address is in Rajasthan. Please enter the GSTIN registered in Rajasthan.',
      ],
    ];
    for (const [gstin, message] of cases) {
      const res = await add(c, { ...validAddress, gstin });
      expect(res.statusCode, gstin).toBe(422);
      expect(res.json(), gstin).toEqual([{ field: 'gstin', message }]);
    }
    // A PIN code of no known state (Army Postal Service) needs the state typed, or the GSTIN
    // cannot be checked against it; an update is checked like an add.
    const unknown = await add(c, { ...validAddress, pin_code: '900001', gstin: rajasthan });
    expect(unknown.json()).toEqual([
      {
        field: 'state',
        message: 'Please enter the state of this address: a tax invoice that names a GSTIN needs it.',
      },
    ]);
    expect(
      (await add(c, { ...validAddress, pin_code: '900001', state: 'Rajasthan', gstin: rajasthan }))
        .statusCode,
    ).toBe(200);
    const id = saved.json<{ address: Address }>().address.id;
    const update = await t.request({
      method: 'PUT',
      url: `${URL}/${id}`,
      headers: c.auth,
      payload: { ...validAddress, gstin: gstinOf('27') },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json<{ field: string }[]>()[0]?.field).toBe('gstin');
    const wrongType = await add(c, { ...validAddress, gstin: 27 });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json<{ field: string }[]>()[0]?.field).toBe('gstin');
  });

  it('lists only the own addresses in the Yii2 envelope, default first', async () => {
    await add(b, { ...validAddress, address_name: 'B home' });
    const res = await t.request({ method: 'GET', url: URL, headers: a.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Address[]; _meta: { totalCount: number } }>();
    expect(body._meta.totalCount).toBe(2);
    expect(body.items.map((x) => x.address_name)).toEqual(['Home', 'Office']);
    expect(res.headers['x-pagination-total-count']).toBe('2');
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses, and lists them all to a client that sends no query (§7)`, async () => {
    const c = await makeCustomer(t.ctx.db);
    expect((await add(c, { ...validAddress, address_name: 'Address 1' })).statusCode).toBe(200);
    // The rest straight into the table: the cap, not the form, is under test.
    await t.ctx.db.insert(addresses).values(
      Array.from({ length: MAX_SAVED_ADDRESSES - 2 }, (_, i) => ({
        customerId: c.id,
        contactPerson: 'Asha Verma',
        mobileNumber: '9876543210',
        fullAddress: '12 MI Road',
        city: 'Jaipur',
        pinCode: '302001',
        landmark: 'Near the fort',
        addressName: `Address ${i + 2}`,
        addressType: 'home',
        isDefault: false,
      })),
    );
    const last = await add(c, { ...validAddress, address_name: `Address ${MAX_SAVED_ADDRESSES}` });
    expect(last.statusCode).toBe(200);
    const over = await add(c, { ...validAddress, address_name: 'One too many' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual([
      { field: 'address', message: 'You can save up to 50 addresses. Please remove one you no longer use.' },
    ]);
    const list = await t.request({ method: 'GET', url: URL, headers: c.auth });
    const body = list.json<{ items: Address[]; _meta: { totalCount: number } }>();
    expect(body._meta.totalCount).toBe(MAX_SAVED_ADDRESSES);
    expect(body.items).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(body.items[0]?.address_name).toBe('Address 1');
    // A client that pages still gets its pages.
    const paged = await t.request({ method: 'GET', url: `${URL}?per-page=20&page=3`, headers: c.auth });
    expect(paged.json<{ items: Address[] }>().items).toHaveLength(10);
  });

  it('requires all eight fields with "This is a required field."', async () => {
    const res = await add(a, {});
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ field: string; message: string }[]>();
    expect(errors.map((e) => e.field).sort()).toEqual(
      [
        'address_name',
        'address_type',
        'city',
        'contact_person',
        'full_address',
        'landmark',
        'mobile_number',
        'pin_code',
      ].sort(),
    );
    expect(new Set(errors.map((e) => e.message))).toEqual(new Set(['This is a required field.']));
    const blank = await add(a, { ...validAddress, city: '   ' });
    expect(blank.json()).toEqual([{ field: 'city', message: 'This is a required field.' }]);
  });

  it('rejects a bad mobile, PIN code and address type with clear messages', async () => {
    for (const [field, value, message] of [
      ['mobile_number', '12345', 'Please enter a valid 10-digit mobile number.'],
      ['mobile_number', '5876543210', 'Please enter a valid 10-digit mobile number.'],
      ['pin_code', '012345', 'Please enter a valid 6-digit PIN code.'],
      ['pin_code', '30200', 'Please enter a valid 6-digit PIN code.'],
      ['address_type', 'villa', 'Address type must be home or work.'],
    ] as const) {
      const res = await add(a, { ...validAddress, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(422);
      expect(res.json()).toEqual([{ field, message }]);
    }
    const notJson = await t.request({
      method: 'POST',
      url: URL,
      headers: { ...a.auth, 'content-type': 'application/json' },
      payload: '[1,2',
    });
    expect(notJson.statusCode).toBe(400);
    const wrongTypes = await add(a, { ...validAddress, city: 42, pin_code: null });
    expect(wrongTypes.statusCode).toBe(422);
  });

  it('accepts the mobile number and PIN code sent as JSON numbers (product rules §3 Address fields)', async () => {
    const c = await makeCustomer(t.ctx.db);
    const res = await add(c, { ...validAddress, mobile_number: 9876543210, pin_code: 302001 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ address: Address }>().address).toMatchObject({
      mobile_number: '9876543210',
      pin_code: '302001',
    });
  });

  it('updates with "Address updated successfully." and removes with "Address removed successfully."', async () => {
    const created = (await add(a, { ...validAddress, address_name: 'Temp' })).json<{ address: Address }>()
      .address;
    const put = await t.request({
      method: 'PUT',
      url: `${URL}/${created.id}`,
      headers: a.auth,
      payload: { ...validAddress, address_name: 'Temp 2', city: 'Udaipur' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      message: 'Address updated successfully.',
      address: { id: created.id, city: 'Udaipur', address_name: 'Temp 2' },
    });
    const del = await t.request({ method: 'DELETE', url: `${URL}/${created.id}`, headers: a.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Address removed successfully.' });
    const again = await t.request({ method: 'DELETE', url: `${URL}/${created.id}`, headers: a.auth });
    expect(again.statusCode).toBe(404);
  });

  it("never shows, updates or deletes another customer's address (404 Not Found)", async () => {
    const mine = (await add(a, { ...validAddress, address_name: 'Secret' })).json<{ address: Address }>()
      .address;
    const put = await t.request({
      method: 'PUT',
      url: `${URL}/${mine.id}`,
      headers: b.auth,
      payload: validAddress,
    });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ name: 'Not Found', status: 404 });
    const del = await t.request({ method: 'DELETE', url: `${URL}/${mine.id}`, headers: b.auth });
    expect(del.statusCode).toBe(404);
    const listB = (await t.request({ method: 'GET', url: URL, headers: b.auth })).json<{
      items: Address[];
    }>();
    expect(listB.items.map((x) => x.address_name)).not.toContain('Secret');
    const still = (await t.request({ method: 'GET', url: URL, headers: a.auth })).json<{
      items: Address[];
    }>();
    expect(still.items.find((x) => x.id === mine.id)?.address_name).toBe('Secret');
  });

  it('answers an id that is no id (non-numeric, negative, out of range) with 404, not 500', async () => {
    for (const id of ['abc', '-1', '1e3', '2147483648']) {
      const res = await t.request({ method: 'DELETE', url: `${URL}/${id}`, headers: a.auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ name: 'Not Found', message: 'Page not found.', code: 0, status: 404 });
    }
  });

  it('hands the default to the oldest remaining address when the default is removed', async () => {
    const c = await makeCustomer(t.ctx.db);
    const first = (await add(c, validAddress)).json<{ address: Address }>().address;
    const second = (await add(c, { ...validAddress, address_name: 'Second' })).json<{ address: Address }>()
      .address;
    await t.request({ method: 'DELETE', url: `${URL}/${first.id}`, headers: c.auth });
    const list = (await t.request({ method: 'GET', url: URL, headers: c.auth })).json<{ items: Address[] }>();
    expect(list.items).toEqual([expect.objectContaining({ id: second.id, is_default: true })]);
  });
});
