// `npm test`: every check, in order — type check, lint, unit + integration (vitest),
// end-to-end (Playwright in Debian's Chromium). Runs them all, then fails if any failed.
import { spawnSync } from 'node:child_process';
import { ensureBuilt, ensureInstalled } from './ensure-ready.mjs';

ensureInstalled();
ensureBuilt();
const root = new URL('..', import.meta.url).pathname;
const steps = [
  ['type check', 'npx', ['tsc', '-p', '.']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['unit and integration', 'npx', ['vitest', 'run']],
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
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll checks passed.');
process.exit(failed.length ? 1 : 0);
