import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvFile, csvRow } from './csv-file.ts';

describe('CSV files the back office downloads', () => {
  it('CSV injection: a cell starting with = + - @ is prefixed with an apostrophe', () => {
    expect(csvRow(['=SUM(A1)', '+1', '@x', "-1+1+cmd|' /C calc'!A0", '-x'])).toBe(
      "'=SUM(A1),'+1,'@x,'-1+1+cmd|' /C calc'!A0,'-x\r\n",
    );
  });

  it('a cell that is only a number keeps its text, sign and all', () => {
    expect(csvRow(['-12.50', '-3', 7, -4, '12'])).toBe('-12.50,-3,7,-4,12\r\n');
  });

  it('quotes a cell with a comma, quote or line break (RFC 4180)', () => {
    expect(csvRow(['a,b', 'say "hi"', 'two\nlines', null, undefined, true])).toBe(
      '"a,b","say ""hi""","two\nlines",,,true\r\n',
    );
  });

  it('starts a file with the byte order mark Excel needs for ₹', () => {
    expect(csvFile(['a'], [['₹1']])).toBe(`${CSV_BOM}a\r\n₹1\r\n`);
  });
});
