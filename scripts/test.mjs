// `npm test`: every check, in order — type check, lint, unit + integration (vitest),
// end-to-end (Playwright in Debian's Chromium). Runs them all, then fails if any failed.
// The unit step also writes vitest's JSON report, so the last lines printed name the failed
// tests: CI keeps only the tail of the output, and Playwright's run comes after vitest's.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureBuilt, ensureInstalled } from './ensure-ready.mjs';

ensureInstalled();
ensureBuilt();
const root = new URL('..', import.meta.url).pathname;
const reportDir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
const vitestReport = join(reportDir, 'vitest.json');
const steps = [
  ['type check', 'npx', ['tsc', '-p', '.']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  [
    'unit and integration',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['end-to-end', 'npx', ['playwright', 'test']],
];
const only = process.argv.slice(2);
const failed = [];
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  if (result.status !== 0) failed.push(name);
}
if (failed.includes('unit and integration')) printVitestFailures();
rmSync(reportDir, { recursive: true, force: true });
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll checks passed.');
process.exit(failed.length ? 1 : 0);

/** The failed vitest files and tests, each with the first lines of its message. */
function printVitestFailures() {
  let report;
  try {
    report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  } catch {
    console.log('\nvitest wrote no report; its failures are in its output above.');
    return;
  }
  const firstLines = (text) =>
    String(text ?? '')
      .split('\n')
      .slice(0, 6)
      .map((line) => `      ${line}`)
      .join('\n');
  console.log('\n=== failed unit and integration tests ===');
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && tests.length === 0) {
      console.log(`  ${path}\n${firstLines(file.message)}`);
    }
    for (const test of tests) {
      console.log(`  ${path} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
    }
  }
}
