/** What the back office's forms are told about a bad value: in the unit the form is typed in, and for the rule broken. */
import { describe, expect, it } from 'vitest';
import { productCreateSchema } from './catalogue.ts';
import { orderRefundRequestSchema } from './orders.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('back-office form messages', () => {
  it('a price above the limit is told in rupees, as the price fields are typed, not in paise', () => {
    const product = { name: 'Kaju Katli', category_id: 5, selling_price_paise: 99_999_999_999 };
    expect(messagesOf(productCreateSchema.safeParse(product))).toEqual([
      'A price can be at most ₹1,00,00,000.00.',
    ]);
  });

  it('a refund reason: empty asks for it, one or two characters are told the length', () => {
    const reason = (text: string) =>
      messagesOf(orderRefundRequestSchema.safeParse({ amount_paise: 100, reason: text }));
    expect(reason('')).toEqual(['Please give the reason the customer will read.']);
    expect(reason('   ')).toEqual(['Please give the reason the customer will read.']);
    expect(reason('x')).toEqual(['The reason needs at least 3 characters.']);
    expect(reason('Damaged box')).toEqual([]);
  });
});
