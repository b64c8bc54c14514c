/**
 * The back office's customers: search, details with orders and addresses, block/unblock (a
 * blocked customer is logged out everywhere, cannot log in or check out; audited) and a
 * verification code sent again by staff.
 */
import type { AdminCustomerDetail, AdminCustomerRow } from '@shop/contract/admin/customers';
import { customerAdminMessages } from '@shop/contract/admin/customers';
import type { Collection } from '@shop/contract/collection';
import { auditLog, customers } from '@shop/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeProduct, setSetting } from '../orders/orders.test-kit.ts';
import { type AdminCall, adminCallOf, signInRoles } from '../staff/staff.test-kit.ts';
import {
  ageCodes,
  BASE,
  customerIdOf,
  details,
  mailsTo,
  PASSWORD,
  post,
  signUp,
  t,
  uniqueEmail,
  useCustomersTestApp,
  VERIFY_SUBJECT,
  verifiedCustomer,
} from './customers.test-kit.ts';

useCustomersTestApp();

let as: AdminCall<'manager' | 'staff'>;
beforeAll(async () => {
  as = adminCallOf(t, await signInRoles(t.app, ['manager', 'staff']));
  await setSetting(t.ctx.db, 'minimum_order_amount', '0');
});

async function checkoutAs(token: string, addressId: number) {
  const product = await makeProduct(t.ctx.db, { sellingPricePaise: 10_000, availableStock: 10 });
  return t.request({
    method: 'POST',
    url: `${BASE}/orders/checkout`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      items: [{ item_id: product.id, quantity: 1 }],
      customer_remarks: '',
      coupon_code: '',
      customer: { address_id: addressId },
    },
  });
}

describe('back-office customers', () => {
  it('finds customers by part of the e-mail, the name or the mobile number on an address', async () => {
    const { email } = await verifiedCustomer('find-me');
    const id = await customerIdOf(email);
    await makeAddress(t.ctx.db, id, {
      contactPerson: 'Meera Iyer',
      mobileNumber: '9123456780',
      isDefault: true,
    });
    const list = async (query: string) => {
      const res = await as('manager', 'GET', `/customers?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<Collection<AdminCustomerRow>>();
    };
    const byEmail = await list(`q=${encodeURIComponent(email.slice(0, 14))}`);
    expect(byEmail.items.map((c) => c.id)).toContain(id);
    const row = byEmail.items.find((c) => c.id === id);
    expect(row).toMatchObject({
      name: 'Meera Iyer',
      mobile_number: '9123456780',
      email_verified: true,
      blocked: false,
    });
    expect((await list('q=meera%20iyer')).items.map((c) => c.id)).toContain(id);
    expect((await list('q=%2B91%2091234%2056780')).items.map((c) => c.id)).toContain(id);
    expect((await list('q=nobody-like-this')).items).toEqual([]);
    expect((await list('per-page=1')).items).toHaveLength(1);
    expect((await as('manager', 'GET', '/customers?state=sleeping')).statusCode).toBe(400);
  });

  it("shows a customer's addresses and orders; staff without 'customers' are refused", async () => {
    const { email, token } = await verifiedCustomer('details');
    const id = await customerIdOf(email);
    const address = await makeAddress(t.ctx.db, id, { contactPerson: 'Ravi Kumar', pinCode: '302001' });
    const placed = await checkoutAs(token, address.id);
    expect(placed.statusCode).toBe(200);
    const res = await as('manager', 'GET', `/customers/${id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminCustomerDetail>();
    expect(detail.addresses.map((a) => a.contact_person)).toEqual(['Ravi Kumar']);
    expect(detail.orders).toHaveLength(1);
    expect(detail.orders[0]?.customer_email).toBe(email);
    expect(detail.order_count).toBe(1);
    const orders = await as('manager', 'GET', `/orders?customer=${id}`);
    expect(orders.json<Collection<{ customer_id: number }>>().items.every((o) => o.customer_id === id)).toBe(
      true,
    );
    expect((await as('staff', 'GET', `/customers/${id}`)).statusCode).toBe(403);
    expect((await as('manager', 'GET', '/customers/99999999')).statusCode).toBe(404);
  });

  it('blocking revokes live tokens, refuses login with a clear message and refuses checkout; unblocking lets them back', async () => {
    const { email, token } = await verifiedCustomer('blocked');
    const id = await customerIdOf(email);
    const address = await makeAddress(t.ctx.db, id);
    expect((await details(token)).statusCode).toBe(200);

    const blocked = await as('manager', 'POST', `/customers/${id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<AdminCustomerRow>().blocked).toBe(true);
    // Logged out everywhere: the old token no longer works, for account pages or checkout.
    expect((await details(token)).statusCode).toBe(401);
    expect((await checkoutAs(token, address.id)).statusCode).toBe(401);

    const login = await post('customers/login', {
      username: email,
      password: PASSWORD,
      login_method: 'email',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json<{ message: string }>().message).toBe(customerAdminMessages.blocked);
    // A wrong password says nothing about the block.
    const wrong = await post('customers/login', {
      username: email,
      password: 'Wrong#pass1',
      login_method: 'email',
    });
    expect(wrong.statusCode).toBe(422);

    // Blocking again answers as before and logs nothing: the log keeps changes only.
    const twice = await as('manager', 'POST', `/customers/${id}/block`);
    expect(twice.json<AdminCustomerRow>().blocked).toBe(true);
    const blocks = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.block'), eq(auditLog.entityId, String(id))));
    expect(blocks.map((b) => b.after)).toEqual([{ blocked: true }]);

    expect((await as('manager', 'POST', `/customers/${id}/unblock`)).json<AdminCustomerRow>().blocked).toBe(
      false,
    );
    const again = await post('customers/login', {
      username: email,
      password: PASSWORD,
      login_method: 'email',
    });
    expect(again.statusCode).toBe(200);
    expect((await checkoutAs(again.json<{ token: string }>().token, address.id)).statusCode).toBe(200);
  });

  it('a token issued before the block cannot check out (checked inside the checkout)', async () => {
    const { email, token } = await verifiedCustomer('raced');
    const id = await customerIdOf(email);
    const address = await makeAddress(t.ctx.db, id);
    // As if the block landed between the token check and the order: set it without revoking.
    await t.ctx.db.update(customers).set({ blockedAt: new Date() }).where(eq(customers.id, id));
    const res = await checkoutAs(token, address.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(customerAdminMessages.blocked);
  });

  it('resends the verification code of an unverified customer, with the cool-down; not for a verified one', async () => {
    const email = uniqueEmail('unverified');
    expect((await signUp(email)).statusCode).toBe(200);
    const id = await customerIdOf(email);
    const before = (await mailsTo(email)).filter((m) => m.subject === VERIFY_SUBJECT).length;
    expect((await as('manager', 'POST', `/customers/${id}/resend-verification`)).statusCode).toBe(429);
    await ageCodes(email, 61);
    const sent = await as('manager', 'POST', `/customers/${id}/resend-verification`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json<{ message: string }>().message).toBe(customerAdminMessages.verificationSent);
    expect((await mailsTo(email)).filter((m) => m.subject === VERIFY_SUBJECT)).toHaveLength(before + 1);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.resend_verification'), eq(auditLog.entityId, String(id))));
    expect(audit).toBeDefined();

    const verified = await customerIdOf((await verifiedCustomer('verified')).email);
    const refused = await as('manager', 'POST', `/customers/${verified}/resend-verification`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(customerAdminMessages.alreadyVerified);
  });
});
