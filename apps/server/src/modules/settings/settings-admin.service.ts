import {
  type AdminSetting,
  SETTING_DEFINITIONS,
  checkSettingValue,
  settingDefinitionOf,
  settingMessages,
  settingValueForDisplay,
} from '@shop/contract/admin/settings';
import type { FieldError } from '@shop/contract/api-error';
import { gstMessages, gstStateCodeOf } from '@shop/contract/gst';
import type { Db, DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { sanitizeInlineValue } from '../../http/html-sanitizer.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.service.ts';
import { issuePendingInvoices } from '../orders/order-lifecycle.service.ts';

/** Who makes the change: the staff account and the client's address. */
type Actor = Pick<AuditEntry, 'staffId' | 'ip'>;
import { findSettingValues, upsertSetting } from './settings.repository.ts';
import { REGISTRATION_SETTINGS, shopRegistration } from './shop-registration.service.ts';

/**
 * The back office's typed settings: the definitions (packages/contract/src/admin/settings.ts)
 * say which keys exist, how each value is checked and where it shows; the values live in the
 * settings table that this module alone reads and writes.
 */

/** Every editable setting with its value (paise for money). */
export async function listAdminSettings(db: DbOrTx): Promise<AdminSetting[]> {
  const values = await findSettingValues(
    db,
    SETTING_DEFINITIONS.map((d) => d.key),
  );
  return SETTING_DEFINITIONS.map((d) => ({
    key: d.key,
    label: d.label,
    group: d.group,
    type: d.type,
    shows: d.shows,
    preview_path: d.previewPath,
    required: d.required,
    value: settingValueForDisplay(d, values.get(d.key) ?? ''),
  }));
}

/**
 * Saves several settings at once, all or none: every value is checked by its type (a 422 names
 * each wrong key), a GSTIN must belong to the state of registration, and every change is
 * recorded in the audit log in the same transaction. Unchanged values are not rewritten.
 */
export async function updateSettings(
  db: Db,
  actor: Actor,
  input: Record<string, string | number>,
): Promise<AdminSetting[]> {
  const problems: FieldError[] = [];
  const next = new Map<string, string>();
  for (const [key, raw] of Object.entries(input)) {
    const definition = settingDefinitionOf(key);
    if (!definition) {
      problems.push({ field: key, message: settingMessages.unknown });
      continue;
    }
    const check = checkSettingValue(definition, raw);
    if (!check.ok) problems.push({ field: key, message: check.message });
    else next.set(key, definition.type === 'inline-html' ? sanitizeInlineValue(check.stored) : check.stored);
  }
  if (problems.length) throw new AppError('invalid', problems[0]?.message ?? '', problems);

  return db.transaction(async (tx) => {
    const current = await findSettingValues(tx, [...next.keys(), 'seller_gstin', 'seller_state']);
    // The GSTIN's first two digits are the state code of the state of registration.
    const gstin = next.get('seller_gstin') ?? current.get('seller_gstin') ?? '';
    const state = next.get('seller_state') ?? current.get('seller_state') ?? '';
    if ((next.has('seller_gstin') || next.has('seller_state')) && gstin && state) {
      if (gstin.slice(0, 2) !== gstStateCodeOf(state))
        throw AppError.invalid(
          next.has('seller_gstin') ? 'seller_gstin' : 'seller_state',
          gstMessages.gstinOtherState,
        );
    }
    for (const [key, value] of next) {
      const before = current.get(key);
      if (before === value) continue;
      await upsertSetting(tx, key, value);
      await recordAudit(tx, {
        staffId: actor.staffId,
        ip: actor.ip,
        action: 'setting.update',
        entity: 'setting',
        entityId: key,
        // Wrapped in objects: a bare JSON string in the log's jsonb columns reads back as a number.
        before: { value: before ?? null },
        after: { value },
      });
    }
    return listAdminSettings(tx);
  });
}

const registrationKeys: readonly string[] = Object.values(REGISTRATION_SETTINGS);

/**
 * After a save that touched the shop's registration (legal name, address, GSTIN, state, FSSAI
 * number) and left it valid, issues the tax invoices that waited for it, oldest confirmation
 * first (see issuePendingInvoices: dated the day they are issued, never backdated). The settings
 * are saved whatever happens here; an invoice that fails now is still issued at its first download.
 */
export async function issueInvoicesAwaitingRegistration(
  ctx: AppContext,
  savedKeys: readonly string[],
): Promise<number> {
  if (!savedKeys.some((key) => registrationKeys.includes(key))) return 0;
  if (!(await shopRegistration(ctx.db)).ok) return 0;
  try {
    const issued = await issuePendingInvoices(ctx.db);
    if (issued > 0) ctx.log.info({ issued }, 'tax invoices issued that waited for the shop registration');
    return issued;
  } catch (error) {
    ctx.log.error({ err: error }, 'issuing the tax invoices that waited for the shop registration failed');
    return 0;
  }
}
