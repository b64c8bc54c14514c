import { describe, expect, it } from 'vitest';
import { decodeSlug } from './slug.ts';

describe('slug decoding (product rules §9)', () => {
  it('turns hyphens into spaces', () => {
    expect(decodeSlug('about-us')).toBe('about us');
  });

  it('decodes percent-escapes', () => {
    expect(decodeSlug('terms%20%26-conditions')).toBe('terms & conditions');
    expect(decodeSlug('%E0%A4%95%E0%A5%87%E0%A4%B8%E0%A4%B0')).toBe('केसर');
  });

  it('keeps a malformed escape as typed', () => {
    expect(decodeSlug('100%-pure')).toBe('100% pure');
  });
});
