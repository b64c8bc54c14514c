/**
 * Devanagari (Hindi, Marathi) written in Latin letters the way shop names are spelt in web
 * addresses: "काजू कतली" → "kaju katali", "नमकीन" → "namakin". Long and short vowels are one
 * letter (kaju, not kaaju), a word's last consonant drops its inherent a; the inherent a inside a
 * word stays (katali, not katli) — a readable address, not a scholarly transliteration. Other
 * characters pass through unchanged.
 */

const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऍ: 'e',
  ऑ: 'o',
};
const VOWEL_SIGNS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'i',
  'ु': 'u',
  'ू': 'u',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॅ': 'e',
  'ॉ': 'o',
};
const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/** Consonants with a nukta (the dot below), as Unicode decomposes them: base letter, then ़. */
const WITH_NUKTA: Record<string, string> = {
  क: 'q',
  ख: 'kh',
  ग: 'gh',
  ज: 'z',
  ड: 'r',
  ढ: 'rh',
  फ: 'f',
  य: 'y',
};
const MARKS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h', '।': ' ', '॥': ' ' };
const VIRAMA = '्';
const NUKTA = '़';
const DIGIT_ZERO = 0x0966;

export function devanagariToLatin(text: string): string {
  // Decomposed, every nukta letter is its base letter and the nukta (ज़ → ज + ़).
  const chars = [...text.normalize('NFD')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      const nukta = chars[i + 1] === NUKTA;
      if (nukta) i++;
      const next = chars[i + 1] ?? '';
      // The inherent a: not before a vowel sign or a virama, nor at the end of a word.
      // A consonant, a nasal mark, a visarga or a vowel letter (जई: jai) continues the word.
      const endsWord = !(CONSONANTS[next] || VOWELS[next] || MARKS[next] === 'n' || next === 'ः');
      const silent = VOWEL_SIGNS[next] !== undefined || next === VIRAMA || endsWord;
      out += (nukta ? (WITH_NUKTA[c] ?? consonant) : consonant) + (silent ? '' : 'a');
      continue;
    }
    const code = c.codePointAt(0) ?? 0;
    if (code >= DIGIT_ZERO && code <= DIGIT_ZERO + 9) out += String(code - DIGIT_ZERO);
    else if (c !== VIRAMA && c !== NUKTA) out += VOWELS[c] ?? VOWEL_SIGNS[c] ?? MARKS[c] ?? c;
  }
  return out;
}
