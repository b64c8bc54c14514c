/**
 * How `npm start` and the bench run the server (scripts/server-flags.mjs): the flags are read
 * when the module loads, so each case runs Node afresh, started the way start.mjs starts the
 * server, and asks it what V8 and the environment were given.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const flagsModule = join(dirname(new URL(import.meta.url).pathname), 'server-flags.mjs');

/** Runs `script` in a Node started with the server's flags and environment; its JSON output. */
function inServerNode(
  script: string,
  nodeOptions?: string,
): { heapLimitMiB: number; execArgv: string[]; env: Record<string, string> } {
  const load = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `import * as f from '${flagsModule}'; console.log(JSON.stringify(f));`],
    { env: { ...process.env, NODE_OPTIONS: nodeOptions ?? '' }, encoding: 'utf8' },
  );
  const { SERVER_NODE_FLAGS, SERVER_ENV } = JSON.parse(load.stdout) as {
    SERVER_NODE_FLAGS: string[];
    SERVER_ENV: Record<string, string>;
  };
  const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', script], {
    env: { ...SERVER_ENV, ...process.env, NODE_OPTIONS: nodeOptions ?? '' },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const report = `const v8 = require('node:v8');
console.log(JSON.stringify({
  heapLimitMiB: Math.round(v8.getHeapStatistics().heap_size_limit / 1048576),
  execArgv: process.execArgv,
  env: {
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_,
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_,
  },
}));`;

describe('the server’s Node flags and environment (ADR 0012: RSS < 300 MiB)', () => {
  it('limit V8’s heap to 512 MiB of old generation (plus the young one), so it grows ~1.4× its live data, not 4×', () => {
    const { heapLimitMiB } = inServerNode(report);
    // heap_size_limit is the old generation's limit plus the young generation's (3 × 8 MiB semi-spaces).
    expect(heapLimitMiB).toBeGreaterThanOrEqual(512);
    expect(heapLimitMiB).toBeLessThan(600);
  });

  it('give V8’s young generation 8 MiB semi-spaces, so that answers in flight under load die young instead of filling the old generation', () => {
    // V8 sizes the heap's limit as the old generation's 512 MiB and three semi-spaces: 524 MiB at
    // 4 MiB semi-spaces (2026-11-25 to 2026-11-30), 536 at 8.
    expect(inServerNode(report).heapLimitMiB).toBe(512 + 3 * 8);
  });

  it('leave the heap limit to NODE_OPTIONS when it sets one (a catalogue larger than ~400,000 products)', () => {
    const { heapLimitMiB } = inServerNode(report, '--max-old-space-size=1536');
    expect(heapLimitMiB).toBeGreaterThanOrEqual(1536);
  });

  it('compile WebAssembly (PGlite’s postgres) on one background task, whose freed scratch glibc keeps less of', () => {
    // Node refuses a flag V8 does not know, so a run that answers has V8 holding this one.
    expect(inServerNode(report).execArgv).toContain('--wasm-num-compilation-tasks=1');
  });

  it('recompile WebAssembly with TurboFan only after 100 times V8’s budget, so a start does not wait on it', () => {
    expect(inServerNode(report).execArgv).toContain('--wasm-tiering-budget=180000000');
  });

  it('fix glibc’s mmap threshold at 256 KiB and its arenas at two', () => {
    expect(inServerNode(report).env).toMatchObject({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '262144',
    });
  });

  it('keep up to 2 MiB free at the top of an arena, so small brotli encoders do not fault their pages in each time', () => {
    expect(inServerNode(report).env.MALLOC_TRIM_THRESHOLD_).toBe('2097152');
  });
});
