import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliCopyOf } from '../../http/brotli-copies.ts';
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

  describe("a product's detail, kept with its row and its brotli copy", () => {
    const care = 'Customer Care, Kesar Foods · care@kesarfoods.in';
    const make = (answers: ReturnType<typeof productAnswers>, r: ProductRow, consumerCare: string) => () => ({
      ...answers.of(r),
      declarations: {
        maker_role: 'manufacturer' as const,
        maker_name: 'Kesar Foods',
        maker_address: 'Jaipur',
        country_of_origin: 'India',
        generic_name: 'Cashew barfi',
        net_quantity: { value: 250, unit: 'g' as const },
        unit_sale_price: { price: 1.68, per: 'g' as const },
        best_before: null,
        dimensions: null,
        consumer_care: consumerCare,
      },
    });

    it('gives the same frozen detail for the same row, with a brotli copy made once', () => {
      const answers = productAnswers(() => 1);
      const r = row(30, { description: 'Cashew fudge with silver leaf. '.repeat(40) });
      const first = answers.detailOf(r, care, make(answers, r, care));
      expect(answers.detailOf(r, care, make(answers, r, care))).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(Object.isFrozen(first.declarations)).toBe(true);
      expect(Object.isFrozen(first.declarations.net_quantity)).toBe(true);
      const json = () => answerBytes(first);
      const copy = brotliCopyOf(first, json);
      expect(brotliDecompressSync(copy as Buffer).toString()).toBe(JSON.stringify(first));
      expect(brotliCopyOf(answers.detailOf(r, care, make(answers, r, care)), json)).toBe(copy);
    });

    it("a sale (a new row) or a new consumer-care contact in the shop's settings makes a new detail", () => {
      const answers = productAnswers(() => 1);
      const before = answers.detailOf(row(31), care, make(answers, row(31), care));
      const soldOut = row(31, { availableStock: 0 });
      const after = answers.detailOf(soldOut, care, make(answers, soldOut, care));
      expect(after).not.toBe(before);
      expect(after.available_stock).toBe(0);
      const newCare = 'Customer Care, Kesar Foods · +91 141 400 4000';
      const moved = answers.detailOf(soldOut, newCare, make(answers, soldOut, newCare));
      expect(moved.declarations.consumer_care).toBe(newCare);
      expect(answers.detailOf(soldOut, newCare, make(answers, soldOut, newCare))).toBe(moved);
    });

    it('keeps no detail, and no copy, in a catalogue over its limit', () => {
      const answers = productAnswers(() => 4, 3);
      const r = row(32, { description: 'Cashew fudge with silver leaf. '.repeat(40) });
      const detail = answers.detailOf(r, care, make(answers, r, care));
      expect(answers.detailOf(r, care, make(answers, r, care))).not.toBe(detail);
      expect(brotliCopyOf(detail, () => answerBytes(detail))).toBeUndefined();
    });
  });
});
