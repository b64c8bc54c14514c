import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { GATEWAY_SEALED_CONFIG_KEYS } from './schema/index.ts';
import { queryRows } from './seed/raw-rows.ts';
import { isSealed, sealSecret } from './secret-box.ts';

/**
 * A start-up step: seals the secrets a database from before sealing still holds in plain text
 * (staff TOTP secrets, gateway api secrets and webhook secrets). Plain values would be read and
 * sealed on their next write anyway; this closes the window in which a dump still shows them.
 * Each table is done in one transaction holding its rows' locks, and only values still plain are
 * written, so two instances starting together, or a second start, change nothing more.
 * Returns how many rows it sealed.
 */
export async function sealPlainSecrets(db: Db): Promise<number> {
  // Raw SQL on purpose: values already sealed are never opened or rewritten, so a database
  // holding some values sealed under another key still starts (those are reported on use).
  const staff = await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; totp_secret: string }>(
      tx,
      sql`SELECT id, totp_secret FROM staff_accounts
          WHERE totp_secret IS NOT NULL AND totp_secret <> '' AND totp_secret NOT LIKE 'v1:%'
          ORDER BY id FOR UPDATE`,
    );
    for (const row of rows)
      await tx.execute(
        sql`UPDATE staff_accounts SET totp_secret = ${sealSecret(row.totp_secret)} WHERE id = ${row.id}`,
      );
    return rows.length;
  });
  const gateways = await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; api_secret: string; config: unknown }>(
      tx,
      sql`SELECT id, api_secret, config FROM payment_gateways ORDER BY id FOR UPDATE`,
    );
    let sealed = 0;
    for (const row of rows) {
      const config = configObject(row.config);
      const plainKeys = GATEWAY_SEALED_CONFIG_KEYS.filter((key) => isPlain(config[key]));
      if (!isPlain(row.api_secret) && plainKeys.length === 0) continue;
      for (const key of plainKeys) config[key] = sealSecret(String(config[key]));
      const apiSecret = isPlain(row.api_secret) ? sealSecret(row.api_secret) : row.api_secret;
      await tx.execute(
        sql`UPDATE payment_gateways SET api_secret = ${apiSecret}, config = ${JSON.stringify(config)}::jsonb
            WHERE id = ${row.id}`,
      );
      sealed += 1;
    }
    return sealed;
  });
  return staff + gateways;
}

const isPlain = (value: unknown): boolean => typeof value === 'string' && value !== '' && !isSealed(value);

function configObject(value: unknown): Record<string, unknown> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? { ...(parsed as Record<string, unknown>) }
    : {};
}
