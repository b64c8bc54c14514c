import { describe, expect, it } from 'vitest';
import {
  declarationsWarning,
  formatNetQuantity,
  formatUnitSalePrice,
  missingDeclarations,
  unitSalePrice,
} from './package-declarations.ts';

describe('net quantity', () => {
  it('is written in grams below a kilogram and in kilograms from one kilogram', () => {
    expect(formatNetQuantity({ value: 500, unit: 'g' })).toBe('500 g');
    expect(formatNetQuantity({ value: 1000, unit: 'g' })).toBe('1 kg');
    expect(formatNetQuantity({ value: 1500, unit: 'g' })).toBe('1.5 kg');
    expect(formatNetQuantity({ value: 750, unit: 'ml' })).toBe('750 ml');
    expect(formatNetQuantity({ value: 2000, unit: 'ml' })).toBe('2 l');
    expect(formatNetQuantity({ value: 250, unit: 'cm' })).toBe('2.5 m');
  });

  it('counts goods sold by number in units', () => {
    expect(formatNetQuantity({ value: 1, unit: 'unit' })).toBe('1 unit');
    expect(formatNetQuantity({ value: 6, unit: 'unit' })).toBe('6 units');
  });
});

describe('unit sale price (the rules: per kg, l or m from one of them; per g, ml or cm below; per piece)', () => {
  it('is per gram for a pack under a kilogram, to the paisa', () => {
    expect(unitSalePrice(62_000, { value: 500, unit: 'g' })).toEqual({ price: 1.24, per: 'g' });
    // ₹85 for 100 g → ₹0.85 per g; ₹110 for 400 g → 27.5 paise, rounded to 28.
    expect(unitSalePrice(8_500, { value: 100, unit: 'g' })).toEqual({ price: 0.85, per: 'g' });
    expect(unitSalePrice(11_000, { value: 400, unit: 'g' })).toEqual({ price: 0.28, per: 'g' });
  });

  it('is per kilogram (litre, metre) for a pack of one or more', () => {
    expect(unitSalePrice(28_500, { value: 5000, unit: 'g' })).toEqual({ price: 57, per: 'kg' });
    expect(unitSalePrice(11_000, { value: 1000, unit: 'g' })).toEqual({ price: 110, per: 'kg' });
    expect(unitSalePrice(30_000, { value: 1500, unit: 'ml' })).toEqual({ price: 200, per: 'l' });
    expect(unitSalePrice(45_000, { value: 300, unit: 'cm' })).toEqual({ price: 150, per: 'm' });
  });

  it('is per piece for goods sold by number', () => {
    expect(unitSalePrice(45_000, { value: 1, unit: 'unit' })).toEqual({ price: 450, per: 'unit' });
    expect(unitSalePrice(100_000, { value: 3, unit: 'unit' })).toEqual({ price: 333.33, per: 'unit' });
  });

  it('reads as rupees per unit', () => {
    expect(formatUnitSalePrice({ price: 1.24, per: 'g' })).toBe('₹1.24 per g');
    expect(formatUnitSalePrice({ price: 2450, per: 'unit' })).toBe('₹2,450.00 per unit');
  });
});

describe('declarations a packaged product still lacks (the product form warns)', () => {
  const complete = {
    maker_name: 'Kesar Foods Pvt Ltd',
    maker_address: 'Jaipur',
    generic_name: 'Cashew nut barfi',
    net_quantity: 250,
    best_before: '30 days from packing',
    food_type: 'veg',
  };
  it('names each empty one in the form’s words; best before for food only', () => {
    expect(missingDeclarations(complete)).toEqual([]);
    expect(
      missingDeclarations({
        maker_name: ' ',
        maker_address: null,
        generic_name: '',
        net_quantity: '',
        best_before: null,
        food_type: 'veg',
      }),
    ).toEqual(["Maker's name", "Maker's address", 'Common or generic name', 'Net quantity', 'Best before']);
    expect(missingDeclarations({ ...complete, best_before: '', food_type: 'not_food' })).toEqual([]);
  });
  it('is one warning naming them, or none', () => {
    expect(declarationsWarning([])).toBeNull();
    expect(declarationsWarning(['Best before'])).toBe(
      "Not on the product page until filled in: Best before. The Legal Metrology rules ask a packaged product's page for them.",
    );
  });
});
