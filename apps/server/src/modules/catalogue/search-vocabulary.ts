import { isSubsequence, letterMask, mayBeWithin, skeleton, typingDistance } from './search-text.ts';

/**
 * The search index's words (search-index.ts): each word once, the products it occurs in, and what
 * a typed word stands for — the words it is or begins, and (for a fuzzy search) the words of the
 * same Hindi spelling skeleton, within one or two typing slips, containing it, or holding its
 * letters in order. Expansions are remembered until the vocabulary gains a word.
 */

/** Fuzzy matches a typed word stands for at most (the closest ones). */
const MAX_FUZZY_TERMS = 64;

/** How closely a vocabulary word matches the word typed, by the way it matches (0–1]. */
const Q_EXACT = 1;
const Q_SKELETON = 0.85;
const Q_SLIP_1 = 0.75;
const Q_SKELETON_PREFIX = 0.65;
const Q_SLIP_2 = 0.55;
const Q_INSIDE = 0.5;

export type Expansion = Array<[term: number, quality: number]>;

/**
 * The slots a word occurs in. Growing lists are plain arrays (8 bytes a slot); once the whole
 * catalogue is read they become Int32Arrays (4 bytes, no spare capacity): at 100,000 products the
 * word lists hold millions of slots. A later change to one copies that word's list back.
 */
export type Postings = number[] | Int32Array;

export function post(lists: Postings[], term: number, slot: number) {
  let list = lists[term];
  if (list === undefined) return;
  if (list instanceof Int32Array) {
    list = Array.from(list);
    lists[term] = list;
  }
  list.push(slot);
}

/** Words, the products they occur in, and the lookups that fuzzy matching needs. */
export class Vocabulary {
  readonly terms: string[] = [];
  readonly termOf = new Map<string, number>();
  readonly inNames: Postings[] = [];
  readonly inDescriptions: Postings[] = [];
  private derived: {
    sorted: string[];
    bySkeleton: Map<string, number[]>;
    skeletons: string[];
    byLength: Map<number, number[]>;
    byFirst: Map<string, number[]>;
    /** Each word's letterMask, by term id. */
    masks: Int32Array;
  } | null = null;
  private memo = new Map<string, Expansion>();

  term(word: string): number {
    let id = this.termOf.get(word);
    if (id === undefined) {
      id = this.terms.length;
      this.terms.push(word);
      this.termOf.set(word, id);
      this.inNames.push([]);
      this.inDescriptions.push([]);
      this.derived = null;
      this.memo.clear();
    }
    return id;
  }

  /** Packs every word list tightly (see Postings). */
  compact() {
    for (const lists of [this.inNames, this.inDescriptions])
      for (let i = 0; i < lists.length; i++) {
        const list = lists[i];
        if (Array.isArray(list)) lists[i] = Int32Array.from(list);
      }
  }

  private lookups() {
    if (this.derived) return this.derived;
    const sorted = [...this.terms].sort();
    const bySkeleton = new Map<string, number[]>();
    const byLength = new Map<number, number[]>();
    const byFirst = new Map<string, number[]>();
    const masks = new Int32Array(this.terms.length);
    this.terms.forEach((term, id) => {
      masks[id] = letterMask(term);
      if (/\d/.test(term)) return; // no fuzzy matching of sizes and weights: 250 is not 350
      push(bySkeleton, skeleton(term), id);
      push(byLength, term.length, id);
      push(byFirst, term[0] ?? '', id);
    });
    this.derived = { sorted, bySkeleton, skeletons: [...bySkeleton.keys()].sort(), byLength, byFirst, masks };
    return this.derived;
  }

  /** The vocabulary words a typed word stands for, with how closely (0–1]. */
  expand(word: string, fuzzy: boolean): Expansion {
    const key = `${fuzzy ? 'f' : 'p'}${word}`;
    const known = this.memo.get(key);
    if (known) return known;
    const { sorted, bySkeleton, skeletons, byLength, byFirst, masks } = this.lookups();
    const best = new Map<number, number>();
    const offer = (id: number | undefined, q: number) => {
      if (id !== undefined && q > (best.get(id) ?? 0)) best.set(id, q);
    };
    // The word itself and the words it begins.
    for (let i = lowerBound(sorted, word); i < sorted.length; i++) {
      const term = sorted[i] ?? '';
      if (!term.startsWith(word)) break;
      offer(this.termOf.get(term), term === word ? Q_EXACT : 0.6 + (0.3 * word.length) / term.length);
    }
    if (fuzzy && word.length >= 3 && !/\d/.test(word)) {
      const fuzzyOffers = new Map<number, number>();
      const offerFuzzy = (id: number, q: number) => {
        if (q > (fuzzyOffers.get(id) ?? 0)) fuzzyOffers.set(id, q);
      };
      const sk = skeleton(word);
      // A word of one letter repeated ("aaaa") has a one-letter skeleton, which is that of the
      // article "a" in every description: it stands for no word.
      if (sk.length >= 2) for (const id of bySkeleton.get(sk) ?? []) offerFuzzy(id, Q_SKELETON);
      if (sk.length >= 3) {
        for (let i = lowerBound(skeletons, sk); i < skeletons.length; i++) {
          const other = skeletons[i] ?? '';
          if (!other.startsWith(sk)) break;
          for (const id of bySkeleton.get(other) ?? []) offerFuzzy(id, Q_SKELETON_PREFIX);
        }
      }
      const slips = word.length <= 5 ? 1 : 2;
      const mask = letterMask(word);
      for (let length = word.length - slips; length <= word.length + slips; length++) {
        for (const id of byLength.get(length) ?? []) {
          if (!mayBeWithin(mask, masks[id] ?? 0, slips)) continue;
          const d = typingDistance(word, this.terms[id] ?? '', slips);
          if (d === 1) offerFuzzy(id, Q_SLIP_1);
          else if (d === 2 && slips === 2 && length >= 6) offerFuzzy(id, Q_SLIP_2);
        }
      }
      if (word.length >= 4)
        this.terms.forEach((term, id) => {
          if (term.length > word.length && term.includes(word) && !term.startsWith(word))
            offerFuzzy(id, Q_INSIDE);
        });
      for (const id of byFirst.get(word[0] ?? '') ?? []) {
        const term = this.terms[id] ?? '';
        if (term.length > word.length && isSubsequence(word, term))
          offerFuzzy(id, 0.3 + (0.3 * word.length) / term.length);
      }
      const ranked = [...fuzzyOffers].sort((a, b) => b[1] - a[1]).slice(0, MAX_FUZZY_TERMS);
      for (const [id, q] of ranked) offer(id, q);
    }
    const expansion: Expansion = [...best];
    if (this.memo.size >= 10_000) this.memo.clear();
    this.memo.set(key, expansion);
    return expansion;
  }
}

export function push<K>(map: Map<K, number[]>, key: K, id: number) {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
