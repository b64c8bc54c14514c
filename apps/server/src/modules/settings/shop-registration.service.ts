import {
  GST_STATES,
  type GstStateCode,
  gstStateCodeOf,
  type ShopRegistration,
  shopRegistrationSchema,
} from '@shop/contract/gst';
import type { DbOrTx } from '@shop/db/client';
import { settingValues } from './settings.service.ts';

/** The settings that hold the shop's registration, by the field each fills. */
export const REGISTRATION_SETTINGS = {
  legalName: 'seller_legal_name',
  address: 'seller_address',
  gstin: 'seller_gstin',
  stateCode: 'seller_state',
  fssaiNumber: 'fssai_licence_number',
} as const satisfies Record<keyof ShopRegistration, string>;

export type ShopRegistrationResult =
  | { ok: true; registration: ShopRegistration & { stateName: string } }
  | {
      ok: false;
      problems: string[] /** The state of registration when that setting alone is valid. */;
      stateCode?: GstStateCode;
    };

/**
 * The shop's legal name, registered address, GSTIN (check character verified, and of the state
 * of registration), state of registration and FSSAI number, read from settings and checked in
 * this one place. Problems name the setting to fix.
 */
export async function shopRegistration(db: DbOrTx): Promise<ShopRegistrationResult> {
  const values = await settingValues(db, Object.values(REGISTRATION_SETTINGS));
  const raw = Object.fromEntries(
    Object.entries(REGISTRATION_SETTINGS).map(([field, key]) => [field, values.get(key) ?? '']),
  );
  const parsed = shopRegistrationSchema.safeParse(raw);
  if (parsed.success)
    return { ok: true, registration: { ...parsed.data, stateName: GST_STATES[parsed.data.stateCode] } };
  const stateCode = gstStateCodeOf(raw.stateCode ?? '');
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? 'gstin') as keyof typeof REGISTRATION_SETTINGS;
      return `${REGISTRATION_SETTINGS[field] ?? field}: ${issue.message}`;
    }),
    ...(stateCode ? { stateCode } : {}),
  };
}
