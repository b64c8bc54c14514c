import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressInputSchema } from './addresses.ts';
import { loginSchema } from './customers.ts';
import { databaseId, installFallbackValidationMessages, requiredText } from './validation.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`${JSON.stringify(value)} passed`);
  return result.error.issues[0]?.message;
};

describe('fallback validation messages (product rules §7: a clear message for every bad input)', () => {
  installFallbackValidationMessages();

  it('names a missing value with product rules §5 text and a wrong type in plain words', () => {
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('This is a required field.');
    expect(messageOf(z.string(), null)).toBe('This is a required field.');
    expect(messageOf(z.string(), 5)).toBe('This must be text.');
    expect(messageOf(z.number(), 'x')).toBe('This must be a number.');
    expect(messageOf(z.array(z.string()), 'x')).toBe('This must be a list.');
    expect(messageOf(z.object({}), [1])).toBe('This must be an object.');
    expect(messageOf(z.record(z.string(), z.unknown()), 'x')).toBe('This must be an object.');
    expect(messageOf(z.boolean(), 1)).toBe('This must be true or false.');
  });

  it('states length and range limits', () => {
    expect(messageOf(z.string().max(40), 'x'.repeat(41))).toBe('This must be at most 40 characters long.');
    expect(messageOf(z.string().min(1), '')).toBe('This is a required field.');
    expect(messageOf(z.string().min(3), 'ab')).toBe('This must be at least 3 characters long.');
    expect(messageOf(z.number().max(10), 11)).toBe('This must be at most 10.');
    expect(messageOf(z.number().positive(), 0)).toBe('This must be greater than 0.');
    expect(messageOf(z.number().int(), 1.5)).toBe('This must be a whole number.');
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('This must have at most 2 items.');
  });

  it('a choice or an id that was not sent is required, not invalid', () => {
    expect(messageOf(z.object({ kind: z.enum(['flat', 'percent']) }), {})).toBe('This is a required field.');
    expect(messageOf(z.enum(['flat', 'percent']), 'other')).toBe('This value is invalid.');
    expect(messageOf(z.object({ id: databaseId() }), {})).toBe('This is a required field.');
    expect(messageOf(databaseId(), 'x')).toBe('This is not a valid id.');
  });

  it('a whole number beyond 2^53 is too large, without naming 2^53 as the limit', () => {
    expect(messageOf(z.number().int().max(100), 2 ** 60)).toBe('This number is too large.');
    expect(messageOf(z.number().int().max(100), 101)).toBe('This must be at most 100.');
  });

  it('keeps a message a check names itself', () => {
    expect(messageOf(z.string().max(2, 'Too long, friend.'), 'abc')).toBe('Too long, friend.');
    expect(messageOf(z.string({ error: 'Say something.' }), 5)).toBe('Say something.');
  });

  it("text fields say 'This is a required field.' only when nothing was sent, 'This must be text.' for another type", () => {
    expect(messageOf(requiredText, undefined)).toBe('This is a required field.');
    expect(messageOf(requiredText, '  ')).toBe('This is a required field.');
    expect(messageOf(requiredText, 42)).toBe('This must be text.');
    const login = loginSchema.safeParse({ username: 123, password: ['x'] });
    expect(login.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', 'This must be text.'],
      ['password', 'This must be text.'],
    ]);
    const address = addressInputSchema.safeParse({ city: { a: 1 }, address_type: 7 });
    const byField = Object.fromEntries(address.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(byField).toMatchObject({
      contact_person: 'This is a required field.',
      city: 'This must be text.',
      address_type: 'This must be text.',
    });
  });
});
