/**
 * How search reads text: words, English stop words, Hindi spelling variants, typing distance.
 * Pure functions, used by the in-process search index (search-index.ts).
 */

/** Lower-case words of letters and digits (the same split PostgreSQL's parser makes for names). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** PostgreSQL's English stop words (tsearch_data/english.stop): full-text search ignores them. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

const CONSONANT_H = /([bcdgjkpt])h/g;

/**
 * A spelling skeleton for words written in Latin letters from Hindi, where one sound has several
 * spellings: kaju/kaaju, namkeen/namkin, laddoo/laddu/ladoo, bhujia/bhujiya, jeera/zeera,
 * sooji/suji. Long vowels fold (aa→a, ee→i, oo→u), aspirates lose their h (bh→b, kh→k), z→j,
 * w→v, ph→f, q→k, iya→ia, and doubled letters become one.
 */
export function skeleton(word: string): string {
  return word
    .replace(/ph/g, 'f')
    .replace(CONSONANT_H, '$1')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/iya/g, 'ia')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/(.)\1+/g, '$1');
}

/**
 * The rows of `typingDistance`'s table, kept between calls (grown for a longer word): a word the
 * index has not seen is compared with every vocabulary word of about its length that passes
 * `mayBeWithin`. With three new arrays a call, such a keyword cost ~80 µs in the index at 10,000
 * products, ~55 µs with the rows kept (before the letter test, which took it to ~25 µs).
 */
let rowBefore = new Int32Array(32);
let rowPrevious = new Int32Array(32);
let rowCurrent = new Int32Array(32);

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps) when
 * it is at most `max`, else `max + 1`: `padlok`→`padlock` 1, `chpis`→`chips` 1.
 */
export function typingDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  if (rowBefore.length <= n) {
    rowBefore = new Int32Array(2 * (n + 1));
    rowPrevious = new Int32Array(2 * (n + 1));
    rowCurrent = new Int32Array(2 * (n + 1));
  }
  let before = rowBefore;
  let previous = rowPrevious;
  let current = rowCurrent;
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a.charCodeAt(i - 1);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        d = Math.min(d, (before[j - 2] as number) + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const spare = before;
    before = previous;
    previous = current;
    current = spare;
  }
  const distance = previous[n] as number;
  return distance > max ? max + 1 : distance;
}

/**
 * The letters of `word` as bits: a–z one each; any other character shares a bit by its code
 * (a shared bit only makes `mayBeWithin` let more words through).
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

function bitCount(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * Whether two words with these letter masks can be within `max` of each other by
 * `typingDistance`, a test that costs a few instructions: each edit removes at most one letter
 * that one word has and the other lacks (a deletion or a substitution; insertions and swaps add
 * none), so a word with more than `max` letters the other lacks is further away. A false answer
 * is certain; a true one still needs `typingDistance`.
 */
export function mayBeWithin(maskA: number, maskB: number, max: number): boolean {
  return bitCount(maskA & ~maskB) <= max && bitCount(maskB & ~maskA) <= max;
}

/** Whether the letters of `typed` appear in order in `word`, starting with the same letter (`pnut` → peanut). */
export function isSubsequence(typed: string, word: string): boolean {
  if (typed[0] !== word[0]) return false;
  let i = 1;
  for (let j = 1; j < word.length && i < typed.length; j++) if (word[j] === typed[i]) i++;
  return i === typed.length;
}
