import type { DbOrTx } from '@shop/db/client';
import { settings } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';

export async function findSettingValue(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}
