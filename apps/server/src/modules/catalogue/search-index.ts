import { ENGLISH_STOP_WORDS, words } from './search-text.ts';
import { type Expansion, post, push, Vocabulary } from './search-vocabulary.ts';
import { TopSlots } from './top-slots.ts';

/**
 * The catalogue in process memory (ADR 0009): every active product's row, the words of names and
 * descriptions with the products each occurs in, and each category's products in list order. A
 * keyword, a category page or a product is answered without a query.
 *
 * A product's words are those of its name, its description and the names of its category and the
 * categories above it (below the root): `sweets`, `namkeen` or `dry fruits` find what is filed
 * there, whatever the products are called. Category words count as description words.
 *
 * Matching, for every word typed (all must match; English stop words are left out, as full-text
 * search does, unless nothing else was typed):
 * - the word itself, or a word it begins (`kaju katl` → Kaju Katli; `a` → almonds, achar …);
 * - from three letters on: the same Hindi spelling skeleton (`kaaju` → kaju, `namkin` → namkeen),
 *   one typing slip, two between words of six letters or more (`padlok` → padlock, `chpis` → chips),
 *   from four letters on: inside a longer word (`lock` → padlock, `nuts` → groundnuts), and
 *   the letters in order inside a word that starts with the same letter (`pnut` → peanuts).
 * Ranking: per word, how close its best match is (exact 1, a beginning 0.6–0.9, skeleton 0.85,
 * one slip 0.75, two slips 0.55, inside 0.5, letters in order 0.3–0.6); a name match counts more
 * than a description match, and names made mostly of the typed words come first; then display
 * order and id, as in lists.
 *
 * The index follows the database through the change notifications: a product whose name,
 * description, visibility, category, labels or display order changed is dropped at once and read
 * again; one whose stock, price or image changed has its row read again in place. Every read waits
 * for pending reads, so it never answers from memory older than the notifications received.
 */
export interface SearchDocument {
  id: number;
  name: string;
  description: string;
  categoryId: number;
  productLabels: string[];
  displayOrder: number;
}

export interface SearchQuery {
  keyword: string;
  /** The page wanted, best first; without it every match, in no particular order. */
  window?: { offset: number; limit: number } | undefined;
  /** Only products of these categories. */
  categoryIds?: readonly number[] | undefined;
  /** Only products with this label (exact, as `product_labels @> array[label]`). */
  label?: string | undefined;
}

export interface ListQuery {
  categoryIds?: readonly number[] | undefined;
  label?: string | undefined;
  window: { offset: number; limit: number };
}

export interface SearchResult {
  total: number;
  ids: number[];
}

export interface SearchIndex<Row extends SearchDocument = SearchDocument> {
  /** How many active products match, and the ids of the window asked for (best first). */
  search(query: SearchQuery): Promise<SearchResult>;
  /** A page of active products in list order (display order, id), and how many there are. */
  list(query: ListQuery): Promise<SearchResult>;
  /** The rows of these active products, in the order asked (unknown ids left out). */
  rows(ids: readonly number[]): Promise<Row[]>;
  /**
   * A product changed. `listing`: its searchable fields, visibility, category, labels or display
   * order — it is forgotten at once and read again. `row`: only what its row shows (stock, price,
   * image …) — read again before the next read answers.
   */
  changed(id: number, scope?: 'listing' | 'row'): void;
  /** Anything may have changed: read everything again. */
  reload(): void;
  /** Starts (or waits for) the pending reads. */
  ready(): Promise<void>;
  readonly size: number;
}

/** Reads active products: all of them (ids null) or those among `ids`. */
export type SearchLoader<Row extends SearchDocument> = (ids: readonly number[] | null) => Promise<Row[]>;

const NO_LABELS: string[] = [];
const DESCRIPTION_WEIGHT = 0.4;
const COVERAGE_WEIGHT = 0.5;
const MAX_WORDS = 8;
/** A product's `matched` while the first word is scored: outside the categories or label asked for. */
const EXCLUDED = 255;
/** Merged category lists kept at most (one per category tree and label asked for). */
const MAX_MERGED_LISTS = 256;
/** Above this many pending products, reading them all again is cheaper than one by one. */
const RELOAD_ABOVE = 2_000;

/** `array`'s bytes at the start of a new one of `length` bytes. */
function grownCopy(array: Uint8Array, length: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(length);
  copy.set(array);
  return copy;
}

function sameListing(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.categoryId === b.categoryId &&
    a.displayOrder === b.displayOrder &&
    a.productLabels.join('\u0000') === b.productLabels.join('\u0000')
  );
}

/** One generation of the index: products in slots, and the vocabulary pointing at slots. */
class Generation<Row extends SearchDocument> {
  constructor(private readonly categoryText?: (categoryId: number) => string) {}
  readonly vocabulary = new Vocabulary();
  readonly ids: number[] = [];
  readonly docs: Row[] = [];
  readonly category: number[] = [];
  readonly labels: string[][] = [];
  readonly order: number[] = [];
  /** Words in each product's name (1–255), for how much of the name the typed words cover. */
  nameLength = new Uint8Array(1024);
  /** The highest category id indexed: the size of a search's category mask. */
  private maxCategory = 0;
  readonly slotOf = new Map<number, number>();
  dead = 0;
  /** Live slots of each category in list order (display order, id); rebuilt after a change. */
  private byCategory: Map<number, Int32Array> | null = null;
  /** Merged lists by categories and label asked for; emptied with `byCategory`. */
  private merged = new Map<string, Int32Array>();
  alive = new Uint8Array(1024);
  private acc = new Float64Array(0);
  private best = new Float64Array(0);
  private fromName = new Uint8Array(0);
  private nameHits = new Uint8Array(0);
  private matched = new Uint8Array(0);
  private touched = new Int32Array(0);
  private candidates = new Int32Array(0);

  add(doc: Row) {
    this.remove(doc.id);
    this.byCategory = null;
    const slot = this.ids.length;
    this.ids.push(doc.id);
    this.docs.push(doc);
    if (slot >= this.alive.length) {
      this.alive = grownCopy(this.alive, this.alive.length * 2);
      this.nameLength = grownCopy(this.nameLength, this.alive.length);
    }
    this.alive[slot] = 1;
    this.category.push(doc.categoryId);
    if (doc.categoryId > this.maxCategory) this.maxCategory = doc.categoryId;
    this.labels.push(doc.productLabels.length ? doc.productLabels : NO_LABELS);
    this.order.push(doc.displayOrder);
    this.slotOf.set(doc.id, slot);
    const nameWords = new Set(words(doc.name));
    this.nameLength[slot] = Math.min(255, Math.max(1, nameWords.size));
    const { vocabulary } = this;
    for (const word of nameWords) post(vocabulary.inNames, vocabulary.term(word), slot);
    const described = new Set(words(doc.description));
    for (const word of words(this.categoryText?.(doc.categoryId) ?? '')) described.add(word);
    for (const word of described)
      if (!nameWords.has(word)) post(vocabulary.inDescriptions, vocabulary.term(word), slot);
  }

  /** Puts a fresh row in place when what lists and search use is unchanged; else false. */
  replace(doc: Row): boolean {
    const slot = this.slotOf.get(doc.id);
    const old = slot === undefined ? undefined : this.docs[slot];
    if (slot === undefined || !old || !sameListing(old, doc)) return false;
    this.docs[slot] = doc;
    return true;
  }

  rows(ids: readonly number[]): Row[] {
    const rows: Row[] = [];
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      const row = slot === undefined ? undefined : this.docs[slot];
      if (row) rows.push(row);
    }
    return rows;
  }

  remove(id: number) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.byCategory = null;
    this.alive[slot] = 0;
    this.dead += 1;
  }

  private scratch() {
    const n = this.ids.length;
    if (this.acc.length >= n) return;
    const size = Math.max(n, this.acc.length * 2, 1024);
    this.acc = new Float64Array(size);
    this.best = new Float64Array(size);
    this.fromName = new Uint8Array(size);
    this.nameHits = new Uint8Array(size);
    this.matched = new Uint8Array(size);
    this.touched = new Int32Array(size);
    this.candidates = new Int32Array(size);
  }

  search(query: SearchQuery): SearchResult {
    const none = { total: 0, ids: [] };
    const typed = [...new Set(words(query.keyword))].slice(0, MAX_WORDS);
    if (!typed.length) return none;
    const meaningful = typed.filter((w) => !ENGLISH_STOP_WORDS.has(w));
    // Only stop words typed ("a", "on"): they are taken as the beginnings of words.
    const fuzzy = meaningful.length > 0;
    const expansions = (fuzzy ? meaningful : typed).map((w) => this.vocabulary.expand(w, fuzzy));
    if (expansions.some((e) => e.length === 0)) return none;
    const postings = (e: Expansion) =>
      e.reduce(
        (n, [t]) =>
          n + (this.vocabulary.inNames[t]?.length ?? 0) + (this.vocabulary.inDescriptions[t]?.length ?? 0),
        0,
      );
    expansions.sort((a, b) => postings(a) - postings(b));

    this.scratch();
    const { acc, best, fromName, nameHits, matched, alive, touched, candidates, nameLength } = this;
    const { inNames, inDescriptions } = this.vocabulary;
    const categories = query.categoryIds ? this.categoryMask(query.categoryIds) : null;
    const label = query.label;
    let candidateCount = 0;
    let excludedCount = 0;
    // The first word (the rarest) scores straight into `acc` and `nameHits`, and lists each product
    // it meets once: as a candidate, or as excluded when outside the categories or label asked for.
    // That is one pass over its slots where the other words take two (through `best`, then over the
    // touched slots). At 100,000 products a slot's scratch in each array is a cache miss of its
    // own: the bench's keywords took 0.22 instead of 0.28 ms on average.
    for (const [term, q] of expansions[0] ?? []) {
      for (let field = 0; field < 2; field++) {
        const slots = (field === 0 ? inNames[term] : inDescriptions[term]) ?? [];
        const quality = field === 0 ? q : q * DESCRIPTION_WEIGHT;
        const name = field === 0 ? 1 : 0;
        for (let i = 0; i < slots.length; i++) {
          const slot = slots[i] ?? 0;
          const state = matched[slot];
          if (state === 0) {
            if (alive[slot] === 0) continue;
            if (
              (categories && categories[this.category[slot] ?? 0] !== 1) ||
              (label !== undefined && !(this.labels[slot] ?? NO_LABELS).includes(label))
            ) {
              matched[slot] = EXCLUDED;
              touched[excludedCount++] = slot;
              continue;
            }
            matched[slot] = 1;
            candidates[candidateCount++] = slot;
            acc[slot] = quality;
            nameHits[slot] = name;
          } else if (state === 1 && quality > (acc[slot] ?? 0)) {
            acc[slot] = quality;
            nameHits[slot] = name;
          }
        }
      }
    }
    for (let i = 0; i < excludedCount; i++) matched[touched[i] ?? 0] = 0;
    // Each further word: its best match in each product still in the running, then added.
    for (let round = 1; round < expansions.length; round++) {
      let touchedCount = 0;
      for (const [term, q] of expansions[round] ?? []) {
        for (let field = 0; field < 2; field++) {
          const slots = (field === 0 ? inNames[term] : inDescriptions[term]) ?? [];
          const quality = field === 0 ? q : q * DESCRIPTION_WEIGHT;
          for (let i = 0; i < slots.length; i++) {
            const slot = slots[i] ?? 0;
            if (matched[slot] !== round) continue;
            const current = best[slot] ?? 0;
            if (current === 0) touched[touchedCount++] = slot;
            if (quality > current) {
              best[slot] = quality;
              fromName[slot] = field === 0 ? 1 : 0;
            }
          }
        }
      }
      for (let i = 0; i < touchedCount; i++) {
        const slot = touched[i] ?? 0;
        acc[slot] = (acc[slot] ?? 0) + (best[slot] ?? 0);
        nameHits[slot] = (nameHits[slot] ?? 0) + (fromName[slot] ?? 0);
        matched[slot] = round + 1;
        best[slot] = 0;
        fromName[slot] = 0;
      }
    }
    const rounds = expansions.length;
    // One pass over the candidates: a product that matched every word gets its final score and is
    // offered to the page (or, without a window, moves to the front of `candidates`), and every
    // candidate's scratch is cleared as it goes. At 100,000 products a common word has thousands;
    // separate passes to score, rank and clear them read each one's scratch three times.
    const top = query.window ? new TopSlots(query.window, this.order, this.ids) : null;
    let foundCount = 0;
    for (let i = 0; i < candidateCount; i++) {
      const slot = candidates[i] ?? 0;
      if (matched[slot] === rounds) {
        const score =
          (acc[slot] ?? 0) + COVERAGE_WEIGHT * Math.min(1, (nameHits[slot] ?? 0) / (nameLength[slot] ?? 1));
        if (top) top.offer(slot, score);
        else candidates[foundCount] = slot;
        foundCount++;
      }
      acc[slot] = 0;
      nameHits[slot] = 0;
      matched[slot] = 0;
    }
    const slots = top ? top.ranked() : Array.from(candidates.subarray(0, foundCount));
    return { total: foundCount, ids: slots.map((slot) => this.ids[slot] ?? 0) };
  }

  /** 1 at each category id asked for (ids above the highest indexed cannot match). */
  private categoryMask(ids: readonly number[]): Uint8Array {
    const mask = new Uint8Array(this.maxCategory + 1);
    for (const id of ids) if (id >= 0 && id <= this.maxCategory) mask[id] = 1;
    return mask;
  }

  private categoryLists(): Map<number, Int32Array> {
    if (this.byCategory) return this.byCategory;
    this.merged.clear();
    const groups = new Map<number, number[]>();
    for (const slot of this.slotOf.values()) push(groups, this.category[slot] ?? 0, slot);
    const lists = new Map<number, Int32Array>();
    for (const [category, slots] of groups)
      lists.set(
        category,
        Int32Array.from(slots).sort((a, b) => this.listOrder(a, b)),
      );
    this.byCategory = lists;
    return lists;
  }

  private listOrder(a: number, b: number): number {
    return (this.order[a] ?? 0) - (this.order[b] ?? 0) || (this.ids[a] ?? 0) - (this.ids[b] ?? 0);
  }

  /**
   * A page of active products in list order (display order, id) and how many there are. The
   * lists of the categories asked for (and the label) are merged once and kept until the next
   * change of what lists show, so a page costs its own length, however deep it is.
   */
  list(query: ListQuery): SearchResult {
    const key = `${query.categoryIds ? [...query.categoryIds].sort((a, b) => a - b).join(',') : '*'}|${query.label ?? ''}`;
    const all = this.categoryLists(); // first: after a change it empties `merged`
    let merged = this.merged.get(key);
    if (!merged) {
      const lists = query.categoryIds ? query.categoryIds.map((c) => all.get(c)) : [...all.values()];
      const label = query.label;
      const slots: number[] = [];
      for (const list of lists)
        for (const slot of list ?? [])
          if (label === undefined || (this.labels[slot] ?? []).includes(label)) slots.push(slot);
      merged = Int32Array.from(slots).sort((a, b) => this.listOrder(a, b));
      if (this.merged.size >= MAX_MERGED_LISTS) this.merged.clear(); // labels are free text
      this.merged.set(key, merged);
    }
    const page = merged.subarray(query.window.offset, query.window.offset + query.window.limit);
    return { total: merged.length, ids: Array.from(page, (slot) => this.ids[slot] ?? 0) };
  }
}

export interface SearchIndexOptions {
  /**
   * Called every BUILD_STEP products while the whole catalogue is indexed again, with the number
   * indexed so far (the catalogue's memory collects garbage there, product-search.ts).
   */
  whileBuilding?: (added: number) => void;
  /**
   * The names of a category and of those above it, as one text (product-search.ts keeps them);
   * read as a product is indexed. A change of the names calls for `reload()`.
   */
  categoryText?: (categoryId: number) => string;
}

/**
 * Products indexed between turns of the event loop while the whole catalogue is indexed again:
 * 100,000 products take about a second, which other requests (a health check, a kept page) need
 * not wait for. Reads of the index wait for the build either way.
 */
const BUILD_STEP = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createSearchIndex<Row extends SearchDocument>(
  load: SearchLoader<Row>,
  onError: (error: unknown) => void = () => undefined,
  options: SearchIndexOptions = {},
): SearchIndex<Row> {
  let generation = new Generation<Row>(options.categoryText);
  let loaded = false;
  let wantsReload = true;
  /** Products to read again: true when their place in lists or search may have changed. */
  const pending = new Map<number, boolean>();
  let worker: Promise<void> | null = null;

  async function work() {
    while (wantsReload || pending.size) {
      if (
        wantsReload ||
        pending.size > RELOAD_ABOVE ||
        generation.dead > Math.max(1_000, generation.ids.length / 4)
      ) {
        wantsReload = false;
        pending.clear(); // changes arriving while we read are queued again
        const fresh = new Generation<Row>(options.categoryText);
        const docs = await load(null);
        for (let i = 0; i < docs.length; i++) {
          fresh.add(docs[i] as Row);
          if ((i + 1) % BUILD_STEP === 0) {
            options.whileBuilding?.(i + 1);
            await nextTurn();
          }
        }
        fresh.vocabulary.compact();
        generation = fresh;
        loaded = true;
        continue;
      }
      const batch = [...pending];
      pending.clear();
      const docs = new Map((await load(batch.map(([id]) => id))).map((doc) => [doc.id, doc]));
      for (const [id, listing] of batch) {
        if (pending.has(id)) continue; // changed again meanwhile: read once more
        const doc = docs.get(id);
        if (!listing && doc && generation.replace(doc)) continue;
        generation.remove(id);
        if (doc) generation.add(doc);
      }
    }
  }

  /** Runs the pending reads until none is left (a change may arrive while one runs). */
  async function ready(): Promise<void> {
    for (;;) {
      if (worker) {
        await worker;
        continue;
      }
      if (!wantsReload && pending.size === 0) return;
      worker = work()
        .catch((error: unknown) => {
          wantsReload = true; // the next read tries again
          onError(error);
          throw error;
        })
        .finally(() => {
          worker = null;
        });
    }
  }

  const inBackground = () => void ready().catch(() => undefined);

  return {
    async search(query) {
      await ready();
      return generation.search(query);
    },
    async list(query) {
      await ready();
      return generation.list(query);
    },
    async rows(ids) {
      await ready();
      return generation.rows(ids);
    },
    changed(id, scope = 'listing') {
      if (scope === 'listing') {
        generation.remove(id);
        pending.set(id, true);
      } else if (!pending.has(id)) pending.set(id, false);
      if (loaded) inBackground();
    },
    reload() {
      wantsReload = true;
      if (loaded) inBackground();
    },
    ready,
    get size() {
      return generation.slotOf.size;
    },
  };
}
