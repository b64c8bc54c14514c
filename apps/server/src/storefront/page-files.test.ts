import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheTags } from '../http/response-cache.ts';
import { type CachedPage, encodePage, INLINE_PAGE_BYTES, pageStore } from './page-cache.ts';
import { NO_PAGE_FILES, openPageFiles, type PageFiles } from './page-files.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'pages-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A pid no process has: that of a child that has exited. */
function pidOfAStoppedProcess(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

const page = (text: string): CachedPage => ({
  body: Buffer.from(text),
  headers: { 'content-type': 'text/html; charset=utf-8' },
  etag: `W/"${text}"`,
  cspNonce: `nonce-of-${text}`,
  quick: false,
});

/** A store that keeps every page in a file, however small (the pages of these tests are). */
const ON_DISK = { inlineBudget: 0 };

/** The segment files that exist now, in every directory under root. */
async function filesOnDisk(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of await readdir(root)) found.push(...(await readdir(join(root, dir))));
  return found;
}

/** Waits for the background removals (close, unlink) of segments whose pages all went. */
async function removalsDone(files: number) {
  for (let i = 0; i < 200 && (await filesOnDisk()).length !== files; i++)
    await new Promise((r) => setTimeout(r, 5));
}

/** The segment file a page lies in. */
const segmentOf = (place: string) => place.slice(0, place.lastIndexOf('#'));

describe('kept pages in files (page-files.ts)', () => {
  it("a compressed page owns its bytes: a small one holds no 16 KiB chunk of zlib's", async () => {
    const html = Buffer.from('<html><body>kaju katli</body></html>'.repeat(300));
    const { body } = await encodePage(html, { 'content-type': 'text/html' }, 'abc');
    expect(body.byteLength).toBeLessThan(16 * 1024);
    expect(body.buffer.byteLength).toBe(body.byteLength);
  });

  it('writes a page and reads it back; a removed page reads as gone', async () => {
    const files = await openPageFiles(root, 0); // no recent pages in memory: every read is of the file
    const file = await files.write(Buffer.from('<html>kaju katli</html>'));
    expect(file).not.toBeNull();
    expect((await files.read(file as string, 23))?.toString()).toBe('<html>kaju katli</html>');
    // Fewer or more bytes than the page has (an index out of step with its file) are not sent.
    expect(await files.read(file as string, 24)).toBeNull();
    expect(files.usage().pages).toBe(1);
    files.remove(file as string);
    expect(await files.read(file as string, 23)).toBeNull();
    expect(files.usage().pages).toBe(0);
    await files.close();
  });

  it('the most recently read pages are answered from memory, within its budget; a removed page is not', async () => {
    const bytes = (text: string) => Buffer.from(text.repeat(20));
    const pages = { a: bytes('a'), b: bytes('b') };
    const files = await openPageFiles(root, 1_000);
    const a = (await files.write(pages.a)) as string;
    const b = (await files.write(pages.b)) as string;
    // Both were written moments ago: the very bytes written are answered, not a read of the file.
    expect(await files.read(a, 20)).toBe(pages.a);
    expect(await files.read(b, 20)).toBe(pages.b);
    files.remove(a); // dropped from the index (a change it showed): not answered from memory either
    expect(await files.read(a, 20)).toBeNull();
    // Past the budget (1,000 bytes; a page counts its place, ~50 characters, and its 20 bytes) the
    // least recently read go, and are read from their segment again.
    for (let i = 0; i < 30; i++) await files.write(bytes(String(i % 10)));
    const fromDisk = await files.read(b, 20);
    expect(fromDisk).not.toBe(pages.b);
    expect(fromDisk?.toString()).toBe('b'.repeat(20));
    await files.close();
  });

  it('pages share segment files; a segment is deleted once none of its pages is kept', async () => {
    const files = await openPageFiles(root, 0, { segmentBytes: 50 });
    const page = (n: number) => Buffer.from(String(n).repeat(20));
    const [one, two, three] = [
      (await files.write(page(1))) as string,
      (await files.write(page(2))) as string,
      (await files.write(page(3))) as string, // 60 bytes would not fit in the first: a second segment
    ];
    expect(segmentOf(one)).toBe(segmentOf(two));
    expect(segmentOf(three)).not.toBe(segmentOf(one));
    expect(await filesOnDisk()).toHaveLength(2);
    expect(files.usage()).toEqual({ pages: 3, diskBytes: 60 });
    files.remove(one);
    await removalsDone(1);
    expect(await filesOnDisk()).toHaveLength(2); // the second page still lives in it
    files.remove(two);
    await removalsDone(1);
    expect(await filesOnDisk()).toHaveLength(1);
    expect(files.usage()).toEqual({ pages: 1, diskBytes: 20 });
    expect((await files.read(three, 20))?.toString()).toBe('3'.repeat(20));
    await files.close();
  });

  it('the segments stay within their bytes on disk: the oldest go, and their pages read as gone', async () => {
    const files = await openPageFiles(root, 0, { segmentBytes: 20, diskBytes: 60 });
    const written: string[] = [];
    for (let n = 0; n < 5; n++)
      written.push((await files.write(Buffer.from(String(n).repeat(20)))) as string);
    expect(files.usage()).toEqual({ pages: 3, diskBytes: 60 });
    expect(await files.read(written[0] as string, 20)).toBeNull();
    expect(await files.read(written[1] as string, 20)).toBeNull();
    for (const n of [2, 3, 4])
      expect((await files.read(written[n] as string, 20))?.toString()).toBe(String(n).repeat(20));
    await removalsDone(3);
    expect(await filesOnDisk()).toHaveLength(3);
    await files.close();
  });

  it("a read under way when its segment is deleted gets the page, never another file's bytes", async () => {
    const files = await openPageFiles(root, 0, { segmentBytes: 20 });
    const first = (await files.write(Buffer.from('a'.repeat(20)))) as string;
    await files.write(Buffer.from('b'.repeat(20))); // the first segment is full: no longer written
    // The read is handed to the thread pool before the page goes. (Whether its descriptor could be
    // closed under it depends on the pool's threads' timing, which a test cannot force: this holds
    // what the reader gets, the `busy` count in page-files.ts holds the descriptor.)
    const reading = files.read(first, 20);
    await new Promise((r) => setImmediate(r));
    files.remove(first); // its last page: the segment goes, its descriptor once the read is done
    // A file opened meanwhile may be given any free descriptor number.
    const other = (await files.write(Buffer.from('c'.repeat(20)))) as string;
    expect((await reading)?.toString()).toBe('a'.repeat(20));
    expect((await files.read(other, 20))?.toString()).toBe('c'.repeat(20));
    await files.close();
  });

  it('each app has a directory of its own, removed with every page in it when the app closes', async () => {
    const first = await openPageFiles(root);
    const second = await openPageFiles(root);
    const a = (await first.write(Buffer.from('a'))) as string;
    const b = (await second.write(Buffer.from('b'))) as string;
    expect(dirname(a)).not.toBe(dirname(b));
    await first.close();
    expect(existsSync(dirname(a))).toBe(false);
    expect((await second.read(b, 1))?.toString()).toBe('b');
    await second.close();
  });

  it("a start removes what stopped processes of this host left behind (an earlier process with its pid too), not a running process's or another host's", async () => {
    const host = hostname().replace(/[^A-Za-z0-9.]/g, '_');
    const stopped = join(root, `${host}-${pidOfAStoppedProcess()}-0a0b0c0d`);
    const running = join(root, `${host}-${process.ppid}-0e0f0a0b`);
    const otherHost = join(root, `another.host-${pidOfAStoppedProcess()}-0c0d0e0f`);
    // An earlier process with this process's pid (a container restarted: pid 1 again).
    const samePid = join(root, `${host}-${process.pid}-0d0e0f0a`);
    const openedHere = await openPageFiles(root); // another app of this process: its folder stays
    for (const dir of [stopped, running, otherHost, samePid]) {
      await mkdir(dir);
      await writeFile(join(dir, '0.br'), 'page');
    }
    const files = await openPageFiles(root);
    expect(existsSync(stopped)).toBe(false);
    expect(existsSync(samePid)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(otherHost)).toBe(true);
    const kept = (await openedHere.write(Buffer.from('home'))) as string;
    expect(existsSync(segmentOf(kept))).toBe(true);
    await files.close();
    await openedHere.close();
  });

  it('a folder that cannot be made is an error the server turns into keeping no page', async () => {
    await writeFile(join(root, 'a-file'), 'not a folder');
    await expect(openPageFiles(join(root, 'a-file', 'pages'))).rejects.toThrow();
    const store = pageStore(NO_PAGE_FILES, ON_DISK);
    await store.set('http://shop/', page('home'), [cacheTags.content], store.index.version);
    expect(await store.get('http://shop/')).toBeUndefined();
  });

  it('a page that cannot be written is not kept (the render is still sent)', async () => {
    const files = await openPageFiles(root);
    const store = pageStore(files, ON_DISK);
    const [dir] = await readdir(root);
    await rm(join(root, dir as string), { recursive: true }); // the disk lost the directory
    await store.set('http://shop/', page('home'), [cacheTags.content], store.index.version);
    expect(store.index.size).toBe(0);
    expect(await store.get('http://shop/')).toBeUndefined();
  });
});

describe('the page store: an index in memory, pages in files (freshness rule, ADR 0009)', () => {
  let files: PageFiles;
  beforeEach(async () => {
    files = await openPageFiles(root, 0); // every read is of the file
  });
  afterEach(() => files.close());

  it('a kept page is answered from its file until a change it shows drops it, file and all', async () => {
    const store = pageStore(files, ON_DISK);
    const tags = [cacheTags.catalogue, cacheTags.product(7)];
    await store.set('http://shop/product/7/kaju', page('kaju, 3 left'), tags, store.index.version);
    await store.set(
      'http://shop/product/8/namkeen',
      page('namkeen'),
      [cacheTags.product(8)],
      store.index.version,
    );
    const kept = await store.get('http://shop/product/7/kaju');
    expect(kept?.body.toString()).toBe('kaju, 3 left');
    // With its render's nonce, which the security policy is made from as it is sent.
    expect(kept?.cspNonce).toBe('nonce-of-kaju, 3 left');
    expect(files.usage().pages).toBe(2);
    store.index.invalidate([cacheTags.product(7)]); // the last three were sold
    expect(await store.get('http://shop/product/7/kaju')).toBeUndefined();
    expect(files.usage().pages).toBe(1);
    expect((await store.get('http://shop/product/8/namkeen'))?.etag).toBe('W/"namkeen"');
  });

  it('a page rendered before a change it shows arrived is not kept, and leaves no file', async () => {
    const store = pageStore(files, ON_DISK);
    const since = store.index.version;
    store.index.invalidate([cacheTags.product(7)]); // the sale arrives while the page renders
    await store.set('http://shop/product/7/kaju', page('kaju, 3 left'), [cacheTags.product(7)], since);
    expect(await store.get('http://shop/product/7/kaju')).toBeUndefined();
    expect(files.usage().pages).toBe(0);
  });

  it('holds a bounded number of bytes: the least recently read pages and their files go first', async () => {
    // Four pages fit (each counts its URL, 13 bytes, and its 20 bytes of brotli), five do not.
    const store = pageStore(files, { ...ON_DISK, maxBytes: 150 });
    const twenty = (n: number) => page(String(n).padStart(20, '.'));
    for (const n of [1, 2, 3, 4])
      await store.set(`http://shop/${n}`, twenty(n), [cacheTags.content], store.index.version);
    await store.get('http://shop/1'); // read again: the most recent
    await store.set('http://shop/5', twenty(5), [cacheTags.content], store.index.version);
    expect(await store.get('http://shop/2')).toBeUndefined();
    expect(await store.get('http://shop/1')).toBeDefined();
    expect(files.usage().pages).toBe(4);
  });

  it('a page whose bytes are gone (its segment deleted to bound the disk) is rendered again, not sent empty', async () => {
    const small = await openPageFiles(root, 0, { segmentBytes: 10, diskBytes: 10 });
    const store = pageStore(small, ON_DISK);
    await store.set('http://shop/', page('home'), [cacheTags.content], store.index.version);
    // Seven bytes more do not fit beside the home page's four: a new segment, and the first goes.
    await store.set('http://shop/about', page('namkeen'), [cacheTags.content], store.index.version);
    expect(await store.get('http://shop/')).toBeUndefined();
    expect(store.index.size).toBe(1);
    expect((await store.get('http://shop/about'))?.body.toString()).toBe('namkeen');
    await small.close();
  });
});

describe("small kept pages (a product's navigation data) live in the index, not in files", () => {
  let files: PageFiles;
  beforeEach(async () => {
    files = await openPageFiles(root, 0);
  });
  afterEach(() => files.close());

  const sized = (text: string, bytes: number) => ({ ...page(text), body: Buffer.alloc(bytes, text) });

  it('a page of up to 2 KiB is answered from memory and writes no file; a larger one gets its file', async () => {
    const store = pageStore(files);
    await store.set(
      'http://shop/product/7/kaju.data',
      sized('k', INLINE_PAGE_BYTES),
      [cacheTags.product(7)],
      0,
    );
    await store.set(
      'http://shop/product/7/kaju',
      sized('d', INLINE_PAGE_BYTES + 1),
      [cacheTags.product(7)],
      0,
    );
    expect(files.usage().pages).toBe(1);
    expect(
      (await store.get('http://shop/product/7/kaju.data'))?.body.equals(Buffer.alloc(INLINE_PAGE_BYTES, 'k')),
    ).toBe(true);
    expect((await store.get('http://shop/product/7/kaju'))?.body.byteLength).toBe(INLINE_PAGE_BYTES + 1);
    // Freshness holds for both: a sale drops the data with the document.
    store.index.invalidate([cacheTags.product(7)]);
    expect(await store.get('http://shop/product/7/kaju.data')).toBeUndefined();
    expect(await store.get('http://shop/product/7/kaju')).toBeUndefined();
  });

  it('small pages beyond their budget go to files; a dropped one gives its bytes back', async () => {
    const store = pageStore(files, { inlineBudget: 2_000 });
    const tags = (n: number) => [cacheTags.product(n)];
    await store.set('http://shop/1.data', sized('a', 1_000), tags(1), 0);
    await store.set('http://shop/2.data', sized('b', 1_000), tags(2), 0);
    await store.set('http://shop/3.data', sized('c', 1_000), tags(3), 0); // over the budget: a file
    expect(files.usage().pages).toBe(1);
    store.index.invalidate(tags(1));
    expect(await store.get('http://shop/1.data')).toBeUndefined(); // dropped: its 1,000 bytes are free again
    await store.set('http://shop/4.data', sized('d', 1_000), tags(4), store.index.version);
    expect(files.usage().pages).toBe(1);
    // Replaced and refused pages give theirs back too.
    await store.set('http://shop/2.data', sized('e', 1_000), tags(2), store.index.version);
    const since = store.index.version;
    store.index.invalidate(tags(5));
    await store.set('http://shop/5.data', sized('f', 1_000), tags(5), since); // refused: changed while rendered
    store.index.clear();
    for (const n of [6, 7])
      await store.set(`http://shop/${n}.data`, sized('g', 1_000), tags(n), store.index.version);
    expect(files.usage().pages).toBe(0);
  });
});
