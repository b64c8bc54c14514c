import { types } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import * as stand from './pglite-drizzle-types.ts';

describe("the compiled server's stand-in for what Drizzle's PGlite driver imports", () => {
  it("holds PGlite's own ids for the types whose text the driver keeps", () => {
    for (const name of Object.keys(stand.types) as (keyof typeof stand.types)[])
      expect(stand.types[name]).toBe(types[name]);
  });

  it('refuses to make a PGlite of its own', () => {
    expect(() => new stand.PGlite()).toThrow(/its own thread/);
  });
});
