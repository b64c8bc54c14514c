import { describe, expect, it } from 'vitest';
import { matchesEtag } from './etag.ts';

describe('If-None-Match against an ETag (etag.ts)', () => {
  it('matches the same tag, alone or in a list, weak on either side, and *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
  });

  it('does not match another tag, a part of one, or no header', () => {
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag('"ab"', '"abc"')).toBe(false);
    expect(matchesEtag('', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
