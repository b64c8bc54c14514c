import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { paymentGateways, staffAccounts } from './schema/index.ts';
import { sealPlainSecrets } from './seal-plain-secrets.ts';
import { queryRows } from './seed/raw-rows.ts';
import { createSecretBox, openSecret, sealSecret } from './secret-box.ts';

/**
 * Rule: a start seals every secret a database from before sealing holds in plain text, leaves
 * sealed and empty ones as they are, and a second start changes nothing.
 */

const TOTP = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
/** A value sealed under a key the shop no longer has: left as it is, not opened. */
const UNDER_ANOTHER_KEY = createSecretBox(randomBytes(32)).seal('old_webhook');

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await migrateDatabase(database);
  const { db } = database;
  await db.execute(sql`INSERT INTO staff_accounts (email, name, role, password_hash, totp_secret, totp_enabled)
    VALUES ('plain@staff.example.in', 'Plain', 'owner', 'x', ${TOTP}, true),
           ('none@staff.example.in', 'None', 'staff', 'x', NULL, false)`);
  await db.execute(sql`INSERT INTO payment_gateways (name, internal_name, api_key, api_secret, config)
    VALUES ('Razorpay', 'razorpay', 'rzp_test_1', 'plain_key_secret', ${JSON.stringify({ webhook_secret: 'plain_webhook' })}::jsonb),
           ('Cash on Delivery', 'cod', '', '', '{}'::jsonb),
           ('PayPal', 'paypal', 'client', ${sealSecret('already_sealed')}, ${JSON.stringify({ webhook_id: 'WH-1' })}::jsonb),
           ('Paytm', 'paytm', 'MID', 'plainMerchantKey', ${JSON.stringify({ webhook_secret: UNDER_ANOTHER_KEY })}::jsonb)`);
});
afterAll(() => database?.close());

const rawStaff = () =>
  queryRows<{ email: string; totp_secret: string | null }>(
    database.db,
    sql`SELECT email, totp_secret FROM staff_accounts ORDER BY id`,
  );
const rawGateways = () =>
  queryRows<{ internal_name: string; api_secret: string; config: Record<string, string> }>(
    database.db,
    sql`SELECT internal_name, api_secret, config FROM payment_gateways ORDER BY id`,
  );

describe('sealing plain secrets at start-up', () => {
  it('seals plain TOTP secrets, gateway secrets and webhook secrets; the rest stays as it was', async () => {
    const paypalBefore = (await rawGateways()).find((g) => g.internal_name === 'paypal');
    expect(await sealPlainSecrets(database.db)).toBe(3);

    const [owner, none] = await rawStaff();
    expect(owner?.totp_secret).toMatch(/^v1:/);
    expect(openSecret(owner?.totp_secret ?? '')).toBe(TOTP);
    expect(none?.totp_secret).toBeNull();

    const [razorpay, cod, paypal, paytm] = await rawGateways();
    expect(openSecret(paytm?.api_secret ?? '')).toBe('plainMerchantKey');
    expect(paytm?.config).toEqual({ webhook_secret: UNDER_ANOTHER_KEY });
    expect(JSON.stringify(razorpay)).not.toContain('plain_');
    expect(openSecret(razorpay?.api_secret ?? '')).toBe('plain_key_secret');
    expect(openSecret(razorpay?.config.webhook_secret ?? '')).toBe('plain_webhook');
    expect(cod).toMatchObject({ api_secret: '', config: {} });
    expect(paypal).toEqual(paypalBefore);

    const [row] = await database.db
      .select()
      .from(paymentGateways)
      .where(eq(paymentGateways.internalName, 'razorpay'));
    expect([row?.apiSecret, row?.config]).toEqual(['plain_key_secret', { webhook_secret: 'plain_webhook' }]);
    const [account] = await database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'plain@staff.example.in'));
    expect(account?.totpSecret).toBe(TOTP);
  });

  it('changes nothing the second time', async () => {
    const [staff, gateways] = [await rawStaff(), await rawGateways()];
    expect(await sealPlainSecrets(database.db)).toBe(0);
    expect([await rawStaff(), await rawGateways()]).toEqual([staff, gateways]);
  });
});
