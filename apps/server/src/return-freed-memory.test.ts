import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbageNow } from './collect-garbage.ts';
import { returnFreedMemory, startReturningFreedMemory } from './return-freed-memory.ts';

/**
 * Rule (issue #17, server RSS < 300 MiB): memory the server freed between blocks still in use goes
 * back to the system, not only what glibc gives back on its own (the top of an arena).
 */

const glibc =
  process.platform === 'linux' &&
  Boolean(
    (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime,
  );

const MiB = 2 ** 20;

/**
 * 2,000 blocks of 64 KiB from malloc's arenas (below the size that gets a mapping of its own),
 * written so that their pages are resident, and every other one freed: holes that glibc keeps.
 * Returns the blocks still in use and the RSS with the holes.
 */
async function leaveHoles(): Promise<{ kept: Buffer[]; rss: number }> {
  let blocks: Buffer[] | null = Array.from({ length: 2_000 }, () =>
    Buffer.allocUnsafeSlow(64 * 1024).fill(7),
  );
  const kept = blocks.filter((_, i) => i % 2 === 1);
  blocks = null;
  collectGarbageNow();
  await sleep(20);
  collectGarbageNow();
  return { kept, rss: process.memoryUsage.rss() };
}

describe('freed memory returned to the system', () => {
  it.runIf(glibc)('gives back the pages of blocks freed between blocks still in use', async () => {
    const { kept, rss } = await leaveHoles();
    // Freed, but still resident: glibc keeps the holes for later allocations.
    expect(process.memoryUsage.rss()).toBeGreaterThan(rss - 8 * MiB);

    expect(await returnFreedMemory()).toBe(true);

    // ~62 MiB of holes; the blocks in use keep theirs.
    expect(rss - process.memoryUsage.rss()).toBeGreaterThan(32 * MiB);
    expect(kept.every((block) => block[65_535] === 7)).toBe(true);
  });

  it.runIf(glibc)('does so on its own while started, and no more once stopped', async () => {
    const { kept, rss } = await leaveHoles();
    const stop = await startReturningFreedMemory(20);
    expect(stop).not.toBeNull();
    try {
      const deadline = Date.now() + 5_000;
      while (rss - process.memoryUsage.rss() < 32 * MiB && Date.now() < deadline) await sleep(20);
      expect(rss - process.memoryUsage.rss()).toBeGreaterThan(32 * MiB);
    } finally {
      stop?.();
    }
    const after = await leaveHoles();
    await sleep(200);
    expect(process.memoryUsage.rss()).toBeGreaterThan(after.rss - 8 * MiB);
    // The blocks in use, from before and after the stop, kept their contents throughout.
    expect([...kept, ...after.kept].every((block) => block[65_535] === 7)).toBe(true);
  });
});
