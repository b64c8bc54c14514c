import { describe, expect, it } from 'vitest';
import { registrationTokenOf, safeLocalPath, withEmail } from './account-api.ts';

describe('after-login target', () => {
  it('keeps paths of this site', () => {
    expect(safeLocalPath('/change-password')).toBe('/change-password');
    expect(safeLocalPath('/orders/12?tab=items')).toBe('/orders/12?tab=items');
  });

  it('refuses other hosts and empty values (no open redirect)', () => {
    expect(safeLocalPath('https://evil.example/login')).toBeNull();
    expect(safeLocalPath('//evil.example')).toBeNull();
    expect(safeLocalPath('/\\evil.example')).toBeNull();
    expect(safeLocalPath('')).toBeNull();
    expect(safeLocalPath(null)).toBeNull();
  });
});

describe('withEmail', () => {
  it('carries the e-mail in the query, encoded', () => {
    expect(withEmail('/verify-email', 'a+b@kesar.in')).toBe('/verify-email?email=a%2Bb%40kesar.in');
  });
});

describe('registration token handed from /signup to /verify-email (ADR 0007)', () => {
  it('reads the sign-up’s token from the history state and nothing else', () => {
    expect(registrationTokenOf({ registration_token: 'abc_DEF-123' })).toBe('abc_DEF-123');
    expect(registrationTokenOf(null)).toBeUndefined();
    expect(registrationTokenOf({})).toBeUndefined();
    expect(registrationTokenOf({ registration_token: '' })).toBeUndefined();
    expect(registrationTokenOf({ registration_token: 42 })).toBeUndefined();
  });
});
