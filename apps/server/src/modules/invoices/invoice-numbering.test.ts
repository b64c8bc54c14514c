import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from './amount-in-words.ts';
import { documentDate, documentNumber, financialYearOf } from './invoice-numbering.ts';

describe('invoice numbers and dates', () => {
  it('counts financial years from 1 April, Indian time', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST, 31 March
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // 00:00 IST, 1 April
    expect(financialYearOf(new Date('2026-11-25T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
    expect(documentDate(new Date('2027-03-31T18:30:00Z'))).toBe('01-04-2027');
  });

  it('numbers are at most 16 characters of letters, digits and /', () => {
    expect(documentNumber('INV', '2026-27', 1)).toBe('INV/2627/000001');
    expect(documentNumber('CRN', '2026-27', 42)).toBe('CRN/2627/000042');
    expect(documentNumber('INV', '2026-27', 9_999_999)).toBe('INV/2627/9999999');
    for (const n of [1, 999_999, 1_000_000, 9_999_999])
      expect(documentNumber('INV', '2026-27', n)).toMatch(/^[A-Z0-9/-]{1,16}$/);
    expect(() => documentNumber('INV', '2026-27', 10_000_000)).toThrow(RangeError);
    expect(() => documentNumber('INV', '2026-27', 0)).toThrow(RangeError);
  });

  it('writes amounts in words the Indian way (thousand, lakh, crore)', () => {
    expect(amountInWords(12_345_678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(399_050)).toBe('Rupees Three Thousand Nine Hundred Ninety and Fifty Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
    expect(numberInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine',
    );
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(10_05_000)).toBe('Ten Lakh Five Thousand');
  });
});
