import type { DbOrTx } from '@shop/db/client';
import { settings } from '@shop/db/schema/index';
import { eq, inArray } from 'drizzle-orm';

export async function findSettingValue(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

export async function findSettingValues(db: DbOrTx, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Sets a setting, creating it (public, of the storefront) when it does not exist yet. */
export async function upsertSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, moduleName: 'frontend', isPublic: true })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}
