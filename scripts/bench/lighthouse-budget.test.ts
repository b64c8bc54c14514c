import { describe, expect, it } from 'vitest';
import { lighthouseMisses } from './lighthouse-budget.ts';

const row = (over: Partial<Parameters<typeof lighthouseMisses>[0]>) => ({
  path: '/product/1/kaju-katli',
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  jsGzipBytes: 200 * 1024,
  ...over,
});

describe('the Lighthouse budget (product rules §11: mobile 95 / 100 / 100 / 100, home JS ≤ 150 KB gzip)', () => {
  it('a page at or above every score is within budget', () => {
    expect(lighthouseMisses(row({ performance: 95 }))).toEqual([]);
  });

  it('names every score below budget', () => {
    expect(
      lighthouseMisses(row({ performance: 94, seo: 92, accessibility: 100, bestPractices: 96 })),
    ).toEqual(['performance 94 < 95', 'bestPractices 96 < 100', 'seo 92 < 100']);
  });

  it('holds the home page, and only it, to 150 KB of JavaScript gzip', () => {
    expect(lighthouseMisses(row({ path: '/', jsGzipBytes: 150 * 1024 }))).toEqual([]);
    expect(lighthouseMisses(row({ path: '/', jsGzipBytes: 160 * 1024 }))).toEqual([
      'JS 160 KB gzip > 150 KB',
    ]);
  });
});
