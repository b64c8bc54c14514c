import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptMedia } from './kept-media.ts';
import { createMediaFiles, type FoundFile } from './media-files.ts';

describe('media files kept in memory (kept-media.ts)', () => {
  let dir: string;
  let clock: number;
  let finds: number;
  let reads: number;
  const files = () => createMediaFiles(dir, () => undefined);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kept-media-'));
    clock = 1_000_000;
    finds = 0;
    reads = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A lookup of `name` through the real file-system functions, counting what reaches the disk. */
  function lookupWith(kept: ReturnType<typeof keptMedia>) {
    const media = files();
    return (name: string) =>
      kept.lookup(
        name,
        () => {
          finds += 1;
          return media.original([], name);
        },
        (file: FoundFile) => {
          reads += 1;
          return media.read(file);
        },
      );
  }

  it('sends a small file from memory while it is fresh, without looking at the disk', async () => {
    writeFileSync(join(dir, 'thumb.webp'), 'first');
    const lookup = lookupWith(keptMedia({ now: () => clock }));
    const first = await lookup('thumb.webp');
    expect(first?.bytes?.toString()).toBe('first');
    clock += 999;
    rmSync(join(dir, 'thumb.webp'));
    const again = await lookup('thumb.webp');
    expect(again?.bytes?.toString()).toBe('first');
    expect([finds, reads]).toEqual([1, 1]);
  });

  it('looks at the disk again after a second, and reads the file again only when it changed', async () => {
    const path = join(dir, 'banner.png');
    writeFileSync(path, 'old');
    utimesSync(path, 1_700_000_000, 1_700_000_000);
    const lookup = lookupWith(keptMedia({ now: () => clock }));
    await lookup('banner.png');
    clock += 1_000;
    expect((await lookup('banner.png'))?.bytes?.toString()).toBe('old');
    expect([finds, reads]).toEqual([2, 1]);
    // An operator replaces the original under the same name.
    writeFileSync(path, 'newer');
    clock += 1_000;
    const replaced = await lookup('banner.png');
    expect(replaced?.bytes?.toString()).toBe('newer');
    expect(replaced?.file.stats.size).toBe(5);
    expect([finds, reads]).toEqual([3, 2]);
  });

  it('drops a file that is no longer found once its copy is stale', async () => {
    writeFileSync(join(dir, 'gone.webp'), 'bytes');
    const kept = keptMedia({ now: () => clock });
    const lookup = lookupWith(kept);
    await lookup('gone.webp');
    rmSync(join(dir, 'gone.webp'));
    clock += 1_000;
    expect(await lookup('gone.webp')).toBeNull();
    expect(kept.bytes).toBe(0);
  });

  it('streams a file over the size limit from disk every time instead of keeping it', async () => {
    writeFileSync(join(dir, 'catalogue.pdf'), Buffer.alloc(2_000));
    const kept = keptMedia({ maxFileBytes: 1_000, now: () => clock });
    const lookup = lookupWith(kept);
    const found = await lookup('catalogue.pdf');
    expect(found?.bytes).toBeNull();
    expect(found?.file.stats.size).toBe(2_000);
    await lookup('catalogue.pdf');
    expect([finds, reads, kept.bytes]).toEqual([2, 0, 0]);
  });

  it('keeps at most its bound in bytes, the least recently asked file going first', async () => {
    for (const name of ['a.webp', 'b.webp', 'c.webp']) writeFileSync(join(dir, name), Buffer.alloc(400));
    const kept = keptMedia({ maxBytes: 1_000, now: () => clock });
    const lookup = lookupWith(kept);
    await lookup('a.webp');
    await lookup('b.webp');
    await lookup('a.webp'); // a is now the most recently asked
    await lookup('c.webp'); // 1,200 bytes: b goes
    expect(kept.bytes).toBe(800);
    expect([finds, reads]).toEqual([3, 3]);
    await lookup('a.webp');
    await lookup('c.webp');
    expect([finds, reads]).toEqual([3, 3]);
    await lookup('b.webp');
    expect([finds, reads]).toEqual([4, 4]);
  });
});
