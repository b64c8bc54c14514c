import { describe, expect, it } from 'vitest';
import { catalogueAdminMessages, hsnWarning, productCreateSchema } from './catalogue.ts';

/**
 * HSN codes on products: 4, 6 or 8 digits, else refused; a product without one is saved (the shop
 * may not have classified it yet) and the product form warns that its invoices print "—".
 */
describe('HSN code of a product', () => {
  const product = (hsn_code: string | null) =>
    productCreateSchema.safeParse({
      name: 'Kaju katli',
      url_slug: 'kaju-katli',
      category_id: 2,
      selling_price_paise: 45_000,
      hsn_code,
    });

  it('accepts 4, 6 or 8 digits and refuses any other form', () => {
    for (const code of ['2106', '210690', '21069099', ' 8301 '])
      expect(product(code).success, code).toBe(true);
    for (const code of ['21', '210', '21069', '2106909', '210690991', '21O6', '2106-90']) {
      const result = product(code);
      expect(result.success, code).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([catalogueAdminMessages.hsn]);
    }
  });

  it('a missing code is a warning, not a refusal: the product saves and the form says invoices print "—"', () => {
    expect(product(null).success).toBe(true);
    for (const missing of [null, undefined, '', '   '])
      expect(hsnWarning(missing)).toBe(catalogueAdminMessages.hsnMissing);
    expect(catalogueAdminMessages.hsnMissing).toContain('"—"');
    expect(hsnWarning('2106')).toBeNull();
  });
});
