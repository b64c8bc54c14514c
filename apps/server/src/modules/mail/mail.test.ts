import { createServer } from 'node:net';
import { mailOutbox } from '@shop/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createMailDispatcher, MAIL_RETRY_PERIOD_MS, mailRetryDelayMs, queueMail } from './mail.service.ts';

/**
 * Rule: a mail is never silently dropped. Delivery is retried with back-off for three days; a mail
 * still undelivered then is marked failed, logged as an error naming its kind and recipient, and
 * counted on the health endpoint.
 */

/** A local port nothing listens on: every SMTP connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

interface LogLine {
  level: number;
  msg: string;
  kind?: string;
  to?: string;
}

describe('mail delivery retries', () => {
  let t: TestApp;
  let ctx: AppContext;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
    // The same context as the app's, with a logger whose lines the test can read (pino's levels).
    const record = (level: number) => (fields: object, msg: string) => {
      lines.push({ level, msg, ...fields });
    };
    const log = { info: record(30), warn: record(40), error: record(50) };
    ctx = { ...t.ctx, log: log as unknown as AppContext['log'] };
  });
  afterAll(() => t.close());

  async function queue(kind: string, to: string, age: { hours: number }, attempts: number) {
    const id = await queueMail(ctx, ctx.db, {
      kind,
      to,
      subject: 'Test',
      heading: 'Test',
      paragraphs: ['Hello'],
    });
    if (id === undefined) throw new Error('mail not queued');
    await ctx.db
      .update(mailOutbox)
      .set({
        attempts,
        createdAt: sql`now() - (${age.hours} || ' hours')::interval`,
        nextAttemptAt: sql`now() - interval '1 second'`,
      })
      .where(eq(mailOutbox.id, id));
    return id;
  }

  async function row(id: number) {
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!mail) throw new Error(`mail ${id} is gone`);
    return mail;
  }

  it('waits 10 s, 20 s, 40 s, … doubling after each failed attempt, never more than an hour', () => {
    expect([1, 2, 3, 9, 10, 11, 80, 5_000].map(mailRetryDelayMs)).toEqual([
      10_000, 20_000, 40_000, 2_560_000, 3_600_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    // Attempts in three days: about 80, so a mail is tried at least hourly for the whole period.
    let elapsed = 0;
    let attempts = 1;
    while (elapsed < MAIL_RETRY_PERIOD_MS) elapsed += mailRetryDelayMs(attempts++);
    expect(attempts).toBeGreaterThan(75);
    expect(MAIL_RETRY_PERIOD_MS).toBe(72 * 3_600_000);
  });

  it('keeps retrying a mail that failed 8 times within its first day (next try 43 minutes later), logged as a warning', async () => {
    const id = await queue('order-placed', 'asha@example.in', { hours: 20 }, 8);
    await createMailDispatcher(ctx).flush();
    const mail = await row(id);
    expect(mail.status).toBe('pending');
    expect(mail.attempts).toBe(9);
    expect(mail.lastError).toMatch(/ECONNREFUSED/);
    const waitMs = mail.nextAttemptAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(2_500_000);
    expect(waitMs).toBeLessThanOrEqual(2_560_000 + 5_000);
    const warning = lines.find((line) => line.to === 'asha@example.in');
    expect(warning).toMatchObject({
      level: 40,
      kind: 'order-placed',
      msg: 'mail not delivered yet; will retry',
    });
    expect(lines.some((line) => line.level >= 50)).toBe(false);
  });

  it('still retries a mail queued 71 hours ago', async () => {
    const id = await queue('signup-code', 'ravi@example.in', { hours: 71 }, 70);
    await createMailDispatcher(ctx).flush();
    expect((await row(id)).status).toBe('pending');
  });

  it('gives up after three days: marks the mail failed, logs an error with its kind and recipient, and the health endpoint counts it', async () => {
    const before = await t.request({ method: 'GET', url: '/backend/api/web/health' });
    expect(before.json()).toEqual({ status: 'ok', failed_mails: 0 });

    const id = await queue('password-reset-code', 'meera@example.in', { hours: 73 }, 80);
    await createMailDispatcher(ctx).flush();
    expect((await row(id)).status).toBe('failed');
    const error = lines.find((line) => line.level === 50);
    expect(error).toMatchObject({ kind: 'password-reset-code', to: 'meera@example.in' });
    expect(error?.msg).toMatch(
      /^mail not delivered: password-reset-code to meera@example\.in, 81 attempts since /,
    );

    const after = await t.request({ method: 'GET', url: '/backend/api/web/health' });
    expect(after.json()).toEqual({ status: 'ok', failed_mails: 1 });
  });
});
