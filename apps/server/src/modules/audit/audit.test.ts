import { auditLog } from '@shop/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';
import { MASK, maskSecrets, recordAudit } from './audit.service.ts';

let t: StaffHarness<'owner'>;
let ownerId: number;
beforeAll(async () => {
  t = await staffHarness(['owner']);
  ownerId = t.signedIn.owner.staff.id;
});
afterAll(() => t.close());

describe('secrets are masked', () => {
  it('masks every key named like a secret, at any depth, keeping the last four characters of long values', () => {
    const masked = maskSecrets({
      name: 'Razorpay',
      key_id: 'rzp_live_ABCDEFGH1234',
      keySecret: 'sk_live_0123456789abcdef',
      webhook_secret: 'short',
      password: 'Owner@12345',
      settings: { api_token: 'tok_9999999999999999', mode: 'live', nested: [{ privateKey: { pem: 'x' } }] },
      empty_secret: '',
      unset_key: null,
    });
    expect(masked).toEqual({
      name: 'Razorpay',
      key_id: `${MASK}1234`,
      keySecret: `${MASK}cdef`,
      webhook_secret: MASK,
      password: MASK,
      settings: { api_token: `${MASK}9999`, mode: 'live', nested: [{ privateKey: MASK }] },
      empty_secret: '',
      unset_key: null,
    });
  });

  it('stores the masked values: the secret never reaches the database', async () => {
    await recordAudit(t.database.db, {
      staffId: ownerId,
      action: 'gateway.update',
      entity: 'payment_gateway',
      entityId: 'razorpay-mask-test',
      before: { key_secret: 'old_secret_value_1111' },
      after: { key_secret: 'new_secret_value_2222', enabled: true },
    });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'razorpay-mask-test'));
    expect(row?.before).toEqual({ key_secret: `${MASK}1111` });
    expect(row?.after).toEqual({ key_secret: `${MASK}2222`, enabled: true });
    expect(JSON.stringify(row)).not.toContain('new_secret_value');
  });
});

describe('the audit log is written with the change and never rewritten', () => {
  it('leaves no row when the transaction that wrote it fails', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          staffId: ownerId,
          action: 'product.update',
          entity: 'product',
          entityId: 'rolled-back',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.$count(auditLog, eq(auditLog.entityId, 'rolled-back'))).toBe(0);
  });

  it('refuses UPDATE and DELETE of its rows in the database itself', async () => {
    await recordAudit(t.database.db, {
      staffId: null,
      action: 'x.test',
      entity: 'x',
      entityId: 'append-only',
    });
    await expect(
      t.database.db.execute(sql`UPDATE audit_log SET action = 'y' WHERE entity_id = 'append-only'`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM audit_log WHERE entity_id = 'append-only'`),
    ).rejects.toThrow();
    expect(await t.database.db.$count(auditLog, eq(auditLog.entityId, 'append-only'))).toBe(1);
  });
});

describe('GET /audit', () => {
  beforeAll(async () => {
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(auditLog).values([
      {
        staffId: ownerId,
        action: 'product.update',
        entity: 'product',
        entityId: '7',
        at: at('2026-01-10T10:00:00Z'),
      },
      {
        staffId: ownerId,
        action: 'product.update',
        entity: 'product',
        entityId: '8',
        at: at('2026-01-11T10:00:00Z'),
      },
      {
        staffId: null,
        action: 'coupon.create',
        entity: 'coupon',
        entityId: 'DIWALI',
        at: at('2026-01-12T23:30:00Z'),
      },
      {
        staffId: ownerId,
        action: 'banner.update',
        entity: 'banner',
        entityId: '3',
        after: { title: '=HYPERLINK("http://evil.example","click")' },
        at: at('2026-01-13T08:00:00Z'),
      },
      {
        staffId: null,
        action: '=HYPERLINK("x")',
        entity: 'banner',
        entityId: '4',
        at: at('2026-01-20T08:00:00Z'),
      },
    ]);
  });
  const list = (query: string) => t.as('owner', 'GET', `/audit?${query}`);

  it('filters by entity, action, staff member and date range, newest first, with paging', async () => {
    const products = await list('entity=product&from=2026-01-01&to=2026-01-31');
    expect(products.statusCode).toBe(200);
    const body = products.json<{
      items: { entity_id: string; staff_email: string }[];
      _meta: { totalCount: number };
    }>();
    expect(body.items.map((i) => i.entity_id)).toEqual(['8', '7']);
    expect(body.items[0]?.staff_email).toBe('owner@kesarfoods.in');
    expect(body._meta.totalCount).toBe(2);

    // A bare "to" date covers that whole day.
    const day = await list('from=2026-01-12&to=2026-01-12');
    expect(day.json<{ items: { action: string }[] }>().items.map((i) => i.action)).toEqual(['coupon.create']);

    const byAction = await list('action=product.update&per-page=1&page=2&from=2026-01-01&to=2026-01-31');
    expect(byAction.json<{ items: { entity_id: string }[] }>().items.map((i) => i.entity_id)).toEqual(['7']);
    expect(byAction.headers['x-pagination-total-count']).toBe('2');

    const byStaff = await list(`staff_id=${ownerId}&from=2026-01-12&to=2026-01-14`);
    expect(byStaff.json<{ items: { action: string }[] }>().items.map((i) => i.action)).toEqual([
      'banner.update',
    ]);
  });

  it('answers a date it cannot read with a 400 naming the parameter', async () => {
    const response = await list('from=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'Bad Request' });
    expect(response.json<{ message: string }>().message).toContain('"from"');
    expect((await list('from=2026-02-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it('answers 400 for a day not on the calendar or a year the database cannot keep, list and CSV', async () => {
    for (const query of ['from=0000-01-01', 'to=9999-12-31', 'from=2026-02-30', 'to=0000-12-31T23:00:00Z']) {
      for (const path of ['/audit', '/audit/export.csv']) {
        const response = await t.as('owner', 'GET', `${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json<{ message: string }>().message).toContain('Use a date like 2026-11-25');
      }
    }
    expect((await list('from=0001-01-01&to=9999-12-30')).statusCode).toBe(200);
  });

  it('exports the filtered log as CSV that a spreadsheet will not run', async () => {
    const response = await t.as('owner', 'GET', '/audit/export.csv?from=2026-01-01&to=2026-01-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split('\r\n');
    // A UTF-8 byte order mark first, so that Excel reads ₹ and Hindi names.
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(lines[0]?.replace('\uFEFF', '')).toBe(
      'id,at,staff_id,staff_email,action,entity,entity_id,before,after,ip',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain(
      `,'=HYPERLINK(""x""),banner,4,`.replace(`'=HYPERLINK(""x"")`, `"'=HYPERLINK(""x"")"`),
    );
    expect(lines[2]).toContain('banner.update');
    expect(lines[2]).toContain('"{""title"":""=HYPERLINK(\\""http://evil.example\\"",\\""click\\"")""}"');
    // An action typed by someone as a formula is shown as text.
  });
});
