import sanitizeHtml from 'sanitize-html';

/**
 * HTML from the database is cleaned on the server before any client sees it (product rules §10), so the
 * storefront may render it as HTML. There is no admin in this repository, but the rows may be
 * edited by hand or imported, and one stored script would run for every visitor.
 */

const linkAttributes = ['href', 'title', 'target', 'rel'];

/** Rich content of pages: headings, paragraphs, lists, links, images, tables, emphasis. */
const pagePolicy: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: linkAttributes,
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab must not hand the shop's window to the other site.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Short texts of settings and content blocks (copyright line, address): inline markup only. */
const inlinePolicy: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'strong', 'b', 'em', 'i', 'u', 'small', 'span', 'br', 'p', 'ul', 'ol', 'li'],
  allowedAttributes: { a: linkAttributes },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: pagePolicy.transformTags ?? {},
};

/**
 * Cleans page HTML. Text such as the `[youtube id=X]` tag is kept as it is; the storefront
 * replaces it with an embedded player.
 */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, pagePolicy);
}

/**
 * Cleans a setting or content value that carries markup. Plain values (URLs, numbers, names
 * with '&') are returned untouched so that no entity escaping changes them.
 */
export function sanitizeInlineValue(value: string): string {
  return value.includes('<') ? sanitizeHtml(value, inlinePolicy) : value;
}

/** Like sanitizeInlineValue, with the page rules (content blocks may hold paragraphs and lists). */
export function sanitizeRichValue(value: string): string {
  return value.includes('<') ? sanitizeHtml(value, pagePolicy) : value;
}
