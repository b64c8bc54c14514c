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
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps) when
 * it is at most `max`, else `max + 1`: `padlok`→`padlock` 1, `chpis`→`chips` 1.
 */
export function typingDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[n] ?? max + 1;
  return distance > max ? max + 1 : distance;
}

/** Whether the letters of `typed` appear in order in `word`, starting with the same letter (`pnut` → peanut). */
export function isSubsequence(typed: string, word: string): boolean {
  if (typed[0] !== word[0]) return false;
  let i = 1;
  for (let j = 1; j < word.length && i < typed.length; j++) if (word[j] === typed[i]) i++;
  return i === typed.length;
}
