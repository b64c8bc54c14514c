import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Saffron#2024');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Saffron#2024', stored)).toBe(true);
    expect(await verifyPassword('saffron#2024', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('never matches a malformed or foreign hash', async () => {
    for (const stored of [
      '',
      'plain',
      '$2b$10$abcdefghijklmnopqrstuv',
      'scrypt$0$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      'scrypt$1073741824$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
    ]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('does the hash work for unknown accounts and answers false', async () => {
    expect(await verifyAgainstDummy('Saffron#2024')).toBe(false);
  });
});
