import { describe, expect, it, vi } from 'vitest';

describe('ApiFailure', () => {
  it('is recognised by instanceof across two copies of the module (server build vs storefront build)', async () => {
    const first = await import('./storefront-context.ts');
    vi.resetModules();
    const second = await import('./storefront-context.ts');
    expect(second.ApiFailure).not.toBe(first.ApiFailure);
    const failure = new first.ApiFailure(400, { name: 'Bad Request' }, 'refused');
    expect(failure instanceof second.ApiFailure).toBe(true);
    expect(failure instanceof Error).toBe(true);
    expect(new Error('other') instanceof second.ApiFailure).toBe(false);
    expect((null as unknown as object) instanceof second.ApiFailure).toBe(false);
  });
});
