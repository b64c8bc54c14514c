import { describe, expect, it } from 'vitest';
import { categoryById, LOCKS_ID, productSeeds } from './catalogue-data.ts';
import { declarationsOf } from './declaration-data.ts';
import { benchProduct } from './bench-products.ts';

const isLock = (categoryId: number) => categoryById(categoryId).parentId === LOCKS_ID;

describe('demo package declarations', () => {
  it('every demo product declares maker, address, generic name and net quantity', () => {
    for (const seed of productSeeds) {
      const d = declarationsOf(seed);
      expect(d.makerName, seed.name).toBeTruthy();
      expect(d.makerAddress, seed.name).toMatch(/\d{6}$/);
      expect(d.genericName, seed.name).toBeTruthy();
      expect(d.netQuantity, seed.name).toBeGreaterThan(0);
    }
  });

  it('locks are sold by number and give their dimensions; food gives best before and its veg mark', () => {
    for (const seed of productSeeds) {
      const d = declarationsOf(seed);
      if (isLock(seed.categoryId)) {
        expect(d, seed.name).toMatchObject({
          netQuantityUnit: 'unit',
          netQuantity: 1,
          foodType: 'not_food',
          bestBefore: null,
        });
        expect(d.dimensions, seed.name).toMatch(/mm/);
      } else {
        expect(d, seed.name).toMatchObject({
          netQuantityUnit: 'g',
          netQuantity: seed.weight,
          dimensions: null,
        });
        expect(d.bestBefore, seed.name).toMatch(/^Best before/);
        expect(['veg', 'non_veg'], seed.name).toContain(d.foodType);
      }
    }
  });

  it('imported products name the importer and a country other than India', () => {
    const imported = productSeeds.map(declarationsOf).filter((d) => d.makerRole === 'importer');
    expect(imported.length).toBeGreaterThan(0);
    for (const d of imported) expect(d.countryOfOrigin).not.toBe('India');
  });

  it('bench products declare the net quantity of the whole pack', () => {
    for (let n = 0; n < 2000; n += 37) {
      const p = benchProduct(n);
      const lock = isLock(p.categoryId);
      expect(p.genericName).toBeTruthy();
      if (lock) expect(p.netQuantityUnit).toBe('unit');
      else expect(p.netQuantity).toBe(p.itemWeight);
    }
  });
});
