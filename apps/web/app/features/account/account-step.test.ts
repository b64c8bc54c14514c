import { describe, expect, it } from 'vitest';
import { accountStepOf, toAccountStep } from './account-step.ts';

const noQuery = new URLSearchParams();

describe('what one account screen hands to the next (product rules §2, ADR 0007)', () => {
  it('hands the e-mail and the sign-up’s token in the history state, not in the address', () => {
    const options = toAccountStep({ email: 'a+b@kesar.in', registration_token: 'abc_DEF-123' });
    expect(options).toEqual({ state: { email: 'a+b@kesar.in', registration_token: 'abc_DEF-123' } });
    expect(accountStepOf(options.state, noQuery)).toEqual({
      email: 'a+b@kesar.in',
      registrationToken: 'abc_DEF-123',
    });
  });

  it('reads an e-mail from the query when the state has none (links made before 2026-12-01)', () => {
    expect(accountStepOf(null, new URLSearchParams({ email: ' a@kesar.in ' }))).toEqual({
      email: 'a@kesar.in',
    });
    expect(
      accountStepOf({ email: 'state@kesar.in' }, new URLSearchParams({ email: 'query@kesar.in' })),
    ).toEqual({
      email: 'state@kesar.in',
    });
  });

  it('opens without an e-mail or a token when nothing usable was handed over', () => {
    expect(accountStepOf(null, noQuery)).toEqual({ email: '' });
    expect(accountStepOf('a string', noQuery)).toEqual({ email: '' });
    expect(accountStepOf({ email: 42, registration_token: '' }, noQuery)).toEqual({ email: '' });
    expect(accountStepOf({ registration_token: 7 }, noQuery)).toEqual({ email: '' });
  });
});
