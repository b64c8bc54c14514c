import { describe, expect, it } from 'vitest';
import { sanitizeInlineHtml } from './inline-html.ts';

describe('sanitizeInlineHtml (copyright message may contain HTML, sanitised before rendering)', () => {
  it('keeps simple inline tags, entities and safe links', () => {
    expect(
      sanitizeInlineHtml('&copy; 2026 <strong>Kesar</strong> <a href="https://kesar.example/">site</a>'),
    ).toBe(
      '&copy; 2026 <strong>Kesar</strong> <a href="https://kesar.example/" target="_blank" rel="noopener noreferrer">site</a>',
    );
    expect(sanitizeInlineHtml('<a href="/page/about-us">About</a><br/>x')).toBe(
      '<a href="/page/about-us">About</a><br>x',
    );
  });

  it('drops scripts with their content, event handlers and block tags', () => {
    expect(sanitizeInlineHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeInlineHtml('<b onclick="alert(1)">x</b>')).toBe('<b>x</b>');
    expect(sanitizeInlineHtml('<div><img src=x onerror=alert(1)>hi</div>')).toBe('hi');
  });

  it('removes javascript: and protocol-relative links, even when obfuscated', () => {
    expect(sanitizeInlineHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeInlineHtml('<a href="java&#x0A;script:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeInlineHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
  });

  it('escapes stray angle brackets and bare ampersands', () => {
    expect(sanitizeInlineHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});
