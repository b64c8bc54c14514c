import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as parseFont, type Font } from 'fontkit';

/**
 * Noto Sans from @fontsource/noto-sans, embedded (subset) into every invoice PDF: the standard
 * PDF fonts cannot print ₹ or Devanagari. The package ships the font cut into Unicode subsets
 * (Latin, Devanagari with ₹, Latin Extended, …); each piece of text is set in the subset that
 * holds its characters, so a Hindi name, an English description and a rupee amount print side by
 * side. Devanagari is shaped (conjuncts, vowel signs) by pdfkit's font engine.
 */

const require = createRequire(import.meta.url);

/** Subsets in order of preference: a character goes to the first one that has it. */
const SUBSETS = [
  'latin',
  'devanagari',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
] as const;
type Subset = (typeof SUBSETS)[number];
export type FontWeight = 400 | 700;

type Range = readonly [number, number];
let rangesCache: Map<Subset, Range[]> | undefined;

function ranges(): Map<Subset, Range[]> {
  if (rangesCache) return rangesCache;
  const table = JSON.parse(
    readFileSync(require.resolve('@fontsource/noto-sans/unicode.json'), 'utf8'),
  ) as Record<string, string>;
  rangesCache = new Map(
    SUBSETS.map((subset) => [
      subset,
      (table[subset] ?? '').split(',').map((part): Range => {
        const [from = '0', to] = part.trim().replace(/^U\+/i, '').split('-');
        return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
      }),
    ]),
  );
  return rangesCache;
}

function subsetOf(codePoint: number): Subset {
  for (const [subset, list] of ranges())
    if (list.some(([from, to]) => codePoint >= from && codePoint <= to)) return subset;
  return 'latin';
}

/** Joiners and the dotted circle belong to the script around them. */
const INHERITS = new Set([0x200c, 0x200d, 0x25cc]);

export interface TextRun {
  text: string;
  font: string;
}

/** Splits text into runs of one font each (`noto-<subset>-<weight>`). */
export function fontRuns(text: string, weight: FontWeight): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    const font = INHERITS.has(codePoint) && last ? last.font : `noto-${subsetOf(codePoint)}-${weight}`;
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

const fontCache = new Map<string, Font>();

/**
 * Every font of every subset and weight, by the names fontRuns uses, to register with pdfkit.
 * Each is parsed once per process and shared by all documents: parsing the Devanagari font and
 * building its shaping tables costs far more than drawing an invoice.
 */
export function fontFiles(): Array<{ name: string; font: Font }> {
  return SUBSETS.flatMap((subset) =>
    ([400, 700] as const).map((weight) => {
      const name = `noto-${subset}-${weight}`;
      let font = fontCache.get(name);
      if (!font) {
        const file = require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);
        font = parseFont(readFileSync(file));
        fontCache.set(name, font);
      }
      return { name, font };
    }),
  );
}
