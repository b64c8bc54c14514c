import { describe, expect, it } from 'vitest';
import { descriptionText } from './product-description.ts';

describe('product description as plain text (meta tags, JSON-LD)', () => {
  it('drops the markup the rich-text editor writes and keeps the words apart', () => {
    expect(
      descriptionText('<p>Roasted <strong>cashews</strong></p><ul><li>200 g</li><li>Jar</li></ul>'),
    ).toBe('Roasted cashews 200 g Jar');
  });

  it('decodes entities, named and numeric', () => {
    expect(descriptionText('<p>Salt &amp; pepper &#8377;99 &#x20B9;1 &rsquo;n&nbsp;more</p>')).toBe(
      'Salt & pepper ₹99 ₹1 ’n more',
    );
  });

  it('leaves plain text as it is, newlines collapsed', () => {
    expect(descriptionText('Two\nlines  and   spaces')).toBe('Two lines and spaces');
  });

  it('an empty editor is no description', () => {
    expect(descriptionText('<p></p>')).toBe('');
  });

  it('never lets a script through as text', () => {
    expect(descriptionText('<p>Good</p><script>alert(1)</script>')).toBe('Good');
  });
});
