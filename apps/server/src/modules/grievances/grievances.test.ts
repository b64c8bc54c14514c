import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import {
  type GrievanceCreated,
  grievanceMessages,
  SELLER_SETTING_KEYS,
  type SellerInformation,
} from '@shop/contract/grievances';
import { messages } from '@shop/contract/messages';
import { grievances, grievanceTicketCounters, mailOutbox, settings } from '@shop/db/schema/index';
import { simpleParser } from 'mailparser';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { solvedCaptcha } from '../engagement/captcha.test-kit.ts';
import { makeCustomer } from '../orders/orders.test-kit.ts';
import { indiaYear, resolveBy, ticketNumberOf, updateGrievance } from './grievances.service.ts';

const API = '/backend/api/web';
const OFFICER = 'grievance@kesarfoods.in';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A local SMTP server: the test sees a mail when the shop has delivered it, not when it queued it. */
async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves with the first delivered mail to `to` whose subject contains `subject`. */
    async next(to: string, subject: string): Promise<ReceivedMail> {
      for (;;) {
        const found = received.find((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subject));
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let ipCounter = 0;
/** Each test posts from its own address so the per-IP limits only bite where they are tested. */
const nextIp = () => `10.16.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const complaint = {
  name: 'Ravi Shankar',
  email_address: 'Ravi.Shankar@example.in',
  contact_number: '+91 94140 12345',
  category: 'product_quality',
  order_number: 'KFL-2026-000042',
  description: 'The box of kaju katli arrived with a broken seal and the sweets were stale.',
};

describe('grievances API', () => {
  let t: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ env: { SMTP_URL: mailbox.url } });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  const captcha = () => solvedCaptcha(t.ctx.config.captchaHmacKey);
  async function drainOutbox() {
    for (;;) {
      await t.ctx.mail.flush();
      const pending = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
      if (pending.length === 0) return;
    }
  }
  const file = async (body: object, options: { ip?: string; token?: string } = {}) =>
    t.request({
      method: 'POST',
      url: `${API}/grievances`,
      payload: body,
      remoteAddress: options.ip ?? nextIp(),
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    });
  const lookup = (ticket: string, email?: string, ip = nextIp()) =>
    t.request({
      method: 'GET',
      url: `${API}/grievances/${encodeURIComponent(ticket)}${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`,
      remoteAddress: ip,
    });

  describe('GET seller_information', () => {
    it('shows the seller and the grievance officer from the settings', async () => {
      const res = await t.request({ method: 'GET', url: `${API}/seller_information` });
      expect(res.statusCode).toBe(200);
      expect(res.json<SellerInformation>()).toEqual({
        legal_name: 'Kesar Foods and Locks Private Limited',
        address: '42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003',
        branch_addresses: [
          'Factory: F-118, RIICO Industrial Area, Sitapura, Jaipur, Rajasthan 302022',
          'Lock works: Plot 17, Industrial Estate, Talanagari, Ramghat Road, Aligarh, Uttar Pradesh 202001',
        ],
        gstin: '08AAKCK4242M1Z5',
        state: 'Rajasthan',
        fssai_licence_number: '10826999000123',
        website: t.ctx.config.publicUrl,
        customer_care: { email: 'care@kesarfoods.in', phone: '+91 98765 43210' },
        grievance_officer: {
          name: 'Meera Agarwal',
          designation: 'Grievance Officer and Head of Customer Care',
          email: OFFICER,
          phone: '+91 141 260 3344',
        },
      });
    });

    it('is kept like the settings it is made of, and a changed officer shows at once', async () => {
      const ask = () => t.request({ method: 'GET', url: `${API}/seller_information` });
      await ask();
      await ask(); // kept from its second request
      const warm = await ask();
      expect(warm.headers['x-cache']).toBe('HIT');
      await t.ctx.db
        .update(settings)
        .set({ value: 'Farhan Qureshi' })
        .where(eq(settings.key, 'grievance_officer_name'));
      try {
        // The settings change notification drops the kept answer.
        await vi.waitFor(
          async () =>
            expect((await ask()).json<SellerInformation>().grievance_officer.name).toBe('Farhan Qureshi'),
          { timeout: 1_000, interval: 20 },
        );
      } finally {
        await t.ctx.db
          .update(settings)
          .set({ value: 'Meera Agarwal' })
          .where(eq(settings.key, 'grievance_officer_name'));
      }
    });

    it('the settings the page and the footer read are public', async () => {
      const res = await t.request({
        method: 'GET',
        url: `${API}/settings?SettingsSearch[module_name]=frontend&per-page=200`,
      });
      const keys = res.json<{ items: { key: string }[] }>().items.map((s) => s.key);
      expect(keys).toEqual(expect.arrayContaining([...SELLER_SETTING_KEYS]));
    });
  });

  describe('POST grievances', () => {
    it('rule: a guest gets a ticket number at once, and the acknowledgement is delivered without waiting for a job', async () => {
      const before = new Date();
      const res = await file({ ...complaint, captcha_value: await captcha() });
      expect(res.statusCode).toBe(200);
      const body = res.json<GrievanceCreated>();
      expect(body.ticket_number).toMatch(new RegExp(`^GRV-${indiaYear(before)}-\\d{6}$`));
      expect(body).toMatchObject({
        status: 'open',
        status_label: 'Open',
        category: 'product_quality',
        category_label: 'Product quality or safety',
        order_number: 'KFL-2026-000042',
        resolved_at: null,
        resolution: null,
        message: grievanceMessages.registered(body.ticket_number),
      });
      expect(new Date(body.resolve_by).getTime()).toBe(resolveBy(new Date(body.created_at)).getTime());

      const [row] = await t.ctx.db
        .select()
        .from(grievances)
        .where(eq(grievances.ticketNumber, body.ticket_number));
      expect(row).toMatchObject({
        customerId: null,
        status: 'open',
        emailAddress: 'Ravi.Shankar@example.in',
      });

      // Delivered over SMTP by the request itself (the background job is off in tests).
      const ack = await mailbox.next('ravi.shankar@example.in', body.ticket_number);
      expect(ack.subject).toBe(`We have received your grievance ${body.ticket_number}`);
      expect(ack.text).toContain(`Your ticket number is ${body.ticket_number}`);
      expect(ack.text).toContain(`${t.ctx.config.publicUrl}/grievance?ticket=${body.ticket_number}`);
      expect(ack.text).toContain('Meera Agarwal');
      expect(ack.text).toContain('arrived with a broken seal');
      const notice = await mailbox.next(OFFICER, body.ticket_number);
      expect(notice.subject).toBe(`New grievance ${body.ticket_number}`);
      expect(notice.text).toContain('Order: KFL-2026-000042');
      expect(notice.text).toContain('+91 94140 12345');
      expect(notice.text).toContain('none (guest)');

      const kinds = await t.ctx.db
        .select({ kind: mailOutbox.kind, status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `We have received your grievance ${body.ticket_number}`));
      expect(kinds).toEqual([{ kind: 'grievance-acknowledgement', status: 'sent' }]);
    });

    it('a logged-in customer’s grievance is linked to the account; a stale token files it as a guest', async () => {
      const customer = await makeCustomer(t.ctx.db);
      const mine = await file(
        { ...complaint, email_address: customer.email, captcha_value: await captcha() },
        { token: customer.token },
      );
      expect(mine.statusCode).toBe(200);
      const stale = await file({ ...complaint, captcha_value: await captcha() }, { token: 'not-a-token' });
      expect(stale.statusCode).toBe(200);
      const rows = await t.ctx.db
        .select({ ticket: grievances.ticketNumber, customerId: grievances.customerId })
        .from(grievances);
      const byTicket = new Map(rows.map((r) => [r.ticket, r.customerId]));
      expect(byTicket.get(mine.json<GrievanceCreated>().ticket_number)).toBe(customer.id);
      expect(byTicket.get(stale.json<GrievanceCreated>().ticket_number)).toBeNull();
    });

    it('rule: 30 grievances filed at the same moment get 30 distinct, consecutive ticket numbers', async () => {
      const payloads = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => ({
          ...complaint,
          name: `Concurrent ${i}`,
          captcha_value: await captcha(),
        })),
      );
      const answers = await Promise.all(payloads.map((p) => file(p)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
      const numbers = answers
        .map((a) => Number(a.json<GrievanceCreated>().ticket_number.split('-')[2]))
        .sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(30);
      const first = numbers[0] ?? 0;
      expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => first + i));
      const [counter] = await t.ctx.db
        .select()
        .from(grievanceTicketCounters)
        .where(eq(grievanceTicketCounters.year, indiaYear(new Date())));
      expect(counter?.lastNumber).toBe(first + 29);
      // 60 mails exceed one delivery batch; the rest is the 2-second job's (off in tests): deliver them.
      await drainOutbox();
    });

    it('lists every invalid field with the API’s messages (422)', async () => {
      const res = await file({});
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([
        { field: 'name', message: messages.required },
        { field: 'email_address', message: messages.required },
        { field: 'contact_number', message: messages.required },
        { field: 'category', message: grievanceMessages.chooseCategory },
        { field: 'description', message: messages.required },
        { field: 'captcha_value', message: messages.captchaUnsolved },
      ]);
    });

    it.each([
      ['email_address', 'ravi at example', messages.invalidEmail],
      ['contact_number', '12345', messages.invalidContactNumber],
      ['category', 'refund-now', grievanceMessages.chooseCategory],
      ['order_number', 'KFL 2026 <script>', grievanceMessages.invalidOrderNumber],
      ['order_number', 42, grievanceMessages.invalidOrderNumber],
      ['description', 'Too short.', grievanceMessages.descriptionTooShort],
      ['description', 'x'.repeat(5001), 'This must be at most 5000 characters long.'],
      ['name', 42, 'This must be text.'],
    ])('rejects a bad %s (case %#)', async (field, value, message) => {
      const res = await file({ ...complaint, [field]: value, captcha_value: await captcha() });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field, message }]);
    });

    it('accepts a grievance without an order number (an empty one counts as none)', async () => {
      const res = await file({ ...complaint, order_number: '  ', captcha_value: await captcha() });
      expect(res.statusCode).toBe(200);
      expect(res.json<GrievanceCreated>().order_number).toBeNull();
    });

    it('rule: without a valid, unused captcha nothing is stored, no number is used and no mail is queued', async () => {
      const before = await t.ctx.db.select().from(grievances);
      const counterBefore = await t.ctx.db.select().from(grievanceTicketCounters);
      const expired = await solvedCaptcha(t.ctx.config.captchaHmacKey, {
        expiresAt: Math.floor(Date.now() / 1000) - 1,
      });
      const foreign = await solvedCaptcha('another-shops-captcha-key');
      for (const captcha_value of ['abc', expired, foreign]) {
        const res = await file({ ...complaint, name: 'No Captcha', captcha_value });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual([{ field: 'captcha_value', message: messages.captchaUnsolved }]);
      }
      const used = await captcha();
      expect((await file({ ...complaint, name: 'Captcha Once', captcha_value: used })).statusCode).toBe(200);
      const replay = await file({ ...complaint, name: 'Captcha Twice', captcha_value: used });
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toEqual([{ field: 'captcha_value', message: messages.captchaUnsolved }]);

      const after = await t.ctx.db.select().from(grievances);
      expect(after.length).toBe(before.length + 1);
      expect(after.filter((g) => ['No Captcha', 'Captcha Twice'].includes(g.name))).toEqual([]);
      const counterAfter = await t.ctx.db.select().from(grievanceTicketCounters);
      const total = (rows: typeof counterAfter) => rows.reduce((sum, r) => sum + r.lastNumber, 0);
      expect(total(counterAfter)).toBe(total(counterBefore) + 1);
      const mails = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'grievance-received')));
      expect(mails.some((m) => m.text.includes('Captcha Twice') || m.text.includes('No Captcha'))).toBe(
        false,
      );
    });

    it('limits grievances to 5 a minute per client address with a named 429', async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await file({ ...complaint, captcha_value: 'abc' }, { ip })).statusCode);
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
      const limited = await file({ ...complaint, captcha_value: 'abc' }, { ip });
      expect(limited.json()).toEqual({
        name: 'Too Many Requests',
        message: grievanceMessages.tooManyGrievances,
        code: 0,
        status: 429,
      });
      expect((await file({ ...complaint, captcha_value: 'abc' })).statusCode).toBe(422);
    });
  });

  describe('GET grievances/{ticket}', () => {
    let ticket = '';
    beforeAll(async () => {
      const res = await file({ ...complaint, captcha_value: await captcha() });
      ticket = res.json<GrievanceCreated>().ticket_number;
    });

    it('rule: shows the status only with the e-mail address it was filed with (any letter case)', async () => {
      const res = await lookup(ticket, '  ravi.shankar@EXAMPLE.in ');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ ticket_number: ticket, status: 'open', status_label: 'Open' });
      // A ticket typed in lower case is the same ticket.
      expect((await lookup(ticket.toLowerCase(), 'ravi.shankar@example.in')).statusCode).toBe(200);
    });

    it('rule: another e-mail address, an unknown ticket and a malformed ticket all get the same 404', async () => {
      const notFound = {
        name: 'Not Found',
        message: grievanceMessages.notFound,
        code: 0,
        status: 404,
      };
      for (const [t2, email] of [
        [ticket, 'someone.else@example.in'],
        [ticketNumberOf(1999, 1), 'ravi.shankar@example.in'],
        ['GRV-XYZ', 'ravi.shankar@example.in'],
        ["1' OR '1'='1", 'ravi.shankar@example.in'],
      ] as const) {
        const res = await lookup(t2, email);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
    });

    it('a missing or malformed e-mail is a 422 on email', async () => {
      for (const email of [undefined, '', 'not-an-email']) {
        const res = await lookup(ticket, email);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual([{ field: 'email', message: messages.invalidEmail }]);
      }
    });

    it('follows the grievance: in progress, then resolved with what the shop did (mailed to the complainant)', async () => {
      await updateGrievance(t.ctx, ticket, { status: 'in_progress' });
      expect((await lookup(ticket, 'ravi.shankar@example.in')).json()).toMatchObject({
        status: 'in_progress',
        status_label: 'In progress',
      });
      await updateGrievance(t.ctx, ticket, {
        status: 'resolved',
        resolution: 'We sent a fresh box of kaju katli and refunded the delivery charge.',
      });
      const resolved = (await lookup(ticket, 'ravi.shankar@example.in')).json<GrievanceCreated>();
      expect(resolved).toMatchObject({
        status: 'resolved',
        status_label: 'Resolved',
        resolution: 'We sent a fresh box of kaju katli and refunded the delivery charge.',
      });
      expect(resolved.resolved_at).not.toBeNull();
      // A flush asked for while another delivery run is under way is left to the 2-second job.
      await drainOutbox();
      const mail = await mailbox.next('ravi.shankar@example.in', `Your grievance ${ticket} is resolved`);
      expect(mail.text).toContain('We sent a fresh box of kaju katli');
      // Resolved is final.
      await expect(updateGrievance(t.ctx, ticket, { status: 'in_progress' })).rejects.toMatchObject({
        status: 409,
      });
    });

    it('limits look-ups to 30 a minute per client address', async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await lookup(ticket, 'guess@example.in', ip)).statusCode);
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
      expect(statuses[30]).toBe(429);
    });
  });

  describe('OpenAPI', () => {
    it('documents the routes with their error shapes', async () => {
      const doc = (await t.request({ method: 'GET', url: `${API}/openapi.json` })).json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      const post = doc.paths[`${API}/grievances`]?.post;
      expect(Object.keys(post?.responses ?? {}).sort()).toEqual(['200', '422', '429']);
      const get = doc.paths[`${API}/grievances/{ticket}`]?.get;
      expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '404', '422', '429']);
      expect(doc.paths[`${API}/seller_information`]?.get).toBeDefined();
    });
  });
});

describe('ticket numbers and deadlines', () => {
  it('numbers tickets by the year in India: 23:59 UTC on 31 December is already next year there', () => {
    expect(indiaYear(new Date('2026-12-31T18:29:59Z'))).toBe(2026);
    expect(indiaYear(new Date('2026-12-31T18:30:00Z'))).toBe(2027);
    expect(ticketNumberOf(2026, 123)).toBe('GRV-2026-000123');
    expect(ticketNumberOf(2026, 1_234_567)).toBe('GRV-2026-1234567');
  });

  it('rule: a grievance is to be resolved within one calendar month of receipt', () => {
    expect(resolveBy(new Date('2026-03-10T06:00:00Z')).toISOString()).toBe('2026-04-10T06:00:00.000Z');
    // 31 January (India) → the last day of February.
    expect(resolveBy(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(resolveBy(new Date('2028-01-31T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    // 31 December 20:00 UTC is 01:30 on 1 January in India: due 01:30 on 1 February there.
    expect(resolveBy(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-31T20:00:00.000Z');
  });
});
