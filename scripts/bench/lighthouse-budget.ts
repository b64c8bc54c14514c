/**
 * The storefront's Lighthouse budget (mobile, product rules §11): Performance ≥ 95,
 * Accessibility, Best Practices and SEO 100 on home, category, content and product pages, and the
 * home page's JavaScript ≤ 150 KB gzip. A page below it is a missed budget of the bench, like a
 * slow API scenario.
 */
export const LIGHTHOUSE_BUDGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
} as const;

/** The home page's scripts, gzip-compressed. */
export const HOME_JS_BUDGET_BYTES = 150 * 1024;

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  jsGzipBytes: number;
}

/** What a page misses of the budget, e.g. ["performance 93 < 95"]; empty when within it. */
export function lighthouseMisses(row: LighthouseScores): string[] {
  const misses = (Object.keys(LIGHTHOUSE_BUDGET) as Array<keyof typeof LIGHTHOUSE_BUDGET>)
    .filter((category) => row[category] < LIGHTHOUSE_BUDGET[category])
    .map((category) => `${category} ${row[category]} < ${LIGHTHOUSE_BUDGET[category]}`);
  if (row.path === '/' && row.jsGzipBytes > HOME_JS_BUDGET_BYTES)
    misses.push(`JS ${Math.round(row.jsGzipBytes / 1024)} KB gzip > ${HOME_JS_BUDGET_BYTES / 1024} KB`);
  return misses;
}
