import { settingSchema } from '@shop/contract/content';
import { EMAIL_PATTERN } from '@shop/contract/validation';
import type { DbOrTx } from '@shop/db/client';
import { settings } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { byId, tableCollection } from '../../http/table-collection.ts';
import { sanitizeInlineValue } from '../../http/html-sanitizer.ts';
import { findSettingValue, findSettingValues } from './settings.repository.ts';

/**
 * The shop's key/value settings (minimum order amount, company e-mail address, footer texts, …).
 * This module is the one that reads the settings table; others ask it.
 */

/** One setting's value, public or not, for server-side use (where to send enquiries, the minimum order). */
export function settingValue(db: DbOrTx, key: string): Promise<string | undefined> {
  return findSettingValue(db, key);
}

/** Several settings in one read; a key that is not set is missing from the map. */
export function settingValues(db: DbOrTx, keys: readonly string[]): Promise<Map<string, string>> {
  return findSettingValues(db, keys);
}

/**
 * The shop's own inbox (setting company_email_address) for mails to the shop: enquiries,
 * cancellations, grievances. Undefined when the setting is unset or not an e-mail address.
 */
export async function shopEmailAddress(db: DbOrTx): Promise<string | undefined> {
  const address = (await findSettingValue(db, 'company_email_address'))?.trim();
  return address && EMAIL_PATTERN.test(address) ? address : undefined;
}

/** GET settings: public settings only (never secrets); values with markup are sanitised. */
export const publicSettings = tableCollection({
  path: 'settings',
  summary: 'Public settings (never secrets); HTML values sanitised',
  searchForm: 'SettingsSearch',
  filters: { module_name: settings.moduleName, key: settings.key },
  visible: () => eq(settings.isPublic, true),
  sortable: { id: settings.id, key: settings.key },
  defaultSort: byId,
  table: settings,
  id: settings.id,
  columns: { id: settings.id, key: settings.key, value: settings.value },
  item: settingSchema,
  toItem: (s) => ({ id: s.id, key: s.key, value: sanitizeInlineValue(s.value) }),
});
