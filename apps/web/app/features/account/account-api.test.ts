import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './account-api.ts';

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
