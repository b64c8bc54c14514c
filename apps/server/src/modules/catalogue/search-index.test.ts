import { describe, expect, it } from 'vitest';
import { createSearchIndex, type SearchDocument } from './search-index.ts';
import { isSubsequence, letterMask, mayBeWithin, skeleton, typingDistance, words } from './search-text.ts';

const doc = (id: number, name: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  name,
  description: '',
  categoryId: 1,
  productLabels: [],
  displayOrder: id,
  ...extra,
});

/** An index over a table in memory; `reads` counts what it asked for. */
function indexOver(rows: Map<number, SearchDocument>) {
  const reads: Array<readonly number[] | null> = [];
  const index = createSearchIndex(async (ids) => {
    reads.push(ids);
    return [...rows.values()].filter((r) => ids === null || ids.includes(r.id));
  });
  return { index, reads };
}

/** The ranked ids of the first page. */
async function ids(index: ReturnType<typeof createSearchIndex>, query: Parameters<typeof index.search>[0]) {
  return (await index.search({ ...query, window: { offset: 0, limit: 20 } })).ids;
}

describe('search text', () => {
  it('folds Hindi spellings to one skeleton', () => {
    for (const [a, b] of [
      ['kaju', 'kaaju'],
      ['namkeen', 'namkin'],
      ['laddoo', 'laddu'],
      ['bhujia', 'bhujiya'],
      ['jeera', 'zeera'],
      ['sooji', 'suji'],
    ])
      expect(skeleton(a ?? ''), `${a}/${b}`).toBe(skeleton(b ?? ''));
    expect(skeleton('kaju')).not.toBe(skeleton('kesar'));
  });

  it('measures typing slips (swaps count once) and letters in order', () => {
    expect(typingDistance('padlok', 'padlock', 2)).toBe(1);
    expect(typingDistance('chpis', 'chips', 1)).toBe(1);
    expect(typingDistance('lock', 'rice', 1)).toBe(2);
    expect(isSubsequence('pnut', 'peanuts')).toBe(true);
    expect(isSubsequence('pnut', 'nutpeanut')).toBe(false);
    expect(words('  Kaju-Katli (250 g)  ')).toEqual(['kaju', 'katli', '250', 'g']);
  });

  /** The full optimal-string-alignment distance, as the textbook writes it: the reference. */
  function fullDistance(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++) {
        const row = d[i] as number[];
        const up = d[i - 1] as number[];
        row[j] = Math.min(
          (up[j] as number) + 1,
          (row[j - 1] as number) + 1,
          (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    return (d[a.length] as number[])[b.length] as number;
  }

  /** Pairs of words a shopper's fingers make: each word, slipped up to three times. */
  function slippedPairs(count: number): Array<[string, string]> {
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const letters = 'abcdeghijklmnoprstuvyzकखगजटडतदनपबमरलसह';
    const pairs: Array<[string, string]> = [];
    for (let p = 0; p < count; p++) {
      // Mostly catalogue-length words, now and then one longer than the distance's kept rows.
      const length = p % 50 === 0 ? 40 + next(30) : 3 + next(10);
      const word = Array.from({ length }, () => letters[next(letters.length)]).join('');
      let typed = word;
      for (let slip = next(4); slip > 0; slip--) {
        const at = next(typed.length);
        const letter = letters[next(letters.length)] ?? 'a';
        const kind = next(4);
        if (kind === 0) typed = typed.slice(0, at) + typed.slice(at + 1);
        else if (kind === 1) typed = typed.slice(0, at) + letter + typed.slice(at);
        else if (kind === 2) typed = typed.slice(0, at) + letter + typed.slice(at + 1);
        else typed = typed.slice(0, at) + (typed[at + 1] ?? '') + (typed[at] ?? '') + typed.slice(at + 2);
      }
      pairs.push([typed, word]);
    }
    return pairs;
  }

  it('typing distance keeps no state between words: short and long words, in any order, as the full table gives', () => {
    for (const [typed, word] of slippedPairs(3_000))
      for (const max of [1, 2]) {
        const full = fullDistance(typed, word);
        expect(typingDistance(typed, word, max), `${typed} → ${word}, at most ${max}`).toBe(
          full > max ? max + 1 : full,
        );
      }
  });

  it('the letter test never turns away a word within reach, and turns away words with other letters', () => {
    let turnedAway = 0;
    for (const [typed, word] of slippedPairs(3_000))
      for (const max of [1, 2]) {
        const within = mayBeWithin(letterMask(typed), letterMask(word), max);
        if (fullDistance(typed, word) <= max) expect(within, `${typed} → ${word}, at most ${max}`).toBe(true);
        else if (!within) turnedAway += 1;
      }
    expect(turnedAway).toBeGreaterThan(0);
    expect(mayBeWithin(letterMask('lock'), letterMask('rice'), 1)).toBe(false); // l, o, k against r, i, e
    expect(mayBeWithin(letterMask('padlok'), letterMask('padlock'), 1)).toBe(true);
  });
});

describe('product search index', () => {
  it('finds by beginnings, slips and Hindi spellings; all words must match; ranks exact names first', async () => {
    const rows = new Map([
      [1, doc(1, 'Premium Kaju Katli 500 g (Pack of 2)')],
      [2, doc(2, 'Kaju Katli')],
      [3, doc(3, 'Brass Padlock', { description: 'Solid brass, three keys' })],
      [4, doc(4, 'Moong Dal Namkeen')],
    ]);
    const { index } = indexOver(rows);
    expect(await ids(index, { keyword: 'kaju katli' })).toEqual([2, 1]);
    expect(await ids(index, { keyword: 'kaaju' })).toEqual([2, 1]);
    expect(await ids(index, { keyword: 'katl' })).toEqual([2, 1]);
    expect(await ids(index, { keyword: 'padlok' })).toEqual([3]);
    expect(await ids(index, { keyword: 'keys' })).toEqual([3]);
    expect(await ids(index, { keyword: 'namkin' })).toEqual([4]);
    expect(await ids(index, { keyword: 'kaju padlock' })).toEqual([]);
    expect(await ids(index, { keyword: 'pack of 2' })).toEqual([1]);
    // 250 is not 350: sizes and weights match only as typed (or as their beginning).
    expect(await ids(index, { keyword: '600' })).toEqual([]);
    expect(await ids(index, { keyword: '5' })).toEqual([1]);
  });

  it('a word of one letter repeated matches nothing, though descriptions hold the article "a"', async () => {
    const rows = new Map([
      [1, doc(1, 'Aam ka Achar', { description: 'A tangy pickle with a kick' })],
      [2, doc(2, 'Garam Masala', { description: 'A warm blend' })],
    ]);
    const { index } = indexOver(rows);
    expect(await ids(index, { keyword: 'aaaa' })).toEqual([]);
    expect(await ids(index, { keyword: 'aam' })).toEqual([1]);
  });

  it('pages the ranking without sorting every match: windows join up to the whole order', async () => {
    const rows = new Map(
      Array.from({ length: 30 }, (_, i) => {
        const name = i % 3 === 0 ? 'Kaju Katli' : i % 3 === 1 ? 'Kaju Katli Premium Box' : 'Kaju';
        return [i + 1, doc(i + 1, name, { displayOrder: 100 - i })] as const;
      }),
    );
    const { index } = indexOver(rows);
    const all = await index.search({ keyword: 'kaju katli', window: { offset: 0, limit: 100 } });
    expect(all.total).toBe(20);
    const pages = [];
    for (let offset = 0; offset < 20; offset += 6)
      pages.push(...(await index.search({ keyword: 'kaju katli', window: { offset, limit: 6 } })).ids);
    expect(pages).toEqual(all.ids);
    // Exact names first, each group by display order.
    expect(all.ids.slice(0, 3)).toEqual([28, 25, 22]);
    expect((await index.search({ keyword: 'kaju katli' })).ids.sort((a, b) => a - b)).toEqual(
      [...all.ids].sort((a, b) => a - b),
    );
  });

  it('lists categories merged in display order, with labels, totals and pages', async () => {
    const rows = new Map([
      [1, doc(1, 'A', { categoryId: 5, displayOrder: 3 })],
      [2, doc(2, 'B', { categoryId: 6, displayOrder: 1, productLabels: ['Featured'] })],
      [3, doc(3, 'C', { categoryId: 5, displayOrder: 2, productLabels: ['Featured'] })],
      [4, doc(4, 'D', { categoryId: 7, displayOrder: 0 })],
      [5, doc(5, 'E', { categoryId: 6, displayOrder: 2 })],
    ]);
    const { index } = indexOver(rows);
    const window = { offset: 0, limit: 10 };
    expect(await index.list({ categoryIds: [5, 6], window })).toEqual({ total: 4, ids: [2, 3, 5, 1] });
    expect(await index.list({ categoryIds: [5, 6], window: { offset: 1, limit: 2 } })).toEqual({
      total: 4,
      ids: [3, 5],
    });
    expect(await index.list({ label: 'Featured', window })).toEqual({ total: 2, ids: [2, 3] });
    expect(await index.list({ window })).toEqual({ total: 5, ids: [4, 2, 3, 5, 1] });
    expect(await index.list({ categoryIds: [99], window })).toEqual({ total: 0, ids: [] });
    rows.set(4, doc(4, 'D', { categoryId: 7, displayOrder: 9 }));
    index.changed(4);
    expect((await index.list({ window })).ids).toEqual([2, 3, 5, 1, 4]);
  });

  it('filters by category and label', async () => {
    const rows = new Map([
      [1, doc(1, 'Kaju Katli', { categoryId: 5, productLabels: ['Featured'] })],
      [2, doc(2, 'Kaju Roll', { categoryId: 6 })],
    ]);
    const { index } = indexOver(rows);
    expect(await ids(index, { keyword: 'kaju', categoryIds: [6] })).toEqual([2]);
    expect(await ids(index, { keyword: 'kaju', label: 'Featured' })).toEqual([1]);
    expect(await ids(index, { keyword: 'kaju', categoryIds: [99] })).toEqual([]);
    expect(await ids(index, { keyword: 'kaju roll', categoryIds: [5, 6] })).toEqual([2]);
  });

  it('a filtered search leaves nothing behind: the products it turned away are found by the next', async () => {
    // Product 1 meets "kaju" in its name and its description: turned away once, not counted twice.
    const rows = new Map([
      [1, doc(1, 'Kaju Katli', { categoryId: 5, description: 'kaju and sugar' })],
      [2, doc(2, 'Kaju Roll', { categoryId: 6 })],
      [3, doc(3, 'Kaju Barfi', { categoryId: 6, productLabels: ['Featured'] })],
    ]);
    const { index } = indexOver(rows);
    expect(await ids(index, { keyword: 'kaju', categoryIds: [6] })).toEqual([2, 3]);
    expect(await index.search({ keyword: 'kaju', label: 'Featured' })).toMatchObject({ total: 1 });
    expect(await index.search({ keyword: 'kaju katli', categoryIds: [6] })).toEqual({ total: 0, ids: [] });
    expect(await index.search({ keyword: 'kaju', window: { offset: 0, limit: 20 } })).toEqual({
      total: 3,
      ids: [1, 2, 3],
    });
    expect(await ids(index, { keyword: 'katli' })).toEqual([1]);
  });

  it('forgets a changed product at once and finds it again by what it reads next', async () => {
    const rows = new Map([[1, doc(1, 'Kaju Katli')]]);
    const { index, reads } = indexOver(rows);
    expect(await ids(index, { keyword: 'kaju' })).toEqual([1]);
    rows.set(1, doc(1, 'Besan Laddoo'));
    index.changed(1);
    expect(await ids(index, { keyword: 'laddoo' })).toEqual([1]);
    expect(await ids(index, { keyword: 'kaju' })).toEqual([]);
    rows.delete(1); // hidden: the loader reads only active products
    index.changed(1);
    expect(await ids(index, { keyword: 'laddoo' })).toEqual([]);
    expect(reads).toEqual([null, [1], [1]]);
    rows.set(2, doc(2, 'Kaju Roll'));
    index.reload();
    expect(await ids(index, { keyword: 'kaju' })).toEqual([2]);
    expect(index.size).toBe(1);
  });

  it('holds the rows: a stock or price change is read again before the next read answers', async () => {
    type Row = SearchDocument & { stock: number };
    const rows = new Map<number, Row>([[1, { ...doc(1, 'Kaju Katli'), stock: 2 }]]);
    const reads: Array<readonly number[] | null> = [];
    const index = createSearchIndex<Row>(async (ids) => {
      reads.push(ids);
      return [...rows.values()].filter((r) => ids === null || ids.includes(r.id)).map((r) => ({ ...r }));
    });
    expect((await index.rows([1, 99])).map((r) => r.stock)).toEqual([2]);
    rows.set(1, { ...doc(1, 'Kaju Katli'), stock: 0 });
    index.changed(1, 'row');
    expect((await index.rows([1])).map((r) => r.stock)).toEqual([0]);
    expect(await ids(index, { keyword: 'kaju' })).toEqual([1]);
    // Told "row" although the name changed too: the row goes back through the indexes.
    rows.set(1, { ...doc(1, 'Besan Laddoo'), stock: 0 });
    index.changed(1, 'row');
    expect(await ids(index, { keyword: 'laddoo' })).toEqual([1]);
    expect(await ids(index, { keyword: 'kaju' })).toEqual([]);
    expect(reads).toEqual([null, [1], [1]]);
  });

  it('a change arriving while products are read is read again afterwards', async () => {
    const rows = new Map([[1, doc(1, 'Kaju Katli')]]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    const index = createSearchIndex(async (ids) => {
      const snapshot = [...rows.values()].filter((r) => ids === null || ids.includes(r.id));
      if (first) {
        first = false;
        await gate; // the read answers with the old name after the rename happened
      }
      return snapshot;
    });
    const searching = ids(index, { keyword: 'laddoo' });
    rows.set(1, doc(1, 'Besan Laddoo'));
    index.changed(1);
    release();
    expect(await searching).toEqual([1]);
  });
});

describe('indexing the whole catalogue again', () => {
  it('lets the event loop turn every 5,000 products, and reads wait for the whole build', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => doc(i + 1, `Product ${i + 1} kaju`));
    const events: string[] = [];
    const index = createSearchIndex(async () => rows, undefined, {
      whileBuilding: (added) => events.push(`indexed ${added}`),
    });
    setImmediate(() => events.push('another request'));
    const found = await index.search({ keyword: 'kaju', window: { offset: 0, limit: 1 } });
    expect(events).toEqual(['indexed 5000', 'another request', 'indexed 10000']);
    expect(found.total).toBe(12_000);
    expect(index.size).toBe(12_000);
  });
});
