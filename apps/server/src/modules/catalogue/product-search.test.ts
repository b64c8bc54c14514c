import { describe, expect, it } from 'vitest';
import type { CatalogueRow } from './catalogue.repository.ts';
import { repeatedValueSharer } from './product-search.ts';

function row(id: number, labels: string[], genericName = 'Cashew nut barfi'): CatalogueRow {
  return {
    id,
    name: `Kaju Katli ${id}`,
    urlSlug: `kaju-katli-${id}`,
    description: ['Made with cashews', 'and sugar'].join(' '),
    mainImage: ['kaju', 'katli.webp'].join('-'),
    mainImageAlt: '',
    productLabels: labels,
    itemWeight: 250,
    sellingPricePaise: 45_000,
    mrpPaise: 50_000,
    availableStock: 5,
    categoryId: 3,
    displayOrder: id,
    foodType: 'veg',
    attachments: [],
    declarations: {
      makerRole: 'manufacturer',
      makerName: 'Kesar Foods',
      makerAddress: ['42, Johari Bazaar', 'Jaipur'].join(', '),
      countryOfOrigin: 'India',
      genericName,
      netQuantity: 250,
      netQuantityUnit: 'g',
      bestBefore: null,
      dimensions: null,
      consumerCare: null,
    },
  };
}

/** Memory rule (ADR 0010): a whole catalogue read keeps one copy of what its rows repeat. */
describe('repeatedValueSharer, within one batch', () => {
  it('gives rows with the same labels and no attachments one shared list each, values unchanged', () => {
    const rows = repeatedValueSharer()([
      row(1, ['sweets', 'diwali']),
      row(2, ['sweets', 'diwali']),
      row(3, []),
    ]);
    expect(rows[0]?.productLabels).toBe(rows[1]?.productLabels);
    expect(rows[0]?.productLabels).toEqual(['sweets', 'diwali']);
    expect(rows[2]?.productLabels).toEqual([]);
    expect(rows[0]?.attachments).toBe(rows[2]?.attachments);
    expect(rows.map((r) => r.description)).toEqual(Array(3).fill('Made with cashews and sugar'));
    expect(rows[1]?.mainImage).toBe('kaju-katli.webp');
  });

  it('gives products with the same package declarations one shared object, others their own', () => {
    const rows = repeatedValueSharer()([row(1, []), row(2, []), row(3, [], 'Cashew nut roll')]);
    expect(rows[0]?.declarations).toBe(rows[1]?.declarations);
    expect(rows[2]?.declarations).not.toBe(rows[0]?.declarations);
    expect(rows[2]?.declarations.genericName).toBe('Cashew nut roll');
    expect(rows[0]?.declarations.makerAddress).toBe('42, Johari Bazaar, Jaipur');
  });
});

describe('repeatedValueSharer', () => {
  it('shares across the batches of one read, so each batch’s copies can go before the next arrives', () => {
    const share = repeatedValueSharer();
    const [first] = share([row(1, ['sweets'])]);
    const [second] = share([row(2, ['sweets'])]);
    expect(second?.declarations).toBe(first?.declarations);
    expect(second?.productLabels).toBe(first?.productLabels);
    const [another] = repeatedValueSharer()([row(3, ['sweets'])]);
    expect(another?.declarations).not.toBe(first?.declarations);
    expect(another?.declarations).toEqual(first?.declarations);
  });
});
