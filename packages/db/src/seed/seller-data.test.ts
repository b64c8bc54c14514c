import { describe, expect, it } from 'vitest';
import { sellerSettingSeeds, settingSeeds } from './content-data.ts';
import { pageSeeds } from './page-data.ts';

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's 15th character: the mod-36 check over the first 14 (factors 1, 2, 1, 2, …). */
function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

describe('the demo seller', () => {
  it('has a well-formed GSTIN of Rajasthan (state code 08) with the right check character', () => {
    // A published GSTIN checks out the same way.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    const gstin = sellerSettingSeeds.seller_gstin ?? '';
    expect(gstin).toMatch(/^08[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
    expect(gstin.charAt(14)).toBe(gstinCheckCharacter(gstin.slice(0, 14)));
    expect(sellerSettingSeeds.seller_state).toBe('Rajasthan');
  });

  it('has a 14-digit FSSAI licence number and a complete grievance officer, all among the settings', () => {
    expect(sellerSettingSeeds.fssai_licence_number).toMatch(/^\d{14}$/);
    for (const key of [
      'seller_legal_name',
      'seller_address',
      'grievance_officer_name',
      'grievance_officer_designation',
      'grievance_officer_email',
      'grievance_officer_phone',
    ]) {
      expect(sellerSettingSeeds[key], key).toBeTruthy();
      expect(settingSeeds[key], key).toBe(sellerSettingSeeds[key]);
    }
  });

  it('publishes the return, refund, cancellation, shipping and warranty policies as pages', () => {
    const slugs = pageSeeds.map((p) => p.urlSlug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'return-policy',
        'refund-policy',
        'cancellation-policy',
        'shipping-policy',
        'warranty-policy',
      ]),
    );
    const cancellation = pageSeeds.find((p) => p.urlSlug === 'cancellation-policy')?.content ?? '';
    expect(cancellation).toContain('until we start packing it');
    expect(cancellation).toContain('refunded automatically');
  });
});
