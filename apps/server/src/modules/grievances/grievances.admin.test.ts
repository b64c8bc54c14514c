/**
 * Grievance tickets in the back office (Consumer Protection (E-Commerce) Rules 2020: staff see
 * and close tickets): the list by status, one ticket with the complaint, in progress, resolved
 * with what was done — mailed to the complainant and audited in the same transaction.
 */
import type { Collection } from '@shop/contract/collection';
import type { AdminGrievance, GrievanceCreated } from '@shop/contract/grievances';
import { auditLog, mailOutbox } from '@shop/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../engagement/captcha.test-kit.ts';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';

let t: StaffHarness<'manager' | 'staff'>;
beforeAll(async () => {
  t = await staffHarness(['manager', 'staff']);
});
afterAll(() => t.close());

const email = `ravi.${Date.now()}@example.in`;

describe('grievances in the back office', () => {
  it('lists open tickets, moves one on and resolves it with a mail to the complainant', async () => {
    const filed = await t.request({
      method: 'POST',
      url: '/backend/api/web/grievances',
      remoteAddress: '10.77.0.1',
      payload: {
        name: 'Ravi Shankar',
        email_address: email,
        contact_number: '+91 94140 12345',
        category: 'delivery',
        order_number: '',
        description: 'My parcel was marked delivered but never reached me at all.',
        captcha_value: await solvedCaptcha(t.ctx.config.captchaHmacKey),
      },
    });
    expect(filed.statusCode).toBe(200);
    const ticket = filed.json<GrievanceCreated>().ticket_number;

    expect((await t.as('staff', 'GET', '/grievances')).statusCode).toBe(403);
    const open = (await t.as('manager', 'GET', `/grievances?status=open&q=${email}`)).json<
      Collection<AdminGrievance>
    >();
    expect(open.items.map((g) => g.ticket_number)).toEqual([ticket]);
    expect(open.items[0]).toMatchObject({ name: 'Ravi Shankar', email_address: email, status: 'open' });

    expect(
      (await t.as('manager', 'POST', `/grievances/${ticket}/status`, { status: 'in_progress' })).statusCode,
    ).toBe(200);
    const short = await t.as('manager', 'POST', `/grievances/${ticket}/status`, {
      status: 'resolved',
      resolution: 'ok',
    });
    expect(short.statusCode).toBe(422);
    const resolved = await t.as('manager', 'POST', `/grievances/${ticket}/status`, {
      status: 'resolved',
      resolution: 'The courier found the parcel and delivered it on 26 November.',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json<AdminGrievance>()).toMatchObject({ status: 'resolved', status_label: 'Resolved' });
    const again = await t.as('manager', 'POST', `/grievances/${ticket}/status`, { status: 'in_progress' });
    expect(again.statusCode).toBe(409);

    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mails.map((m) => m.subject)).toContain(`Your grievance ${ticket} is resolved`);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'grievance'), eq(auditLog.entityId, ticket)));
    expect(audit.map((a) => a.action)).toEqual(['grievance.in_progress', 'grievance.resolved']);
    expect((await t.as('manager', 'GET', '/grievances/GRV-2026-999999')).statusCode).toBe(404);
  });

  it('answers 404, not a failed query, for a ticket path that is no ticket number (a NUL, text)', async () => {
    for (const path of ['%00', 'GRV-2026-%00', 'not-a-ticket']) {
      const read = await t.as('manager', 'GET', `/grievances/${path}`);
      expect(read.statusCode, path).toBe(404);
      const moved = await t.as('manager', 'POST', `/grievances/${path}/status`, { status: 'in_progress' });
      expect(moved.statusCode, path).toBe(404);
    }
  });
});
