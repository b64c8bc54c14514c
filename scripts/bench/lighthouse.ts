import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/**
 * Lighthouse (mobile, the default config) against a running shop: the storefront budgets of
 * product rules §11 (Performance ≥ 95, Accessibility / Best Practices / SEO 100, home JS ≤ 150 KB gzip).
 * Used by `npm run bench`, or on its own:
 *   npx tsx scripts/bench/lighthouse.ts http://127.0.0.1:PORT / /category/2/1/food /page/about-us
 */
export interface LighthouseRow {
  path: string;
  /** The median run's Performance score; `performanceRuns` lists every run's. */
  performance: number;
  performanceRuns: string;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of the page's scripts as Chromium received them (Brotli when the shop offers it). */
  jsSentBytes: number;
  /** The same scripts' bodies gzip-compressed (what product rules §11 budget is stated in). */
  jsGzipBytes: number;
}

/** Debian's Chromium with the flags that keep it quiet and offline-friendly (see DEVELOPERS notes). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface NetworkRequestItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

interface AuditLike {
  numericValue?: number;
  details?: { items?: unknown[] };
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

function numeric(audits: Record<string, AuditLike>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

function scripts(audits: Record<string, AuditLike>): NetworkRequestItem[] {
  const items = (audits['network-requests']?.details?.items ?? []) as NetworkRequestItem[];
  return items.filter((item) => item.resourceType === 'Script');
}

/** Sum of transferred bytes of every script the page loaded (network-requests audit). */
function scriptBytes(audits: Record<string, AuditLike>): number {
  return scripts(audits).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** Sum of the gzip-compressed bodies of the same scripts, fetched again asking for gzip only. */
async function scriptGzipBytes(audits: Record<string, AuditLike>): Promise<number> {
  let total = 0;
  for (const { url } of scripts(audits)) {
    if (!url) continue;
    const body = new Uint8Array(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run in a fresh Chromium. Trace recording fails now and then (NO_NAVSTART) when
 * runs share a browser, so each run gets its own, and a failed run is retried once.
 */
async function audit(url: string, attempt = 1): Promise<Lhr> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } catch (error) {
    if (attempt < 2) return audit(url, attempt + 1);
    throw error;
  } finally {
    chrome.kill();
  }
}

/**
 * Runs per page. One Lighthouse run on this 2-core machine swings by ±5 points with whatever else
 * the CPU is doing (the simulated times are the observed CPU times × 4), so each page is measured
 * LIGHTHOUSE_RUNS times (default 3) and the run with the median Performance score is reported —
 * Lighthouse's own advice for comparing builds.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/** The run with the median Performance score. */
function medianRun(runs: Lhr[]): Lhr {
  const sorted = [...runs].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)] as Lhr;
}

/** Runs Lighthouse (mobile) RUNS times per path and returns the median run's scores and metrics. */
export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const path of paths) {
    const runs: Lhr[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(new URL(path, baseUrl).href));
    const { categories, audits } = medianRun(runs);
    const auditMap = audits as Record<string, AuditLike>;
    rows.push({
      path,
      performance: score(categories.performance?.score),
      performanceRuns: runs.map((r) => score(r.categories.performance?.score)).join(' / '),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      seo: score(categories.seo?.score),
      lcpMs: Math.round(numeric(auditMap, 'largest-contentful-paint')),
      tbtMs: Math.round(numeric(auditMap, 'total-blocking-time')),
      cls: Number(numeric(auditMap, 'cumulative-layout-shift').toFixed(3)),
      jsSentBytes: scriptBytes(auditMap),
      jsGzipBytes: await scriptGzipBytes(auditMap),
    });
  }
  return rows;
}

/** Audits that cost points (score below 0.9), for the CLI's `--why` list. */
export async function failingAudits(baseUrl: string, path: string): Promise<string[]> {
  const { categories, audits } = await audit(new URL(path, baseUrl).href);
  const out: string[] = [];
  for (const category of Object.values(categories)) {
    for (const ref of category.auditRefs) {
      const item = audits[ref.id];
      if (!item || ref.weight === 0 || item.score === null || item.score >= 0.9) continue;
      out.push(`${category.id}: ${item.id} (${item.score}) ${item.displayValue ?? ''} ${item.title}`);
    }
  }
  return out;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const [baseUrl, ...rest] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: npx tsx scripts/bench/lighthouse.ts <baseUrl> [path …] [--why]');
    process.exit(2);
  }
  const why = rest.includes('--why');
  const paths = rest.filter((p) => p !== '--why');
  const list = paths.length ? paths : ['/'];
  const rows = await runLighthouse(baseUrl, list);
  console.table(rows);
  if (why) {
    for (const path of list) {
      const audits = await failingAudits(baseUrl, path);
      console.log(`\n${path}:${audits.length ? '' : ' nothing below 0.9'}`);
      for (const line of audits) console.log(`  ${line}`);
    }
  }
}
