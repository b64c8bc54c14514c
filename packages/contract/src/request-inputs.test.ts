/**
 * What JSON clients send besides the storefront: `null` for an optional field counts as not
 * given, a repeated query parameter counts its first value, and quantities beyond every limit
 * are told the limit (not an internal number).
 */
import { describe, expect, it } from 'vitest';
import { changePasswordSchema, verifyEmailSchema } from './customers.ts';
import { contactQueryRequestSchema } from './engagement.ts';
import { grievanceLookupQuerySchema, grievanceRequestSchema } from './grievances.ts';
import { cartLineSchema, orderStatusFilterSchema, priceCartRequestSchema } from './orders.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('null for an optional field counts as not given', () => {
  it('the contact form’s subject', () => {
    const form = {
      name: 'Asha',
      email_address: 'asha@example.in',
      contact_number: '9876543210',
      message: 'Do you ship to Pune?',
      captcha_value: 'x',
    };
    expect(contactQueryRequestSchema.parse({ ...form, subject: null }).subject).toBeUndefined();
  });

  it('the grievance’s order number', () => {
    const form = {
      name: 'Asha',
      email_address: 'asha@example.in',
      contact_number: '9876543210',
      category: 'delivery',
      description: 'The parcel arrived with a torn packet of namkeen.',
      captcha_value: 'x',
    };
    const parsed = grievanceRequestSchema.safeParse({ ...form, order_number: null });
    expect(messagesOf(parsed)).toEqual([]);
    expect(parsed.data?.order_number).toBeUndefined();
  });

  it('the sign-up’s registration token and change-password’s confirm_password', () => {
    const verify = verifyEmailSchema.safeParse({
      email: 'a@example.in',
      email_verification_otp: '123456',
      registration_token: null,
    });
    expect(messagesOf(verify)).toEqual([]);
    expect(verify.data?.registration_token).toBeUndefined();
    expect(
      changePasswordSchema.safeParse({ new_password: 'Secret@123', confirm_password: null }).success,
    ).toBe(true);
  });
});

describe('a repeated query parameter counts its first value', () => {
  it('the order status filter and the grievance lookup’s e-mail', () => {
    expect(orderStatusFilterSchema.parse(['pending', 'shipped'])).toEqual(['pending']);
    expect(grievanceLookupQuerySchema.parse({ email: ['a@b.in', 'c@d.in'] }).email).toBe('a@b.in');
  });
});

describe('quantities', () => {
  it('beyond 2^53 are told the real limit; text, booleans and objects are not whole numbers', () => {
    const line = (quantity: unknown) => messagesOf(cartLineSchema.safeParse({ item_id: 1, quantity }));
    expect(line(1e16)[0]).toBe('Quantity cannot be more than 100.');
    expect(line(101)).toEqual(['Quantity cannot be more than 100.']);
    expect(line(0)).toEqual(['Quantity must be at least 1.']);
    expect(line(1.5)).toEqual(['Quantity must be a whole number.']);
    for (const bad of ['abc', true, {}]) expect(line(bad)).toEqual(['Quantity must be a whole number.']);
    expect(line(undefined)).toEqual(['This is a required field.']);
    expect(line('5')).toEqual([]);
    const priced = priceCartRequestSchema.safeParse({ items: [{ item_id: 1, quantity: 1e16 }] });
    expect(priced.error?.issues[0]?.code).toBe('too_big');
    expect(JSON.stringify(priced.error?.issues[0])).toContain('10000');
  });
});
