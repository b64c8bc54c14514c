import { describe, expect, it } from 'vitest';
import { slugify } from './admin/catalogue.ts';
import { devanagariToLatin } from './devanagari-latin.ts';

describe('Devanagari in Latin letters, for web addresses', () => {
  it('spells Hindi names as shops do: one letter a vowel, no final a, digits as digits', () => {
    expect(devanagariToLatin('काजू कतली')).toBe('kaju katali');
    expect(devanagariToLatin('बेसन लड्डू')).toBe('besan laddu');
    expect(devanagariToLatin('मूंग दाल')).toBe('mung dal');
    expect(devanagariToLatin('कंगन')).toBe('kangan');
    // Before a vowel letter or a visarga the consonant keeps its a.
    expect(devanagariToLatin('नई दिल्ली')).toBe('nai dilli');
    expect(devanagariToLatin('जई')).toBe('jai');
    expect(devanagariToLatin('अतः')).toBe('atah');
    expect(devanagariToLatin('पीतल का ताला ५० मिमी')).toBe('pital ka tala 50 mimi');
  });

  it('reads a nukta letter the same composed or not (ज़ीरा → zira)', () => {
    expect(devanagariToLatin('ज़ीरा'.normalize('NFC'))).toBe('zira');
    expect(devanagariToLatin('ज़ीरा'.normalize('NFD'))).toBe('zira');
    expect(devanagariToLatin('फ़ालूदा')).toBe('faluda');
  });

  it('gives a Devanagari-only product name a readable slug; a name with Latin letters keeps its own', () => {
    expect(slugify('काजू कतली')).toBe('kaju-katali');
    expect(slugify('पीतल का ताला (५० मिमी)')).toBe('pital-ka-tala-50-mimi');
    expect(slugify('Kaju Katli काजू कतली')).toBe('kaju-katli');
    // Latin digits are no Latin name: the Devanagari words still count.
    expect(slugify('बेसन लड्डू 500 ग्राम')).toBe('besan-laddu-500-gram');
    expect(slugify('🙂🙂')).toBe('item');
  });
});
