/**
 * A product's description is HTML: the back office's rich-text editor writes it and the server
 * sanitises it on every write (the editor, the CSV import). Demo and imported plain-text
 * descriptions are HTML too — text without tags — and keep their line breaks because the
 * storefront shows descriptions with `white-space: pre-line`.
 *
 * Pages render it as HTML; meta tags, JSON-LD and the product modal's short text need it as
 * plain text: `descriptionText`.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rupee: '₹',
};

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return ENTITIES[name.toLowerCase()] ?? entity;
}

/** The description's words without markup: block ends and line breaks become spaces; whitespace collapses. */
export function descriptionText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|li|ul|ol|h[1-6]|blockquote|br|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}
