/**
 * Delivery in checkout: an address the shop does not deliver to is refused; the zone's delivery
 * charge is part of the server-priced order (free from the zone's threshold); cash on delivery is
 * refused where the zone does not offer it or above its limit, and otherwise adds the zone's fee
 * to the order, its payment and its invoice.
 */
import type { CheckoutResult, Order } from '@shop/contract/orders';
import { invoices, orders } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPayment, ensureGateways, verified } from '../payments/payments.test-kit.ts';
import { makeAddress, makeCustomer, makeProduct, setSetting } from './orders.test-kit.ts';

const API = '/backend/api/web';
/** The lines of a stored invoice document, as far as this test reads them. */
type InvoiceLines = {
  lines: Array<{
    description: string;
    hsn: string;
    ratePercent: number;
    amountPaise: number;
    cgstPaise: number;
    igstPaise: number;
  }>;
};
type Shopper = Awaited<ReturnType<typeof makeCustomer>> & { addressId: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_MAX_UNPAID: '100', ORDER_MAX_COD_PER_DAY: '100' } });
  await setSetting(t.ctx.db, 'minimum_order_amount', '0');
  await ensureGateways(t.ctx.db);
});
afterAll(() => t.close());

async function shopperAt(pinCode: string, city: string): Promise<Shopper> {
  const c = await makeCustomer(t.ctx.db);
  const address = await makeAddress(t.ctx.db, c.id, { pinCode, city });
  return { ...c, addressId: address.id };
}

async function checkout(who: Shopper, pricePaise: number, quantity = 1, gstRate = 5) {
  const product = await makeProduct(t.ctx.db, {
    sellingPricePaise: pricePaise,
    availableStock: 200,
    gstRate,
  });
  return t.request({
    method: 'POST',
    url: `${API}/orders/checkout`,
    headers: who.auth,
    payload: {
      items: [{ item_id: product.id, quantity }],
      coupon_code: '',
      customer: { address_id: who.addressId },
    },
  });
}

async function placed(who: Shopper, pricePaise: number, quantity = 1): Promise<Order> {
  const res = await checkout(who, pricePaise, quantity);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckoutResult>().order;
}

describe('checkout and delivery zones', () => {
  it('refuses an address the shop does not deliver to (422 naming the PIN code), and reserves nothing', async () => {
    for (const [pin, city] of [
      ['744101', 'Port Blair'],
      ['899999', 'Nowhere'],
    ] as const) {
      const who = await shopperAt(pin, city);
      const res = await checkout(who, 25_000);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([
        {
          field: 'customer.address_id',
          message: `Sorry, we do not deliver to PIN code ${pin} yet. Please choose another delivery address.`,
        },
      ]);
    }
  });

  it("prices the zone's delivery charge into the order (Chennai ₹60 below ₹999), with its ETA", async () => {
    const chennai = await shopperAt('600020', 'Chennai');
    const order = await placed(chennai, 25_000, 2);
    expect(order).toMatchObject({
      subtotal: 500,
      discount: 0,
      shipping: 60,
      cod_fee: 0,
      total_amount: 560,
      delivery_eta_days: 4,
    });
    // The directory's state stands in for an address that names none (place of supply).
    expect(order.shipping_address.state).toBe('Tamil Nadu');
  });

  it('delivers free from the zone threshold on, and free within Jaipur', async () => {
    const chennai = await shopperAt('600020', 'Chennai');
    expect(await placed(chennai, 99_900)).toMatchObject({ shipping: 0, total_amount: 999 });
    expect(await placed(chennai, 99_899)).toMatchObject({ shipping: 60, total_amount: 1_058.99 });
    const jaipur = await shopperAt('302001', 'Jaipur');
    expect(await placed(jaipur, 25_000)).toMatchObject({
      shipping: 0,
      total_amount: 250,
      delivery_eta_days: 1,
    });
  });
});

describe('cash on delivery and the delivery zone', () => {
  it('refuses cash on delivery where the zone does not offer it (422 on payment_gateway)', async () => {
    const prepaidOnly = await shopperAt('110006', 'Delhi');
    const order = await placed(prepaidOnly, 30_000);
    const res = await createPayment(t, prepaidOnly, order.id, 'cod');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      {
        field: 'payment_gateway',
        message:
          'Cash on delivery is not available for PIN code 110006. Please choose another payment option.',
      },
    ]);
    // An online gateway still takes the order.
    expect((await createPayment(t, prepaidOnly, order.id, 'razorpay')).statusCode).toBe(200);
  });

  it("refuses cash on delivery above the zone's limit (with delivery), allows it at the limit", async () => {
    const chennai = await shopperAt('600020', 'Chennai');
    const above = await placed(chennai, 500_001);
    const res = await createPayment(t, chennai, above.id, 'cod');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      {
        field: 'payment_gateway',
        message:
          'Cash on delivery is available for orders up to ₹5,000.00. Please choose another payment option.',
      },
    ]);
    const at = await placed(chennai, 500_000);
    expect((await createPayment(t, chennai, at.id, 'cod')).statusCode).toBe(200);
  });

  it("adds the zone's fee to the order, its payment and its invoice; an online gateway takes it off", async () => {
    const chennai = await shopperAt('600020', 'Chennai');
    const order = await placed(chennai, 25_000);
    expect(order.total_amount).toBe(310);
    // The total price breakdown before payment states the GST inside the total, as stored: IGST,
    // Chennai being outside Rajasthan (₹250 + ₹60 delivery at 5 %: 1,190 + 286 paise).
    expect(order.items.map((i) => i.gst_rate)).toEqual([5]);
    expect(order.gst).toEqual({
      place_of_supply: '33',
      state_name: 'Tamil Nadu',
      inter_state: true,
      taxable_value: 295.24,
      cgst: 0,
      sgst: 0,
      igst: 14.76,
    });

    const switched = await createPayment(t, chennai, order.id, 'cod');
    expect(switched.json<{ order: { total_amount: number } }>().order.total_amount).toBe(350);
    // The shopper changes their mind before confirming: the fee goes with the choice.
    const online = await createPayment(t, chennai, order.id, 'razorpay');
    expect(online.json<{ order: { total_amount: number } }>().order.total_amount).toBe(310);

    const cod = await createPayment(t, chennai, order.id, 'cod');
    expect(cod.statusCode).toBe(200);
    expect(cod.json<{ order: { total_amount: number } }>().order.total_amount).toBe(350);
    await verified(t, chennai, order.id, {});
    const details = await t.request({
      method: 'GET',
      url: `${API}/orders/${order.id}`,
      headers: chennai.auth,
    });
    expect(details.json<Order>()).toMatchObject({
      status: 'confirmed',
      subtotal: 250,
      shipping: 60,
      cod_fee: 40,
      total_amount: 350,
      // The fee's tax (₹40 at 5 %: 190 paise) joins the stored split.
      gst: { taxable_value: 333.34, igst: 16.66, cgst: 0, sgst: 0 },
    });

    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const document = invoice?.document as InvoiceLines;
    expect(invoice?.totalPaise).toBe(35_000);
    expect(document.lines.map((l) => [l.description, l.hsn, l.ratePercent, l.amountPaise])).toEqual([
      [expect.any(String), expect.any(String), 5, 25_000],
      ['Delivery charges', '9965', 5, 6_000],
      ['Cash on delivery fee', '9968', 5, 4_000],
    ]);
    // Chennai is outside Rajasthan: IGST on every line, the charges included.
    expect(document.lines.every((l) => l.cgstPaise === 0 && l.igstPaise > 0)).toBe(true);
    // Order details show the invoice's own tax.
    expect(document.lines.reduce((a, l) => a + l.igstPaise, 0)).toBe(1_666);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.codFeePaise).toBe(4_000);
  });
});
