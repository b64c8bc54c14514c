/**
 * Packing slips: one A4 page per order with the shop, order number, delivery address and lines
 * with quantities; permission 'orders'; at most 100 orders at once.
 */
import { PACKING_SLIPS_MAX } from '@shop/contract/admin/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { placeOrder } from '../payments/payments.test-kit.ts';
import { type StaffPaymentsHarness, staffPaymentsHarness } from '../staff/staff-payments.test-kit.ts';

let h: StaffPaymentsHarness<'staff'>;
beforeAll(async () => {
  h = await staffPaymentsHarness(['staff']);
});
afterAll(() => h.close());

const slips = (query: string, who: 'staff' | null = 'staff') =>
  h.as(who, 'GET', `/orders/packing-slips.pdf?${query}`);

describe('packing slips', () => {
  it('prints one page per order, in the order asked, with number, address, lines and quantities', async () => {
    const first = await placeOrder(h.t, h.shopper, { quantity: 3 });
    const second = await placeOrder(h.t, h.shopper, { quantity: 1 });
    const res = await slips(`ids=${second.order.id},${first.order.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(2);
    const [page1 = '', page2 = ''] = pages;
    expect(page1).toContain(`Order ${second.order.order_id}`);
    expect(page2).toContain(`Order ${first.order.order_id}`);
    for (const [page, order] of [
      [page1, second.order],
      [page2, first.order],
    ] as const) {
      expect(page).toContain('PACKING SLIP');
      expect(page).toContain('Asha Verma');
      expect(page).toContain('12, MG Road');
      expect(page).toContain('302001');
      for (const item of order.items) expect(page).toContain(item.name);
      // A slip travels inside the parcel: no prices on it.
      expect(page).not.toContain('₹');
    }
    expect(page2).toMatch(/Quantity .* 3\b/);
  });

  it('refuses more than 100 orders, ids that are not numbers, unknown orders and no session', async () => {
    const tooMany = Array.from({ length: PACKING_SLIPS_MAX + 1 }, (_, i) => i + 1).join(',');
    const many = await slips(`ids=${tooMany}`);
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain('At most 100 packing slips at once.');
    expect((await slips('ids=1,abc')).statusCode).toBe(400);
    // Past the database's id range: no order, said as a 400 instead of a failed query.
    for (const ids of ['2147483648', '1,9999999999'])
      expect((await slips(`ids=${ids}`)).statusCode, ids).toBe(400);
    expect((await slips('')).statusCode).toBe(400);
    const unknown = await slips('ids=987654321');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order 987654321 not found.');
    expect((await slips('ids=1', null)).statusCode).toBe(401);
  });
});
