import { describe, expect, it } from 'vitest';
import { answerBytes } from '../../http/json-pieces.ts';
import type { ProductRow } from './catalogue.repository.ts';
import { productAnswers, toProduct } from './product-answers.ts';

const row = (id: number, changes: Partial<ProductRow> = {}): ProductRow => ({
  id,
  name: `Kaju Katli ${id}`,
  urlSlug: `kaju-katli-${id}`,
  description: 'Cashew fudge with silver leaf.',
  mainImage: `kaju-katli-${id}.webp`,
  mainImageAlt: '',
  productLabels: ['Featured'],
  itemWeight: 250,
  sellingPricePaise: 42_000,
  mrpPaise: 45_000,
  availableStock: 12,
  categoryId: 3,
  foodType: 'veg',
  attachments: [],
  ...changes,
});

describe('product answers kept per catalogue row (product-answers.ts)', () => {
  it('builds the contract product from a row: rupees from paise, food type', () => {
    expect(toProduct(row(1, { foodType: 'lock', mrpPaise: null }))).toMatchObject({
      id: 1,
      selling_price: 420,
      mrp: null,
      available_stock: 12,
      food_type: 'not_food',
    });
  });

  it('gives the same frozen answer for the same row, so its JSON is made once', () => {
    const answers = productAnswers(() => 1);
    const r = row(2);
    const first = answers.of(r);
    expect(answers.of(r)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(answerBytes({ items: [first] }).toString()).toBe(JSON.stringify({ items: [toProduct(r)] }));
  });

  it('shows a change at once: a changed product is a new row, so a new answer (a sale, a price)', () => {
    const answers = productAnswers(() => 1);
    const before = answers.of(row(3));
    expect(JSON.parse(answerBytes({ items: [before] }).toString()).items[0].available_stock).toBe(12);
    const soldOut = answers.of(row(3, { availableStock: 0, sellingPricePaise: 39_900 }));
    expect(soldOut).not.toBe(before);
    const shown = JSON.parse(answerBytes({ items: [soldOut] }).toString()).items[0];
    expect(shown).toMatchObject({ available_stock: 0, selling_price: 399 });
  });

  it('keeps no answer in a catalogue over its limit: each answer is built afresh', () => {
    let size = 3;
    const answers = productAnswers(() => size, 3);
    const r = row(20);
    const kept = answers.of(r);
    expect(answers.of(r)).toBe(kept);
    size = 4;
    const other = row(21);
    const fresh = answers.of(other);
    expect(answers.of(other)).not.toBe(fresh);
    expect(Object.isFrozen(fresh)).toBe(false);
    expect(answerBytes({ items: [kept, fresh] }).toString()).toBe(
      JSON.stringify({ items: [toProduct(r), toProduct(other)] }),
    );
    expect(answers.of(r)).toBe(kept); // what was kept stays kept until its row is replaced
  });
});
